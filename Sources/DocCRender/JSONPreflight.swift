import Foundation

/// One linear pass over the bytes before the JSON decoder sees them: it bounds nesting
/// depth (so the recursive decoder cannot exhaust the stack), checks UTF-8, tells
/// truncation and HTML apart from other malformed input, and finds the commas before
/// `}` or `]` that it then removes (a documented leniency; see `DocCWarning`).
struct JSONPreflight {
  let url: URL?
  let limits: DocCLimits

  struct Result {
    var data: Data
    var warnings: [DocCWarning]
  }

  func check(_ data: Data) throws(DocCRenderError) -> Result {
    guard data.count <= limits.maximumByteCount else {
      throw .tooLarge(url: url, byteCount: data.count, limit: limits.maximumByteCount)
    }
    let bytes = [UInt8](data)
    var warnings: [DocCWarning] = []
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      start = 3
      warnings.append(.byteOrderMarkSkipped)
    }
    guard let first = bytes[start...].firstIndex(where: { !Self.isWhitespace($0) }) else {
      throw .empty(url: url)
    }
    if bytes[first] == UInt8(ascii: "<") {
      let prefix = String(decoding: bytes[first..<min(bytes.count, first + 40)], as: UTF8.self)
      throw .htmlInsteadOfJSON(url: url, prefix: prefix)
    }
    let trailingCommas = try scan(bytes, from: first)
    guard start > 0 || !trailingCommas.isEmpty else { return Result(data: data, warnings: []) }
    var cleaned = [UInt8]()
    cleaned.reserveCapacity(bytes.count)
    var skip = trailingCommas[...]
    for index in first..<bytes.count {
      if skip.first == index {
        skip.removeFirst()
        continue
      }
      cleaned.append(bytes[index])
    }
    if !trailingCommas.isEmpty { warnings.append(.trailingCommasRemoved(count: trailingCommas.count)) }
    return Result(data: Data(cleaned), warnings: warnings)
  }

  /// Returns the offsets of commas that stand right before `}` or `]` (outside strings).
  private func scan(_ bytes: [UInt8], from start: Int) throws(DocCRenderError) -> [Int] {
    var depth = 0
    var line = 1
    var inString = false
    var escaped = false
    var pendingComma: Int?
    var trailingCommas: [Int] = []
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x80 {
        index += try utf8SequenceLength(bytes, at: index, line: line)
        pendingComma = nil
        continue
      }
      if byte == 0x0A { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        index += 1
        continue
      }
      if Self.isWhitespace(byte) {
        index += 1
        continue
      }
      if let comma = pendingComma, byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        trailingCommas.append(comma)
      }
      pendingComma = nil
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: ","): pendingComma = index
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth > limits.maximumNestingDepth {
          throw .nestingTooDeep(url: url, line: line, limit: limits.maximumNestingDepth)
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
      index += 1
    }
    if inString { throw .truncated(url: url, line: line, reason: "ends inside a string") }
    if depth > 0 {
      throw .truncated(url: url, line: line, reason: "\(depth) array(s) or object(s) left open")
    }
    return trailingCommas
  }

  /// Length of the well-formed UTF-8 sequence at `index` (Unicode 15 table 3-7), or a throw.
  private func utf8SequenceLength(
    _ bytes: [UInt8], at index: Int, line: Int
  ) throws(DocCRenderError) -> Int {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: throw .invalidUTF8(url: url, byteOffset: index, line: line)
    }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else {
      throw .invalidUTF8(url: url, byteOffset: index, line: line)
    }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
      throw .invalidUTF8(url: url, byteOffset: index, line: line)
    }
    return length
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
