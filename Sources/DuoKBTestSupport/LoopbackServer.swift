import Foundation

/// An HTTP/1.1 server on 127.0.0.1 for tests: routes from path to canned responses,
/// keep-alive, one thread per connection; records every request.
///
/// Threading: one thread accepts, one thread serves each connection; the routes are
/// immutable, and the records are guarded by a lock, so every method may be called from
/// any thread. `stop()` (or dropping the server) closes the listener and every connection;
/// the threads notice within a poll interval and end.
public final class LoopbackServer: @unchecked Sendable {
  public let port: Int
  private let listener: Int32
  private var routes: [String: LoopbackResponse]
  private var fallback: LoopbackResponse

  private let lock = NSLock()
  private var isStopped = false
  private var openConnections: Set<Int32> = []
  private var recorded: [LoopbackRequest] = []
  private var countsByPath: [String: Int] = [:]
  /// Requests per path since the start, for `.sequence` and `.faults`; never reset.
  private var hitsByPath: [String: Int] = [:]
  private var acceptedConnections = 0

  /// Largest request head read; a longer one gets 431 and a close.
  static let maxHeadBytes = 64 * 1024

  /// Serves `routes` (exact paths, query ignored); other paths answer `fallback`.
  public init(
    routes: [String: LoopbackResponse] = [:],
    fallback: LoopbackResponse = .status(404, body: "not found")
  ) throws(LoopbackServerError) {
    (listener, port) = try LoopbackSocket.listen()
    self.routes = routes
    self.fallback = fallback
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "loopback.accept"
    thread.start()
  }

  deinit { stop() }

  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The absolute URL of `path` on this server.
  public func url(_ path: String) -> String { baseURL + path }

  /// Requests received for `path` (query ignored).
  public func requestCount(_ path: String) -> Int { lock.withLock { countsByPath[path, default: 0] } }

  /// Every request so far, in arrival order.
  public var requests: [LoopbackRequest] { lock.withLock { recorded } }

  public func requests(for path: String) -> [LoopbackRequest] { requests.filter { $0.path == path } }

  public var totalRequestCount: Int { lock.withLock { recorded.count } }

  /// TCP connections accepted so far.
  public var connectionCount: Int { lock.withLock { acceptedConnections } }

  /// Replaces (or adds, or with nil removes) the route of `path`, as when content changes upstream.
  public func setRoute(_ path: String, _ response: LoopbackResponse?) {
    lock.withLock { routes[path] = response }
  }

  /// Forgets the recorded requests and counts (sequences keep their place).
  public func resetRecords() {
    lock.withLock {
      recorded.removeAll()
      countsByPath.removeAll()
    }
  }

  /// Stops accepting and closes every connection. Safe to call twice.
  public func stop() {
    let connections: Set<Int32>? = lock.withLock {
      guard !isStopped else { return nil }
      isStopped = true
      defer { openConnections.removeAll() }
      return openConnections
    }
    guard let connections else { return }
    for fd in connections { LoopbackSocket.shutdownBoth(fd) }
  }

  private var stopped: Bool { lock.withLock { isStopped } }

  private func acceptLoop() {
    defer { LoopbackSocket.closeSocket(listener) }
    while !stopped {
      guard LoopbackSocket.waitReadable(listener, milliseconds: 50), let fd = LoopbackSocket.accept(listener) else {
        continue
      }
      let number: Int? = lock.withLock {
        guard !isStopped else { return nil }
        acceptedConnections += 1
        openConnections.insert(fd)
        return acceptedConnections
      }
      guard let number else {
        LoopbackSocket.closeSocket(fd)
        return
      }
      let thread = Thread { [self] in serve(fd, connectionNumber: number) }
      thread.name = "loopback.connection"
      thread.start()
    }
  }

  /// Answers requests on one connection until the client closes it or the server stops.
  private func serve(_ fd: Int32, connectionNumber: Int) {
    defer {
      lock.withLock { _ = openConnections.remove(fd) }
      LoopbackSocket.closeSocket(fd)
    }
    var buffer: [UInt8] = []
    while !stopped {
      var head = LoopbackRequestHead.parse(buffer)
      while head == nil {
        guard buffer.count <= Self.maxHeadBytes else {
          _ = LoopbackSocket.send(
            fd,
            Array("HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
          )
          return
        }
        guard !stopped else { return }
        guard LoopbackSocket.waitReadable(fd, milliseconds: 50) else { continue }
        guard let bytes = LoopbackSocket.receive(fd) else { return }
        buffer += bytes
        head = LoopbackRequestHead.parse(buffer)
      }
      guard let head else { return }
      // Request bodies are read and ignored.
      while buffer.count < head.headLength + head.contentLength {
        guard let bytes = LoopbackSocket.receive(fd) else { return }
        buffer += bytes
      }
      buffer.removeFirst(head.headLength + head.contentLength)
      let request = LoopbackRequest(
        method: head.method, target: head.target, path: head.path, headers: head.headers,
        connectionNumber: connectionNumber)
      guard respond(to: request, on: fd, wantsClose: head.wantsClose) else { return }
    }
  }

  /// Sends the answer; false when the connection must close.
  private func respond(to request: LoopbackRequest, on fd: Int32, wantsClose: Bool) -> Bool {
    let (hitIndex, route) = lock.withLock {
      recorded.append(request)
      countsByPath[request.path, default: 0] += 1
      defer { hitsByPath[request.path, default: 0] += 1 }
      return (hitsByPath[request.path, default: 0], routes[request.path] ?? fallback)
    }
    let wire = route.wire(for: request, hitIndex: hitIndex, baseURL: baseURL)
    var waited = 0
    while waited < wire.delayMilliseconds {
      guard !stopped else { return false }
      let step = min(10, wire.delayMilliseconds - waited)
      usleep(UInt32(step * 1000))  // the route's delay: slowness is what it serves
      waited += step
    }
    if wire.closesWithoutAnswer { return false }
    let closes = wantsClose || wire.closesAfter
    var text = "HTTP/1.1 \(wire.status) \(Self.reason(wire.status))\r\n"
    for (name, value) in wire.headers { text += "\(name): \(value)\r\n" }
    let mayHaveBody = wire.status != 304 && wire.status != 204
    if mayHaveBody && !wire.isUnsized { text += "Content-Length: \(wire.declaredLength ?? wire.body.count)\r\n" }
    if closes { text += "Connection: close\r\n" }
    text += "\r\n"
    var bytes = Array(text.utf8)
    if let rate = wire.dripBytesPerSecond, mayHaveBody, request.method != "HEAD" {
      guard LoopbackSocket.send(fd, bytes) else { return false }
      return drip(Array(wire.body), bytesPerSecond: rate, on: fd) && !closes
    }
    if mayHaveBody && request.method != "HEAD" { bytes += wire.body }
    guard LoopbackSocket.send(fd, bytes) else { return false }
    return !closes
  }

  /// Sends `body` a tenth of a second's worth at a time; false when the peer went away
  /// or the server stopped.
  private func drip(_ body: [UInt8], bytesPerSecond: Int, on fd: Int32) -> Bool {
    let step = max(1, bytesPerSecond / 10)
    var offset = 0
    while offset < body.count {
      guard !stopped else { return false }
      let end = min(body.count, offset + step)
      guard LoopbackSocket.send(fd, Array(body[offset..<end])) else { return false }
      offset = end
      usleep(100_000)  // the drip's pace: slowness is what it serves
    }
    return true
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

/// The head of one HTTP/1.1 request (RFC 9112 §3), parsed from the bytes read so far.
struct LoopbackRequestHead {
  var method: String
  var target: String
  var path: String
  var headers: [String: String]
  var headLength: Int
  var contentLength: Int
  var wantsClose: Bool

  /// nil until the blank line that ends the head has arrived.
  static func parse(_ buffer: [UInt8]) -> LoopbackRequestHead? {
    let terminator: [UInt8] = [13, 10, 13, 10]
    guard buffer.count >= 4,
      let end = (0...(buffer.count - 4)).first(where: { buffer[$0..<$0 + 4].elementsEqual(terminator) })
    else { return nil }
    let text = String(decoding: buffer[0..<end], as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")[...]
    let requestLine = (lines.popFirst() ?? "").split(separator: " ")
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let target = requestLine.count > 1 ? String(requestLine[1]) : "/"
    let path = String(target.prefix { $0 != "?" })
    let version = requestLine.count > 2 ? String(requestLine[2]) : "HTTP/1.0"
    let connection = headers["connection"]?.lowercased() ?? (version == "HTTP/1.1" ? "keep-alive" : "close")
    return LoopbackRequestHead(
      method: requestLine.first.map(String.init) ?? "GET", target: target, path: path, headers: headers,
      headLength: end + 4, contentLength: max(0, min(Int(headers["content-length"] ?? "") ?? 0, 1 << 20)),
      wantsClose: connection.contains("close"))
  }
}
