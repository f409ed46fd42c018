import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 server over libmicrohttpd that hands each request, read in full, to one
/// handler and sends back what it answers. It knows nothing of what it serves.
///
/// Threading: libmicrohttpd gives each connection its own thread, so that a slow client,
/// or a long answer being computed, holds up only its own connection; at most
/// `limits.threads` handlers run at once, the others wait their turn. The handler runs on
/// those threads, several at once, so it must be `Sendable`. Every method may be called
/// from any thread. `stop()` stops accepting, lets the requests being answered finish, then
/// closes every connection.
public final class HTTPServer: @unchecked Sendable {
  public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

  public let address: ListenAddress
  /// The port listened on (the one the system chose when 0 was asked for).
  public let port: Int
  private let state: ServerState
  private let lock = NSLock()
  private var daemon: OpaquePointer?

  /// Starts listening on `address` and `port` (0: any free port); each request is told to
  /// `log` once it has ended: its answer sent whole, or its connection cut.
  public init(
    address: ListenAddress, port: Int, limits: HTTPServerLimits = HTTPServerLimits(),
    log: @escaping @Sendable (AccessLogEntry) -> Void = { _ in }, handler: @escaping Handler
  ) throws(HTTPServingError) {
    guard let portNumber = UInt16(exactly: port) else { throw .badLimit("port", port) }
    let limitValues = try Self.cLimits(limits)
    self.address = address
    let state = ServerState(handler: handler, log: log, limits: limits)
    self.state = state
    var flags =
      MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue
      | MHD_USE_ITC.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    let callbacks = duokb_mhd_callbacks(
      handler: accessHandler, completed: requestCompleted, connection: connectionNotified,
      target_received: targetReceived,
      context: Unmanaged.passUnretained(state).toOpaque())
    let started = address.withSocketAddress(port: portNumber) { socketAddress in
      duokb_mhd_start(UInt32(flags), socketAddress, limitValues, callbacks)
    }
    guard let started else { throw .cannotListen(host: address.host, port: port) }
    daemon = started
    self.port = Int(duokb_mhd_bound_port(started))
    state.connections.startSweeping()
  }

  deinit { stop() }

  /// Stops accepting, waits (at most the request time limit) for the requests being answered,
  /// then closes every connection. Safe to call twice.
  public func stop() {
    let taken: OpaquePointer? = lock.withLock {
      defer { daemon = nil }
      return daemon
    }
    guard let taken else { return }
    let listener = MHD_quiesce_daemon(taken)
    let deadline = Date().addingTimeInterval(TimeInterval(state.limits.requestTimeoutSeconds))
    while state.requestsInFlight > 0, Date() < deadline { usleep(10_000) }
    state.connections.stopSweeping()
    MHD_stop_daemon(taken)
    if listener >= 0 { close(listener) }
  }

  static func cLimits(_ limits: HTTPServerLimits) throws(HTTPServingError) -> duokb_mhd_limits {
    func positive(_ name: String, _ value: Int, atMost maximum: Int) throws(HTTPServingError) -> UInt32 {
      guard value > 0, value <= maximum, let converted = UInt32(exactly: value) else { throw .badLimit(name, value) }
      return converted
    }
    guard limits.maximumBodyBytes >= 0 else { throw .badLimit("maximumBodyBytes", limits.maximumBodyBytes) }
    _ = try positive("requestTimeoutSeconds", limits.requestTimeoutSeconds, atMost: 86_400)
    _ = try positive("headTimeoutSeconds", limits.headTimeoutSeconds, atMost: 86_400)
    _ = try positive("threads", limits.threads, atMost: 256)
    _ = try positive("maximumQueryArguments", limits.maximumQueryArguments, atMost: 100_000)
    let connections = try positive("maximumConnections", limits.maximumConnections, atMost: 10_000)
    return duokb_mhd_limits(
      // A few more than served, to be answered 503 rather than left waiting.
      connection_limit: connections + UInt32(HTTPServerLimits.overflowConnections),
      connection_timeout_seconds: try positive("idleTimeoutSeconds", limits.idleTimeoutSeconds, atMost: 86_400),
      // Head of one request: 64 KiB (libmicrohttpd answers 431 or 414 beyond it).
      connection_memory_limit: 64 * 1024,
      per_ip_connection_limit: try positive(
        "maximumConnectionsPerAddress", limits.maximumConnectionsPerAddress, atMost: 10_000))
  }
}

/// What the C callbacks reach through their context pointer: the handler, the log, the
/// limits, the open connections, and a count of requests in progress (guarded by its lock).
final class ServerState: @unchecked Sendable {
  let handler: HTTPServer.Handler
  let log: @Sendable (AccessLogEntry) -> Void
  let limits: HTTPServerLimits
  let connections: ConnectionRegistry
  /// Handlers running at once: `limits.threads`.
  let answering: DispatchSemaphore
  private let lock = NSLock()
  private var inFlight = 0

  init(
    handler: @escaping HTTPServer.Handler, log: @escaping @Sendable (AccessLogEntry) -> Void, limits: HTTPServerLimits
  ) {
    self.handler = handler
    self.log = log
    self.limits = limits
    connections = ConnectionRegistry(headTimeoutSeconds: limits.headTimeoutSeconds)
    answering = DispatchSemaphore(value: limits.threads)
  }

  var requestsInFlight: Int { lock.withLock { inFlight } }
  func began() { lock.withLock { inFlight += 1 } }
  func ended() { lock.withLock { inFlight -= 1 } }

  /// The handler's answer, when a turn is free.
  func answer(_ request: ServerRequest) -> ServerResponse {
    answering.wait()
    defer { answering.signal() }
    return handler(request)
  }
}
