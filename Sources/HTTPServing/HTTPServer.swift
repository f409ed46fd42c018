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
/// Threading: libmicrohttpd's own threads (a pool of `limits.threads`, with its polling)
/// accept, read and write; the handler runs on them, several at once, so it must be
/// `Sendable`. Every method may be called from any thread. `stop()` stops accepting, lets the
/// requests being answered finish, then closes every connection.
public final class HTTPServer: @unchecked Sendable {
  public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

  public let address: ListenAddress
  /// The port listened on (the one the system chose when 0 was asked for).
  public let port: Int
  private let state: ServerState
  private let lock = NSLock()
  private var daemon: OpaquePointer?

  /// Starts listening on `address` and `port` (0: any free port); each request served is
  /// told to `log` once its answer is queued.
  public init(
    address: ListenAddress, port: Int, limits: HTTPServerLimits = HTTPServerLimits(),
    log: @escaping @Sendable (AccessLogEntry) -> Void = { _ in }, handler: @escaping Handler
  ) throws(HTTPServingError) {
    guard let portNumber = UInt16(exactly: port) else { throw .badLimit("port", port) }
    let limitValues = try Self.cLimits(limits)
    self.address = address
    let state = ServerState(handler: handler, log: log, limits: limits)
    self.state = state
    var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue | MHD_USE_ITC.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    let context = Unmanaged.passUnretained(state).toOpaque()
    let started = address.withSocketAddress(port: portNumber) { socketAddress in
      duokb_mhd_start(UInt32(flags), socketAddress, limitValues, accessHandler, context, requestCompleted, context)
    }
    guard let started else { throw .cannotListen(host: address.host, port: port) }
    daemon = started
    self.port = Int(duokb_mhd_bound_port(started))
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
    return duokb_mhd_limits(
      connection_limit: try positive("maximumConnections", limits.maximumConnections, atMost: 10_000),
      connection_timeout_seconds: try positive("idleTimeoutSeconds", limits.idleTimeoutSeconds, atMost: 86_400),
      thread_pool_size: try positive("threads", limits.threads, atMost: 256),
      // Headers of one request: 64 KiB (libmicrohttpd answers 431 or 414 beyond it).
      connection_memory_limit: 64 * 1024,
      per_ip_connection_limit: try positive(
        "maximumConnectionsPerAddress", limits.maximumConnectionsPerAddress, atMost: 10_000))
  }
}

/// What the C callbacks reach through their context pointer: the handler, the log, the
/// limits and a count of requests in progress (guarded by its lock).
final class ServerState: @unchecked Sendable {
  let handler: HTTPServer.Handler
  let log: @Sendable (AccessLogEntry) -> Void
  let limits: HTTPServerLimits
  private let lock = NSLock()
  private var inFlight = 0

  init(
    handler: @escaping HTTPServer.Handler, log: @escaping @Sendable (AccessLogEntry) -> Void, limits: HTTPServerLimits
  ) {
    self.handler = handler
    self.log = log
    self.limits = limits
  }

  var requestsInFlight: Int { lock.withLock { inFlight } }
  func began() { lock.withLock { inFlight += 1 } }
  func ended() { lock.withLock { inFlight -= 1 } }
}

/// One request while its body arrives (libmicrohttpd calls the handler once for the head,
/// once per piece of body, and once more when the body is complete).
final class PendingRequest {
  let started = DispatchTime.now()
  var body: [UInt8] = []
  var isOversized = false
  var hasResponded = false

  var elapsedMilliseconds: Int {
    Int((DispatchTime.now().uptimeNanoseconds &- started.uptimeNanoseconds) / 1_000_000)
  }
}

private func accessHandler(
  context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
  method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
  uploadDataSize: UnsafeMutablePointer<Int>?, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let context, let connection, let url, let method, let uploadDataSize, let requestContext else {
    return MHD_Result.NO
  }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  guard let pointer = requestContext.pointee else {
    // The head has arrived.
    let pending = PendingRequest()
    requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
    state.began()
    if let length = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length"),
      let declared = Int(String(cString: length)), declared > state.limits.maximumBodyBytes
    {
      return respond(tooLarge(state.limits), to: connection, state: state, pending: pending, url: url, method: method)
    }
    return MHD_Result.YES
  }
  let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeUnretainedValue()
  if uploadDataSize.pointee > 0 {
    let size = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    guard !pending.hasResponded else { return MHD_Result.YES }
    guard pending.elapsedMilliseconds <= state.limits.requestTimeoutSeconds * 1000 else { return MHD_Result.NO }
    if pending.body.count + size > state.limits.maximumBodyBytes {
      pending.isOversized = true
      pending.body = []
    } else if let uploadData, !pending.isOversized {
      pending.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
    }
    return MHD_Result.YES
  }
  guard !pending.hasResponded else { return MHD_Result.YES }
  if pending.isOversized {
    return respond(tooLarge(state.limits), to: connection, state: state, pending: pending, url: url, method: method)
  }
  let request = ServerRequest(
    method: String(cString: method), path: String(cString: url),
    query: values(connection, MHD_ValueKind.GET_ARGUMENT_KIND),
    headers: headerFields(connection), body: pending.body, clientAddress: clientAddress(connection))
  pending.body = []
  return respond(state.handler(request), to: connection, state: state, pending: pending, url: url, method: method)
}

private func requestCompleted(
  context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
  requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  reason: MHD_RequestTerminationCode
) {
  guard let context, let requestContext, let pointer = requestContext.pointee else { return }
  Unmanaged<PendingRequest>.fromOpaque(pointer).release()
  requestContext.pointee = nil
  Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue().ended()
}

private func tooLarge(_ limits: HTTPServerLimits) -> ServerResponse {
  ServerResponse(
    status: 413, contentType: "text/plain; charset=utf-8",
    text: "The request body is larger than this server reads (\(limits.maximumBodyBytes) bytes).\n",
    headers: [("Connection", "close")])
}

private func respond(
  _ response: ServerResponse, to connection: OpaquePointer, state: ServerState, pending: PendingRequest,
  url: UnsafePointer<CChar>, method: UnsafePointer<CChar>
) -> MHD_Result {
  pending.hasResponded = true
  var body = response.body
  if body.isEmpty { body = [0] }
  let made = body.withUnsafeMutableBytes { buffer in
    MHD_create_response_from_buffer(response.body.count, buffer.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
  }
  guard let made else { return MHD_Result.NO }
  defer { MHD_destroy_response(made) }
  for field in response.headers { _ = MHD_add_response_header(made, field.name, field.value) }
  guard let status = UInt32(exactly: response.status) else { return MHD_Result.NO }
  let result = MHD_queue_response(connection, status, made)
  var target = String(cString: url)
  let query = values(connection, MHD_ValueKind.GET_ARGUMENT_KIND)
  if !query.isEmpty {
    target += "?" + query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
  }
  state.log(
    AccessLogEntry(
      clientAddress: clientAddress(connection) ?? "-", method: String(cString: method), target: target,
      status: response.status, bodyBytes: response.body.count, milliseconds: pending.elapsedMilliseconds))
  return result
}

/// Collects name and value pairs from libmicrohttpd's iterator.
private final class PairCollector {
  var pairs: [(name: String, value: String)] = []
}

private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
  let collector = PairCollector()
  let pointer = Unmanaged.passUnretained(collector).toOpaque()
  _ = MHD_get_connection_values(
    connection, kind,
    { context, _, key, value in
      guard let context, let key else { return MHD_Result.YES }
      let collector = Unmanaged<PairCollector>.fromOpaque(context).takeUnretainedValue()
      collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
      return MHD_Result.YES
    }, pointer)
  return withExtendedLifetime(collector) { collector.pairs }
}

private func headerFields(_ connection: OpaquePointer) -> [String: String] {
  var fields: [String: String] = [:]
  for (name, value) in values(connection, MHD_ValueKind.HEADER_KIND) {
    let key = name.lowercased()
    fields[key] = fields[key].map { "\($0), \(value)" } ?? value
  }
  return fields
}

private func clientAddress(_ connection: OpaquePointer) -> String? {
  duokb_mhd_client_address(connection).flatMap(ListenAddress.text(of:))
}
