/// One request served, for the access log: who asked what, the answer's status and size,
/// how long it took, and whether the answer reached the client whole.
public struct AccessLogEntry: Sendable, Equatable {
  /// How a request ended.
  public enum Outcome: Sendable, Equatable {
    /// The answer was sent whole.
    case sent
    /// The connection ended first: the answer was cut short, or never begun (why, in words).
    case cut(String)
  }

  public var clientAddress: String
  public var method: String
  /// The path and query as received.
  public var target: String
  /// The answer's status; nil when the request ended before it was answered.
  public var status: Int?
  public var bodyBytes: Int
  public var milliseconds: Int
  public var outcome: Outcome

  public init(
    clientAddress: String, method: String, target: String, status: Int?, bodyBytes: Int, milliseconds: Int,
    outcome: Outcome = .sent
  ) {
    self.clientAddress = clientAddress
    self.method = method
    self.target = target
    self.status = status
    self.bodyBytes = bodyBytes
    self.milliseconds = milliseconds
    self.outcome = outcome
  }

  /// One line: `127.0.0.1 "GET /api/search?q=x" 200 1234 B 3 ms`, and for an answer that did
  /// not reach the client whole, `…, not sent whole: the client closed the connection`.
  public var line: String {
    let printable = target.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" ? "?" : String($0) }
    let answer = status.map { "\($0) \(bodyBytes) B" } ?? "- 0 B"
    let base = "\(clientAddress) \"\(method) \(printable.joined())\" \(answer) \(milliseconds) ms"
    switch outcome {
    case .sent: return base
    case .cut(let why): return base + (status == nil ? ", not answered: " : ", not sent whole: ") + why
    }
  }
}
