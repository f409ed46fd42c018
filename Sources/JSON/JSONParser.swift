/// Reads one JSON text (RFC 8259) into a `JSONValue` in one pass over its bytes: cost in
/// proportion to the text, whatever its shape. (Foundation's `JSONDecoder` reads untyped
/// JSON only by trying each type in turn at every value, and each failed try costs in
/// proportion to the depth: 500 arrays inside one another took seconds.)
///
/// It reads what `JSONDecoder` read before it, with the same leniencies: a byte order mark
/// before the text, a comma before `]` or `}`; the first of two equal keys wins; a number
/// that is a whole number (`1.0`, `1e2`) is an integer, and one too large for a double is
/// refused.
struct JSONParser {
  private let bytes: UnsafeRawBufferPointer
  private let limit: Int
  private var offset = 0
  private var depth = 0

  static func parse(_ bytes: UnsafeRawBufferPointer, limit: Int) throws(JSONScanError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, limit: limit)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.offset = 3 }
    parser.skipWhitespace()
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.offset == bytes.count else { throw .malformed(offset: parser.offset, expected: "the end of the text") }
    return value
  }

  private init(bytes: UnsafeRawBufferPointer, limit: Int) {
    self.bytes = bytes
    self.limit = limit
  }

  private var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipWhitespace() {
    while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
  }

  private mutating func value() throws(JSONScanError) -> JSONValue {
    guard let byte = next else { throw .malformed(offset: offset, expected: "a value") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw .malformed(offset: offset, expected: "a value")
    }
  }

  /// Steps over the opening bracket, one level deeper.
  private mutating func enter() throws(JSONScanError) {
    depth += 1
    guard depth <= limit else { throw .nestedTooDeep(offset: offset, limit: limit) }
    offset += 1
    skipWhitespace()
  }

  /// After a value: true at the closing bracket (stepped over), false after a comma.
  private mutating func closes(_ closing: UInt8, _ expected: String) throws(JSONScanError) -> Bool {
    skipWhitespace()
    switch next {
    case closing:
      offset += 1
      depth -= 1
      return true
    case UInt8(ascii: ","):
      offset += 1
      skipWhitespace()
      // Leniency: a comma before the closing bracket.
      guard next == closing else { return false }
      offset += 1
      depth -= 1
      return true
    default:
      throw .malformed(offset: offset, expected: expected)
    }
  }

  private mutating func array() throws(JSONScanError) -> JSONValue {
    try enter()
    var elements: [JSONValue] = []
    if next == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return .array(elements)
    }
    repeat {
      elements.append(try value())
    } while try !closes(UInt8(ascii: "]"), "',' or ']'")
    return .array(elements)
  }

  private mutating func object() throws(JSONScanError) -> JSONValue {
    try enter()
    var members: [String: JSONValue] = [:]
    if next == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return .object(members)
    }
    repeat {
      guard next == UInt8(ascii: "\"") else { throw .malformed(offset: offset, expected: "a key (a string)") }
      let key = try string()
      skipWhitespace()
      guard next == UInt8(ascii: ":") else { throw .malformed(offset: offset, expected: "':' after a key") }
      offset += 1
      skipWhitespace()
      let member = try value()
      if members[key] == nil { members[key] = member }
    } while try !closes(UInt8(ascii: "}"), "',' or '}'")
    return .object(members)
  }

  private mutating func literal(_ word: String) throws(JSONScanError) {
    for expected in word.utf8 {
      guard next == expected else { throw .malformed(offset: offset, expected: word) }
      offset += 1
    }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func number() throws(JSONScanError) -> JSONValue {
    let start = offset
    if next == UInt8(ascii: "-") { offset += 1 }
    guard let first = next, isDigit(first) else { throw .malformed(offset: offset, expected: "a digit") }
    offset += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    var isWhole = true
    if next == UInt8(ascii: ".") {
      isWhole = false
      offset += 1
      guard let digit = next, isDigit(digit) else { throw .malformed(offset: offset, expected: "a digit after '.'") }
      skipDigits()
    }
    if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
      isWhole = false
      offset += 1
      if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { offset += 1 }
      guard let digit = next, isDigit(digit) else { throw .malformed(offset: offset, expected: "an exponent's digits") }
      skipDigits()
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    if isWhole, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text), double.isFinite else {
      throw .malformed(offset: start, expected: "a number a double can hold")
    }
    return Int(exactly: double).map(JSONValue.int) ?? .double(double)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() {
    while let byte = next, isDigit(byte) { offset += 1 }
  }

  /// The string at the opening quote, its escapes decoded.
  private mutating func string() throws(JSONScanError) -> String {
    let start = offset
    offset += 1
    var decoded: [UInt8] = []
    var hasEscapes = false
    var run = offset
    while true {
      guard let byte = next else { throw .malformed(offset: offset, expected: "the end of a string") }
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw .malformed(offset: offset, expected: "an escape for a control character") }
      guard byte == UInt8(ascii: "\\") else {
        offset += 1
        continue
      }
      hasEscapes = true
      decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<offset]))
      try escape(into: &decoded)
      run = offset
    }
    let text: String?
    if hasEscapes {
      decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<offset]))
      text = String(validating: decoded, as: UTF8.self)
    } else {
      text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[run..<offset]), as: UTF8.self)
    }
    offset += 1
    guard let text else { throw .notUTF8(offset: start) }
    return text
  }

  /// The escape at the backslash, appended as UTF-8.
  private mutating func escape(into output: inout [UInt8]) throws(JSONScanError) {
    let start = offset
    offset += 1
    guard let letter = next else { throw .malformed(offset: offset, expected: "an escape") }
    offset += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad()
      if (0xD800...0xDBFF).contains(scalar) {
        guard next == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
          throw .notUTF8(offset: start)
        }
        offset += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { throw .notUTF8(offset: start) }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw .notUTF8(offset: start) }
      UTF8.encode(unicode) { output.append($0) }
    default:
      throw .malformed(offset: start, expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
    }
  }

  private mutating func hexQuad() throws(JSONScanError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw .malformed(offset: offset, expected: "four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .malformed(offset: offset, expected: "a hex digit")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }
}
