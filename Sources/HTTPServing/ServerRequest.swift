import Foundation

/// One HTTP request as the server's handler sees it: read in full, its body within the
/// server's size limit.
public struct ServerRequest: Sendable {
  /// `GET`, `POST`, …, as sent.
  public var method: String
  /// The path, percent-decoded, without the query.
  public var path: String
  /// The query's arguments in order, percent-decoded; an argument without `=` has an empty value.
  public var query: [(name: String, value: String)]
  /// Header fields with lower-cased names; a repeated field's values joined with `, ` (RFC 9110 §5.3).
  public var headers: [String: String]
  public var body: [UInt8]
  /// The peer's address (`127.0.0.1`, `::1`), when known.
  public var clientAddress: String?

  public init(
    method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:],
    body: [UInt8] = [], clientAddress: String? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.clientAddress = clientAddress
  }

  /// A header field's value by name, any case.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The first value of a query argument.
  public func argument(_ name: String) -> String? { query.first { $0.name == name }?.value }

  /// Every value of a query argument, in order.
  public func arguments(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

  /// The media type of the body, lower-cased, without parameters (`text/markdown`).
  public var mediaType: String? {
    guard let value = header("content-type") else { return nil }
    let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
    return type.trimmingCharacters(in: .whitespaces).lowercased()
  }
}
