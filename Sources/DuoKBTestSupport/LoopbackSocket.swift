import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over BSD sockets for the loopback server (Glibc or Darwin).
enum LoopbackSocket {
  /// A listening socket on 127.0.0.1 and a port the system picks; returns (fd, port).
  static func listen() throws(LoopbackServerError) -> (Int32, Int) {
    let (fd, port) = try bind(reusingAddress: true)
    guard systemListen(fd, 512) == 0 else {
      let code = errno
      close(fd)
      throw LoopbackServerError(call: "listen", code: code)
    }
    return (fd, port)
  }

  /// A socket bound to 127.0.0.1 and a port the system picks, not listening; returns
  /// (fd, port). `reusingAddress` lets a later server bind a port in TIME_WAIT.
  static func bind(reusingAddress: Bool = false) throws(LoopbackServerError) -> (Int32, Int) {
    #if canImport(Darwin)
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { throw LoopbackServerError(call: "socket", code: errno) }
    if reusingAddress {
      var yes: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = loopbackAddress(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw LoopbackServerError(call: "bind", code: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port`.
  static func connects(port: Int) -> Bool {
    #if canImport(Darwin)
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = loopbackAddress(port: port)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  static func loopbackAddress(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    return address
  }

  /// Waits up to `milliseconds` for `fd` to be readable.
  static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  static func accept(_ fd: Int32) -> Int32? {
    let client = systemAccept(fd, nil, nil)
    guard client >= 0 else { return nil }
    #if canImport(Darwin)
      var yes: Int32 = 1
      _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return client
  }

  /// Reads what is there (up to 64 KiB); nil at end of stream or on error.
  static func receive(_ fd: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Array(buffer[0..<count])
  }

  /// Writes all of `bytes`; false when the peer is gone.
  static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.send(fd, buffer.baseAddress, buffer.count, 0)
        #else
          systemSend(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  static func shutdownBoth(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RDWR)) }
  static func closeSocket(_ fd: Int32) { _ = close(fd) }
}

// Module-qualified names that read the same on both platforms.
#if canImport(Darwin)
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
  private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Darwin.bind(fd, address, length)
  }
  private func systemAccept(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
  ) -> Int32 { Darwin.accept(fd, address, length) }
#else
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
  private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.bind(fd, address, length)
  }
  private func systemAccept(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
  ) -> Int32 { Glibc.accept(fd, address, length) }
  private func systemSend(
    _ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32
  ) -> Int { Glibc.send(fd, buffer, count, flags) }
#endif

/// A socket call that failed while starting a loopback server.
public struct LoopbackServerError: Error, CustomStringConvertible {
  public let call: String
  public let code: Int32
  public var description: String { "loopback server: \(call) failed: \(String(cString: strerror(code)))" }
}
