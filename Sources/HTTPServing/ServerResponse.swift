/// What a handler answers: a status, header fields and a body, sent in one piece.
public struct ServerResponse: Sendable {
  public var status: Int
  /// Header fields in order (`Content-Length` is the server's to set).
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A body of text in a media type (`application/json`), as UTF-8.
  public init(status: Int, contentType: String, text: String, headers: [(name: String, value: String)] = []) {
    self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
  }

  /// The value of a header field by name, any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}
