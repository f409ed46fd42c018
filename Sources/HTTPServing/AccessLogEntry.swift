/// One request served, for the access log: who asked what, the answer's status and size,
/// and how long it took.
public struct AccessLogEntry: Sendable, Equatable {
  public var clientAddress: String
  public var method: String
  /// The path and query as received.
  public var target: String
  public var status: Int
  public var bodyBytes: Int
  public var milliseconds: Int

  /// One line: `127.0.0.1 "GET /api/search?q=x" 200 1234 B 3 ms`.
  public var line: String {
    let printable = target.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" ? "?" : String($0) }
    return "\(clientAddress) \"\(method) \(printable.joined())\" \(status) \(bodyBytes) B \(milliseconds) ms"
  }
}
