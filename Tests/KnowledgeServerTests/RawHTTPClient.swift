import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 response as read off the wire.
struct RawResponse {
  let status: Int
  /// Lower-cased names.
  let headers: [String: String]
  let body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }
  var json: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }
  var object: [String: Any] { json as? [String: Any] ?? [:] }
  var errorMessage: String? { (object["error"] as? [String: Any])?["message"] as? String }
}

/// A TCP connection to 127.0.0.1 that writes bytes as given and reads until the server
/// closes: enough HTTP to send what a well-behaved client would not.
final class RawConnection {
  let fd: Int32

  /// Connects from `source` (a loopback address such as 127.0.0.2; the system's choice when
  /// nil), giving up reading after `timeoutSeconds`; `receiveBuffer` shrinks the socket's
  /// receive buffer (a client that reads slowly fills it soon).
  init(port: Int, from source: String? = nil, timeoutSeconds: Int = 30, receiveBuffer: Int32? = nil) throws {
    #if canImport(Darwin)
      fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
      guard bound == 0 else {
        close(fd)
        throw POSIXError(.EADDRNOTAVAIL)
      }
    }
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard fd >= 0, connected == 0 else {
      close(fd)
      throw POSIXError(.ECONNREFUSED)
    }
    // A server that never answers must not hang the test run.
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Whether this machine lets a socket bind each of `addresses` (all of 127.0.0.0/8 is
  /// loopback on Linux; on macOS only 127.0.0.1 is, unless aliases are added).
  static func canBind(_ addresses: [String]) -> Bool {
    addresses.allSatisfy { source in
      #if canImport(Darwin)
        let probe = socket(AF_INET, SOCK_STREAM, 0)
      #else
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #endif
      defer { close(probe) }
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      return withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
    }
  }

  deinit { close(fd) }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard written > 0 else { return }
      offset += written
    }
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Everything until the server closes the connection (or 30 s pass).
  func readAll() -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += buffer[0..<count]
    }
    return received
  }

  func response() -> RawResponse? { RawResponse(parsing: readAll()) }

  /// Whether the server sends anything (or closes) within the time given.
  func isReadable(withinMilliseconds milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }
}

extension RawResponse {
  init?(parsing bytes: [UInt8]) {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
      return nil
    }
    let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    self.init(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
  }
}

/// Requests to a server on 127.0.0.1, one connection each.
struct RawHTTPClient {
  let port: Int

  func request(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
  ) throws -> RawResponse {
    let connection = try RawConnection(port: port)
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    connection.send(head + "\r\n")
    connection.send(body)
    guard let response = connection.response() else { throw POSIXError(.EBADMSG) }
    return response
  }

  /// A GET from `source` that must be answered within `timeoutSeconds`.
  func get(_ target: String, from source: String?, timeoutSeconds: Int) throws -> RawResponse {
    let connection = try RawConnection(port: port, from: source, timeoutSeconds: timeoutSeconds)
    connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    guard let response = connection.response() else { throw POSIXError(.ETIMEDOUT) }
    return response
  }

  func get(_ target: String, headers: [(String, String)] = []) throws -> RawResponse {
    try request("GET", target, headers: headers)
  }

  func post(_ target: String, contentType: String, _ text: String, headers: [(String, String)] = []) throws
    -> RawResponse
  {
    try request("POST", target, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
  }
}
