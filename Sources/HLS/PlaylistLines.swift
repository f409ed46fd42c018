/// Splits playlist bytes into lines (RFC 8216 §4.1: LF or CR LF; leniency: a lone CR
/// also ends a line), numbering them from 1 and enforcing `HLSLimits.maxLineBytes`.
struct PlaylistLines {
  let bytes: [UInt8]
  let maxLineBytes: Int
  private(set) var position = 0
  private(set) var lineNumber = 0

  init(bytes: [UInt8], maxLineBytes: Int) {
    self.bytes = bytes
    self.maxLineBytes = maxLineBytes
    // Leniency: a UTF-8 byte order mark, which §4.1 forbids, is skipped.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  var startsWithByteOrderMark: Bool { bytes.starts(with: [0xEF, 0xBB, 0xBF]) }

  /// The next line's number and byte range (without its terminator), or nil at the end.
  /// Returns the line number of an over-long line in `tooLong`.
  mutating func next() -> (number: Int, range: Range<Int>, tooLong: Bool)? {
    guard position < bytes.count else { return nil }
    lineNumber += 1
    let start = position
    var end = start
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
    position = end
    if position < bytes.count {
      if bytes[position] == 0x0D, position + 1 < bytes.count, bytes[position + 1] == 0x0A {
        position += 2
      } else {
        position += 1
      }
    }
    return (lineNumber, start..<end, end - start > maxLineBytes)
  }

  /// True when the line is empty or only spaces and tabs.
  func isBlank(_ range: Range<Int>) -> Bool {
    bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The tag name of a `#EXT…` line (up to `:`), or nil for comments, URIs and blank lines.
  func tagName(_ range: Range<Int>) -> ArraySlice<UInt8>? {
    let line = bytes[range]
    guard line.starts(with: Self.extPrefix) else { return nil }
    let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
    var nameEnd = colon
    while nameEnd > line.startIndex, bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09 {
      nameEnd -= 1
    }
    return bytes[(range.lowerBound + 1)..<nameEnd]
  }

  static let extPrefix = Array("#EXT".utf8)
}
