import Foundation

/// Response header fields in arrival order, looked up case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable {
  /// Each field as received, name spelled as the server sent it.
  public private(set) var fields: [(name: String, value: String)] = []

  public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }

  mutating func append(name: String, value: String) { fields.append((name, value)) }

  /// The first value of `name`, any case; nil when absent.
  public subscript(name: String) -> String? {
    let wanted = name.lowercased()
    return fields.first { $0.name.lowercased() == wanted }?.value
  }

  /// Every value of `name`, any case, in order.
  public func values(_ name: String) -> [String] {
    let wanted = name.lowercased()
    return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
  }

  /// Reads one raw header line from libcurl ("Name: value\r\n").
  /// Lines without a colon (status lines, the blank end line) are ignored; a folded
  /// continuation line (obsolete, RFC 9112 §5.2) is joined to the previous field.
  mutating func appendLine(_ line: String) {
    let trimmed = line.trimmingCharacters(in: ["\r", "\n"])
    if let first = trimmed.first, first == " " || first == "\t", !fields.isEmpty {
      fields[fields.count - 1].value += " " + trimmed.trimmingCharacters(in: [" ", "\t"])
      return
    }
    guard let colon = trimmed.firstIndex(of: ":") else { return }
    let name = String(trimmed[..<colon]).trimmingCharacters(in: [" ", "\t"])
    let value = String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: [" ", "\t"])
    guard !name.isEmpty else { return }
    fields.append((name, value))
  }
}
