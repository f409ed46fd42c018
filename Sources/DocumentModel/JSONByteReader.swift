/// A strict RFC 8259 reader over UTF-8 bytes, pulled value by value: the document reader
/// asks for what it expects next (an object's keys, a string, a whole number) and gets a
/// typed error with the byte offset when the input is anything else. Nothing is built that
/// the caller does not ask for, and nothing traps: lengths and numbers are checked,
/// nesting is bounded.
///
/// Strictness: no comments, no trailing commas, no leading zeros or `+`, no bare control
/// characters in strings, every `\u` surrogate paired, UTF-8 checked inside strings (bytes
/// outside strings must be ASCII JSON anyway).
package struct JSONByteReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  private var depth = 0
  let maximumDepth: Int

  package init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// Where an object or array is in its members, for `nextKey` and `nextElement`.
  package struct Container {
    fileprivate var isFirst = true
  }

  package enum ValueKind {
    case object, array, string, number, bool, null
  }

  func fail(_ problem: DocumentProblem, at position: Int? = nil) -> DocumentModelError {
    .malformedDocument(offset: position ?? offset, problem: problem)
  }

  // MARK: Structure

  /// The kind of the next value, after whitespace; `.truncated` at the end of the input.
  package mutating func peekKind() throws(DocumentModelError) -> ValueKind {
    switch try peekByte() {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    case let byte: throw fail(.unexpected(found: byte, expected: "a value"))
    }
  }

  package mutating func beginObject() throws(DocumentModelError) -> Container {
    try expect(UInt8(ascii: "{"), "'{'")
    try enter()
    return Container()
  }

  /// The next key of an object, its `:` read; nil (and the object closed) at `}`.
  package mutating func nextKey(_ container: inout Container) throws(DocumentModelError) -> String? {
    let byte = try peekByte()
    if byte == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return nil
    }
    if container.isFirst {
      container.isFirst = false
    } else {
      try expect(UInt8(ascii: ","), "',' or '}'")
    }
    guard try peekByte() == UInt8(ascii: "\"") else {
      throw fail(.unexpected(found: bytes[offset], expected: "a key"))
    }
    let key = try string()
    try expect(UInt8(ascii: ":"), "':'")
    return key
  }

  package mutating func beginArray() throws(DocumentModelError) -> Container {
    try expect(UInt8(ascii: "["), "'['")
    try enter()
    return Container()
  }

  /// Whether another element follows (its `,` read); false (and the array closed) at `]`.
  package mutating func nextElement(_ container: inout Container) throws(DocumentModelError) -> Bool {
    if try peekByte() == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return false
    }
    if container.isFirst {
      container.isFirst = false
    } else {
      try expect(UInt8(ascii: ","), "',' or ']'")
    }
    return true
  }

  /// Reads `null` when it comes next; true if it did.
  package mutating func readNull() throws(DocumentModelError) -> Bool {
    guard try peekByte() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  package mutating func bool() throws(DocumentModelError) -> Bool {
    switch try peekByte() {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    case let byte: throw fail(.unexpected(found: byte, expected: "true or false"))
    }
  }

  /// Any value, checked as strictly as the rest and bounded in depth, then dropped: a key
  /// twice in one of its objects is refused, and so is a number a double cannot hold.
  package mutating func skipValue() throws(DocumentModelError) {
    switch try peekKind() {
    case .object:
      var container = try beginObject()
      var keys: Set<String> = []
      while let key = try nextKey(&container) {
        guard keys.insert(key).inserted else { throw fail(.duplicateKey(key)) }
        try skipValue()
      }
    case .array:
      var container = try beginArray()
      while try nextElement(&container) { try skipValue() }
    case .string: _ = try string()
    case .number: try skipNumber()
    case .bool: _ = try bool()
    case .null: _ = try readNull()
    }
  }

  /// After the top-level value: only whitespace may follow.
  package mutating func end() throws(DocumentModelError) {
    skipWhitespace()
    guard offset == bytes.count else { throw fail(.trailingBytes) }
  }

  // MARK: Scalars

  /// A whole number in the range of `Int`: `-`, then `0` or digits without a leading zero.
  /// A fraction or exponent is refused (every number in a document is whole).
  package mutating func integer() throws(DocumentModelError) -> Int {
    let start = try skipWhitespaceAndRequire()
    var negative = false
    if bytes[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    guard offset < bytes.count else { throw fail(.truncated) }
    let first = bytes[offset]
    guard Self.isDigit(first) else { throw fail(.unexpected(found: first, expected: "a digit")) }
    var value = 0
    if first == UInt8(ascii: "0") {
      offset += 1
    } else {
      while offset < bytes.count, Self.isDigit(bytes[offset]) {
        let digit = Int(bytes[offset] &- UInt8(ascii: "0"))
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        // Accumulated negatively so that Int.min fits.
        let (next, overflow2) = times.subtractingReportingOverflow(digit)
        guard !overflow, !overflow2 else { throw fail(.numberOutOfRange, at: start) }
        value = next
        offset += 1
      }
    }
    if offset < bytes.count,
      bytes[offset] == UInt8(ascii: ".") || bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")
    {
      throw fail(.numberOutOfRange, at: start)
    }
    if negative { return value }
    guard value != Int.min else { throw fail(.numberOutOfRange, at: start) }
    return -value
  }

  /// A string: its escapes decoded, its UTF-8 checked (here, byte by byte: the standard
  /// library's generic validation costs more than the rest of the reading).
  package mutating func string() throws(DocumentModelError) -> String {
    try expect(UInt8(ascii: "\""), "'\"'")
    let start = offset
    // The common case: no escapes, one slice of the input.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        return String(decoding: slice, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw fail(.unescapedControlCharacter) }
      if byte < 0x80 {
        offset += 1
      } else {
        offset += try scalarLength()
      }
    }
    guard offset < bytes.count else { throw fail(.truncated) }
    var decoded = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &decoded)
      case ..<0x20:
        throw fail(.unescapedControlCharacter)
      case ..<0x80:
        decoded.append(byte)
        offset += 1
      default:
        let length = try scalarLength()
        decoded.append(contentsOf: bytes[offset..<(offset + length)])
        offset += length
      }
    }
    throw fail(.truncated)
  }

  /// The length of the well-formed UTF-8 sequence of a scalar at `offset` (Unicode, table
  /// 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
  private func scalarLength() throws(DocumentModelError) -> Int {
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xED:
      length = 3
      high = 0x9F
    case 0xE1...0xEF: length = 3
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF4:
      length = 4
      high = 0x8F
    case 0xF1...0xF3: length = 4
    default: throw fail(.invalidUTF8)
    }
    guard offset + length <= bytes.count else { throw fail(.truncated) }
    let second = bytes[offset + 1]
    guard second >= low, second <= high else { throw fail(.invalidUTF8) }
    for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 {
      throw fail(.invalidUTF8)
    }
    return length
  }

  // MARK: Internals

  private mutating func escape(into decoded: inout [UInt8]) throws(DocumentModelError) {
    let start = offset
    offset += 1
    guard offset < bytes.count else { throw fail(.truncated) }
    let letter = bytes[offset]
    offset += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad()
      if (0xD800...0xDBFF).contains(scalar) {
        // A high surrogate must be followed by `\u` and a low one.
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
        else { throw fail(.loneSurrogate, at: start) }
        offset += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { throw fail(.loneSurrogate, at: start) }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw fail(.loneSurrogate, at: start)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidEscape, at: start) }
      decoded.append(contentsOf: UTF8.encode(unicode)!)
    default:
      throw fail(.invalidEscape, at: start)
    }
  }

  private mutating func hexQuad() throws(DocumentModelError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw fail(.truncated) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail(.invalidEscape)
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  private mutating func skipNumber() throws(DocumentModelError) {
    let start = try skipWhitespaceAndRequire()
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count else { throw fail(.truncated) }
    guard Self.isDigit(bytes[offset]) else { throw fail(.unexpected(found: bytes[offset], expected: "a digit")) }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
    } else {
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      try requireDigits()
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      try requireDigits()
    }
    guard offset - start <= 400 else { throw fail(.numberOutOfRange, at: start) }
    // A number too large for a double (`1e400`) would read as infinity wherever it is
    // read at all: refused, as a whole number out of range is.
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw fail(.numberOutOfRange, at: start) }
  }

  private mutating func requireDigits() throws(DocumentModelError) {
    guard offset < bytes.count else { throw fail(.truncated) }
    guard Self.isDigit(bytes[offset]) else { throw fail(.unexpected(found: bytes[offset], expected: "a digit")) }
    skipDigits()
  }

  private mutating func skipDigits() {
    while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
  }

  private mutating func literal(_ word: StaticString) throws(DocumentModelError) {
    let start = offset
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard offset < bytes.count else { throw fail(.truncated) }
      guard bytes[offset] == expected else {
        throw fail(.unexpected(found: bytes[offset], expected: "'\(word)'"), at: start)
      }
      offset += 1
    }
  }

  /// One level deeper, just past the `{` or `[` that opens it.
  private mutating func enter() throws(DocumentModelError) {
    depth += 1
    guard depth <= maximumDepth else { throw fail(.tooDeep, at: offset - 1) }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(DocumentModelError) {
    let found = try peekByte()
    guard found == byte else { throw fail(.unexpected(found: found, expected: what)) }
    offset += 1
  }

  private mutating func peekByte() throws(DocumentModelError) -> UInt8 {
    _ = try skipWhitespaceAndRequire()
    return bytes[offset]
  }

  /// Skips whitespace; the offset of the next byte, or `.truncated` at the end.
  private mutating func skipWhitespaceAndRequire() throws(DocumentModelError) -> Int {
    skipWhitespace()
    guard offset < bytes.count else { throw fail(.truncated) }
    return offset
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
