#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A port of 127.0.0.1 that refuses every connection: a socket bound to it that never
/// listens. Unlike a stopped server's port, it stays reserved while the value lives, so no
/// other test's server can be given it meanwhile.
public final class RefusingPort: @unchecked Sendable {
  public let port: Int
  private let descriptor: Int32

  public init() throws(LoopbackServerError) {
    (descriptor, port) = try LoopbackSocket.bind()
  }

  deinit { LoopbackSocket.closeSocket(descriptor) }

  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)" + path }
}
