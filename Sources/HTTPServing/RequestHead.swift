import Foundation

/// The checks on a request head before its body is read: what would make the request
/// ambiguous or too costly, answered at once and the connection closed.
enum RequestHead {
  /// Why the head's framing is refused (RFC 9112 §6.3), or nil when it is sound: a body's
  /// length is stated once, by one `Content-Length` of digits or by `Transfer-Encoding`,
  /// never both. A proxy in front that reads the other header would see another request
  /// boundary than this server: the rest of a body would be taken as a request of its own.
  static func framingRefusal(_ fields: [(name: String, value: String)]) -> String? {
    let lengths = fields.filter { $0.name.lowercased() == "content-length" }
      .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let encodings = fields.filter { $0.name.lowercased() == "transfer-encoding" }
    if !lengths.isEmpty, !encodings.isEmpty {
      return "a request carries Content-Length or Transfer-Encoding, not both"
    }
    if lengths.contains(where: { $0.isEmpty || !$0.allSatisfy(\.isASCIIDigitCharacter) }) {
      return "Content-Length must be a number"
    }
    if Set(lengths).count > 1 { return "the request has two different Content-Length headers" }
    if encodings.count > 1 { return "the request has more than one Transfer-Encoding header" }
    return nil
  }

  /// How many query arguments a request target carries, as libmicrohttpd splits them.
  static func queryArgumentCount(_ target: String) -> Int {
    guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return 0 }
    return target.utf8[target.utf8.index(after: mark)...].split(separator: UInt8(ascii: "&")).count
  }

  /// A response as bytes on the wire, for the rare answer written before libmicrohttpd has
  /// read the head (it always closes the connection).
  static func wire(_ response: ServerResponse) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
    for field in response.headers where field.name.lowercased() != "content-length" {
      head += "\(field.name): \(field.value)\r\n"
    }
    head += "Content-Length: \(response.body.count)\r\n\r\n"
    return Array(head.utf8) + response.body
  }

  private static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
