import Foundation

extension JSONValue {
  /// The deepest nesting of arrays and objects `init(parsing:)` reads (its recursion stays
  /// within a secondary thread's stack).
  public static let maximumParsingDepth = 256

  /// Reads one JSON text (RFC 8259) strictly and without Foundation's decoder, whose first
  /// use in a process costs more than a small file's whole read (the runtime builds the
  /// decoder's generic types): no comments, no trailing commas, no bare words, strings of
  /// valid UTF-8 without raw control characters, whitespace only around the value.
  /// Numbers whose value is a whole number that fits `Int` are `.int`, others `.double`
  /// (as `decode(_:)` reads them). Of a repeated key, the last value counts.
  public init(parsing bytes: UnsafeRawBufferPointer) throws(JSONScanError) {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.offset == bytes.count else { throw .malformed(offset: parser.offset, expected: "the end of the text") }
    self = value
  }

  public init(parsing data: Data) throws(JSONScanError) {
    let parsed: Result<JSONValue, JSONScanError> = data.withUnsafeBytes { bytes in
      do throws(JSONScanError) {
        return .success(try JSONValue(parsing: bytes))
      } catch {
        return .failure(error)
      }
    }
    self = try parsed.get()
  }
}

/// The recursive descent behind `JSONValue(parsing:)`.
private struct JSONParser {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
  }

  private func failure(_ expected: String) -> JSONScanError { .malformed(offset: offset, expected: expected) }

  mutating func value(depth: Int) throws(JSONScanError) -> JSONValue {
    guard let byte = current else { throw failure("a value") }
    switch byte {
    case UInt8(ascii: "{"):
      guard depth < JSONValue.maximumParsingDepth else { throw failure("less nesting") }
      return try object(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < JSONValue.maximumParsingDepth else { throw failure("less nesting") }
      return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try word("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try word("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try word("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("a value")
    }
  }

  private mutating func word(_ text: StaticString) throws(JSONScanError) {
    let length = text.utf8CodeUnitCount
    guard bytes.count - offset >= length else { throw failure("\(text)") }
    for index in 0..<length where bytes[offset + index] != text.utf8Start[index] { throw failure("\(text)") }
    offset += length
  }

  private mutating func object(depth: Int) throws(JSONScanError) -> JSONValue {
    offset += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      offset += 1
      return .object(members)
    }
    while true {
      guard current == UInt8(ascii: "\"") else { throw failure("a key") }
      let key = try string()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("a colon") }
      offset += 1
      skipWhitespace()
      members[key] = try value(depth: depth)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        offset += 1
        skipWhitespace()
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members)
      default: throw failure("a comma or }")
      }
    }
  }

  private mutating func array(depth: Int) throws(JSONScanError) -> JSONValue {
    offset += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      offset += 1
      return .array(elements)
    }
    while true {
      elements.append(try value(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        offset += 1
        skipWhitespace()
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      default: throw failure("a comma or ]")
      }
    }
  }

  /// A string from its opening quote: escapes decoded, its bytes valid UTF-8.
  private mutating func string() throws(JSONScanError) -> String {
    let start = offset
    offset += 1
    var decoded: [UInt8] = []
    var runStart = offset
    while true {
      guard let byte = current else {
        offset = start
        throw failure("a closed string")
      }
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw failure("no control character in a string") }
      if byte != UInt8(ascii: "\\") {
        offset += 1
        continue
      }
      decoded.append(contentsOf: bytes[runStart..<offset])
      offset += 1
      guard let escaped = current else { throw failure("an escape") }
      offset += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"): decoded.append(contentsOf: try unicodeEscape())
      default:
        offset -= 1
        throw failure("an escape")
      }
      runStart = offset
    }
    let text: String?
    if decoded.isEmpty {
      text = String(bytes: bytes[runStart..<offset], encoding: .utf8)
    } else {
      decoded.append(contentsOf: bytes[runStart..<offset])
      text = String(bytes: decoded, encoding: .utf8)
    }
    guard let text else {
      offset = start
      throw failure("a string of valid UTF-8")
    }
    offset += 1
    return text
  }

  /// The UTF-8 of a `\u` escape (after its `u`), a surrogate pair taken whole.
  private mutating func unicodeEscape() throws(JSONScanError) -> [UInt8] {
    let first = try hexQuad()
    var scalarValue = first
    if (0xD800...0xDBFF).contains(first) {
      guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
      else { throw failure("the low half of a surrogate pair") }
      offset += 2
      let second = try hexQuad()
      guard (0xDC00...0xDFFF).contains(second) else { throw failure("the low half of a surrogate pair") }
      scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(first) {
      throw failure("a character, not the low half of a surrogate pair")
    }
    guard let scalar = Unicode.Scalar(scalarValue) else { throw failure("a character") }
    return Array(String(Character(scalar)).utf8)
  }

  private mutating func hexQuad() throws(JSONScanError) -> UInt32 {
    guard bytes.count - offset >= 4 else { throw failure("four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("four hex digits")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  /// A number: `-`? int frac? exp?, the int without leading zeros.
  private mutating func number() throws(JSONScanError) -> JSONValue {
    let start = offset
    if current == UInt8(ascii: "-") { offset += 1 }
    guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { throw failure("a digit") }
    offset += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      offset += 1
      guard digitsFollow() else { throw failure("a digit after the point") }
      isInteger = false
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      offset += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
      guard digitsFollow() else { throw failure("a digit of the exponent") }
      isInteger = false
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text), double.isFinite else {
      offset = start
      throw failure("a number within a double's range")
    }
    // A whole number written with a fraction or exponent (`3e2`, `1.0`) is an integer to
    // Foundation's decoder too.
    if !isInteger, double.rounded() == double, let integer = Int(exactly: double) { return .int(integer) }
    return .double(double)
  }

  private mutating func skipDigits() {
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
  }

  private mutating func digitsFollow() -> Bool {
    let start = offset
    skipDigits()
    return offset > start
  }
}
