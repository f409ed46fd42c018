/// One non-blank line of a playlist, classified (RFC 8216 §4.1).
enum PlaylistLine {
  /// `#EXT…`: the name without `#`, and the text after the first `:` (nil without one).
  case tag(name: Substring, value: Substring?)
  /// `#` not followed by `EXT`: ignored.
  case comment
  /// Anything else: a URI, with surrounding whitespace removed.
  case uri(Substring)

  init(_ text: Substring) {
    let trimmed = text.trimmingASCIISpaces()
    let bytes = trimmed.utf8
    guard bytes.first == UInt8(ascii: "#") else {
      self = .uri(trimmed)
      return
    }
    guard bytes.starts(with: Self.extBytes) else {
      self = .comment
      return
    }
    // Keep trailing whitespace: it belongs to the value (an EXTINF title may be a tab).
    let line = text[trimmed.utf8.index(after: bytes.startIndex)...]
    if let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")) {
      self = .tag(name: line[..<colon].trimmingASCIISpaces(), value: line[line.utf8.index(after: colon)...])
    } else {
      self = .tag(name: line.trimmingASCIISpaces(), value: nil)
    }
  }

  private static let extBytes = Array("#EXT".utf8)
}
