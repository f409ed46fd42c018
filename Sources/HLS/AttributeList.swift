/// An attribute list (RFC 8216 §4.2): `NAME=value` pairs separated by commas, where a
/// value is a decimal integer, hexadecimal sequence, decimal float, quoted string,
/// enumerated string or decimal resolution.
///
/// Leniencies, each seen in real playlists:
/// - whitespace before an attribute name (`AUTOSELECT=YES, DEFAULT=YES`) is skipped,
///   and whitespace around an unquoted value is trimmed;
/// - a quoted value with no closing quote runs to the end of the line (listed in `problems`);
/// - an item with no `=` is skipped (listed in `problems`);
/// - when a name repeats (the RFC forbids it), the first value is kept.
public struct AttributeList: Sendable, Equatable {
  /// One attribute as written: its name, its value without quotes, and whether it was quoted.
  public struct Attribute: Sendable, Equatable {
    public let name: String
    public let value: String
    public let isQuoted: Bool
  }

  /// Attributes in the order written.
  public private(set) var attributes: [Attribute] = []
  /// What was skipped or repaired, in words.
  public private(set) var problems: [String] = []

  public init(parsing text: Substring) {
    var seen: Set<Substring> = []
    var index = text.startIndex
    while index < text.endIndex {
      while index < text.endIndex, text[index] == " " || text[index] == "\t" {
        index = text.index(after: index)
      }
      guard index < text.endIndex else { break }
      let nameStart = index
      while index < text.endIndex, text[index] != "=", text[index] != "," {
        index = text.index(after: index)
      }
      let name = text[nameStart..<index].trimmingASCIISpaces()
      guard index < text.endIndex, text[index] == "=" else {
        if !name.isEmpty { problems.append("attribute '\(name)' has no value") }
        if index < text.endIndex { index = text.index(after: index) }
        continue
      }
      index = text.index(after: index)  // past "="
      while index < text.endIndex, text[index] == " " || text[index] == "\t" {
        index = text.index(after: index)
      }
      let value: Substring
      var isQuoted = false
      if index < text.endIndex, text[index] == "\"" {
        isQuoted = true
        let valueStart = text.index(after: index)
        if let close = text[valueStart...].firstIndex(of: "\"") {
          value = text[valueStart..<close]
          index = text.index(after: close)
          // Anything between the closing quote and the next comma is dropped.
          if let comma = text[index...].firstIndex(of: ",") {
            if !text[index..<comma].trimmingASCIISpaces().isEmpty {
              problems.append("text after the quoted value of '\(name)'")
            }
            index = text.index(after: comma)
          } else {
            index = text.endIndex
          }
        } else {
          value = text[valueStart...]
          index = text.endIndex
          problems.append("quoted value of '\(name)' is not closed")
        }
      } else {
        let valueStart = index
        let comma = text[index...].firstIndex(of: ",") ?? text.endIndex
        value = text[valueStart..<comma].trimmingASCIISpaces()
        index = comma < text.endIndex ? text.index(after: comma) : comma
      }
      if name.isEmpty {
        problems.append("value without an attribute name")
      } else if !seen.insert(name).inserted {
        problems.append("attribute '\(name)' repeats; the first value is kept")
      } else {
        attributes.append(Attribute(name: String(name), value: String(value), isQuoted: isQuoted))
      }
    }
  }

  /// The value of `name` (quotes removed), or nil.
  public subscript(name: some StringProtocol) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Every attribute name to its value, quotes removed.
  public var dictionary: [String: String] {
    Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// A decimal-integer (§4.2: 0 to 2^64-1; values past `Int.max` read as nil).
  public func decimalInteger(_ name: String) -> Int? {
    guard let text = self[name], !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(text)
  }

  /// A decimal-floating-point or signed-decimal-floating-point value.
  public func decimalFloat(_ name: String) -> Double? {
    guard let text = self[name] else { return nil }
    return Double.parsePlain(text)
  }

  /// A hexadecimal-sequence (`0x` or `0X` then hex digits) as its bytes, or nil.
  public func hexadecimalBytes(_ name: String) -> [UInt8]? {
    guard let text = self[name], text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
    var digits = Array(text.utf8.dropFirst(2))
    guard !digits.isEmpty, digits.count <= 1024 else { return nil }
    if digits.count % 2 == 1 { digits.insert(UInt8(ascii: "0"), at: 0) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  /// A decimal-resolution (`1920x1080`).
  public func resolution(_ name: String) -> Resolution? {
    self[name].flatMap(Resolution.init(parsing:))
  }

  /// An enumerated YES/NO; true only for `YES`. A quoted `"YES"` counts too (leniency:
  /// seen as `FORCED="NO"`); an absent attribute is false.
  public func isYes(_ name: String) -> Bool {
    self[name] == "YES"
  }
}

/// A decimal-resolution (RFC 8216 §4.2): width `x` height, in pixels.
public struct Resolution: Sendable, Equatable, CustomStringConvertible {
  public let width: Int
  public let height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public init?(parsing text: String) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCIIDigit) }),
      let width = Int(parts[0]), let height = Int(parts[1])
    else { return nil }
    self.init(width: width, height: height)
  }

  public var description: String { "\(width)x\(height)" }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  func trimmingASCIISpaces() -> SubSequence {
    var start = startIndex
    var end = endIndex
    while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
    while end > start {
      let before = index(before: end)
      guard self[before] == " " || self[before] == "\t" else { break }
      end = before
    }
    return self[start..<end]
  }
}

extension Double {
  /// A plain decimal number (`6`, `6.006`, `-1.5`): digits, at most one point, an optional
  /// leading minus. Rejects what `Double(_:)` would also take (`nan`, `inf`, `0x1p3`, `1e5`).
  static func parsePlain(_ text: some StringProtocol) -> Double? {
    var body = Substring(text)
    if body.first == "-" { body = body.dropFirst() }
    guard !body.isEmpty, body.count <= 64,
      body.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
      body.filter({ $0 == "." }).count <= 1, body.contains(where: \.isASCIIDigit)
    else { return nil }
    return Double(String(text))
  }
}
