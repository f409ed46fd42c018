/// HTML character references in cue text (W3C WebVTT §6.4 "attempt to consume an HTML
/// character reference", by the HTML standard's rules outside attributes).
enum CharacterReference {
  /// Named references, parsed once on first use from the generated table.
  static let named: [String: String] = {
    var table: [String: String] = [:]
    table.reserveCapacity(2300)
    for entry in characterReferenceTableSource.split(separator: "\n") {
      let fields = entry.split(separator: " ")
      guard let name = fields.first else { continue }
      var value = ""
      for hex in fields.dropFirst() {
        if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
          value.unicodeScalars.append(scalar)
        }
      }
      table[String(name)] = value
    }
    return table
  }()

  /// The longest name in the table, `;` included.
  static let maxNameLength = 32

  /// Consumes a reference from `bytes` at `position` (just after the `&`) and returns
  /// its characters as UTF-8, or `nil` — consuming nothing — when there is none, in
  /// which case the `&` stands for itself. `additionalAllowed` is the character that
  /// also means "not a reference" (`>` in a tag's annotation).
  static func consume(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, additionalAllowed: UInt8? = nil
  ) -> [UInt8]? {
    guard position < bytes.count else { return nil }
    let first = bytes[position]
    if first == additionalAllowed { return nil }
    switch first {
    case 0x09, 0x0A, 0x0C, 0x20, UInt8(ascii: "<"), UInt8(ascii: "&"):
      return nil
    case UInt8(ascii: "#"):
      return consumeNumeric(bytes, at: &position)
    default:
      return consumeNamed(bytes, at: &position)
    }
  }

  /// `&#123;` or `&#x7B;`; the `;` is optional. No digits: nothing is consumed.
  private static func consumeNumeric(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int)
    -> [UInt8]?
  {
    var index = position + 1
    var isHex = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
      isHex = true
      index += 1
    }
    var value: UInt32 = 0
    var digitCount = 0
    while index < bytes.count, let digit = digitValue(bytes[index], hex: isHex) {
      // Saturate past the Unicode range: any such number becomes U+FFFD anyway.
      value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
      digitCount += 1
      index += 1
    }
    guard digitCount > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
    position = index
    return Array(String(Unicode.Scalar(replacing: value)).utf8)
  }

  private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46 where hex: UInt32(byte - 0x41 + 10)
    case 0x61...0x66 where hex: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  /// The longest name in the table that the input starts with (`&notit;` is `¬it;`);
  /// names without `;` are the table's legacy entries. No match: nothing consumed.
  private static func consumeNamed(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int)
    -> [UInt8]?
  {
    var end = position
    while end < bytes.count, end - position < maxNameLength - 1, bytes[end].isASCIIAlphanumeric {
      end += 1
    }
    guard end > position else { return nil }
    if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
      let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[position...end]), as: UTF8.self)
      if let value = named[name] {
        position = end + 1
        return Array(value.utf8)
      }
    }
    var length = end - position
    while length > 0 {
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]),
        as: UTF8.self)
      if let value = named[name] {
        position += length
        return Array(value.utf8)
      }
      length -= 1
    }
    return nil
  }
}

extension Unicode.Scalar {
  /// A numeric character reference's value after the HTML standard's replacements:
  /// 0, surrogates and numbers past U+10FFFF become U+FFFD; 0x80–0x9F are read as
  /// windows-1252 where that code page has a character.
  init(replacing value: UInt32) {
    if let replacement = Self.windows1252[value] {
      self = replacement
    } else if value == 0 || (0xD800...0xDFFF).contains(value) || value > 0x10_FFFF {
      self = "\u{FFFD}"
    } else {
      self = Unicode.Scalar(value) ?? "\u{FFFD}"
    }
  }

  private static let windows1252: [UInt32: Unicode.Scalar] = [
    0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}",
    0x85: "\u{2026}", 0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}",
    0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
    0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}",
    0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
    0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
    0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
  ]
}
