import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The numeric address a server listens on: IPv4 or IPv6 (`localhost` reads as 127.0.0.1;
/// no other name is looked up, so that the address bound is the one asked for).
public struct ListenAddress: Sendable, Equatable {
  public let host: String
  public let isIPv6: Bool
  /// The address's bytes: 4 for IPv4, 16 for IPv6.
  let bytes: [UInt8]

  public init(host: String) throws(HTTPServingError) {
    let numeric = host == "localhost" ? "127.0.0.1" : host
    var v4 = in_addr()
    var v6 = in6_addr()
    if inet_pton(AF_INET, numeric, &v4) == 1 {
      self.host = numeric
      isIPv6 = false
      bytes = withUnsafeBytes(of: &v4) { Array($0) }
    } else if inet_pton(AF_INET6, numeric, &v6) == 1 {
      self.host = numeric
      isIPv6 = true
      bytes = withUnsafeBytes(of: &v6) { Array($0) }
    } else {
      throw .unknownAddress(host)
    }
  }

  /// Whether only this machine can reach it: 127.0.0.0/8 or ::1.
  public var isLoopback: Bool {
    isIPv6 ? bytes == Array(repeating: 0, count: 15) + [1] : bytes[0] == 127
  }

  /// `host:port`, with an IPv6 host in brackets (RFC 3986 §3.2.2).
  public func authority(port: Int) -> String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// Calls `body` with the socket address of this host and `port`.
  func withSocketAddress<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
      #if canImport(Darwin)
        address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
      return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
  }

  /// The numeric text of a peer's socket address.
  static func text(of address: UnsafePointer<sockaddr>) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
        var value = pointer.pointee.sin_addr
        return inet_ntop(AF_INET, &value, &buffer, socklen_t(buffer.count)).map { String(cString: $0) }
      }
    case AF_INET6:
      return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
        var value = pointer.pointee.sin6_addr
        return inet_ntop(AF_INET6, &value, &buffer, socklen_t(buffer.count)).map { String(cString: $0) }
      }
    default:
      return nil
    }
  }
}
