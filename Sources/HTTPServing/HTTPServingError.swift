/// What went wrong starting the server.
public enum HTTPServingError: Error, Sendable, Equatable {
  /// The host is not an IPv4 or IPv6 address (nor `localhost`).
  case unknownAddress(String)
  /// A limit out of its range: which, and the value.
  case badLimit(String, Int)
  /// The daemon did not start on that address and port (taken, not ours, not permitted).
  case cannotListen(host: String, port: Int)
}

extension HTTPServingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unknownAddress(let host): "'\(host)' is not an IP address (give one such as 127.0.0.1 or ::1, or localhost)"
    case .badLimit(let name, let value): "the server limit \(name) cannot be \(value)"
    case .cannotListen(let host, let port):
      "cannot listen on \(host.contains(":") ? "[\(host)]" : host):\(port) (the port may be taken, or not permitted)"
    }
  }
}
