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
    if trimmed.hasPrefix("#EXT") {
      // Keep trailing whitespace: it belongs to the value (an EXTINF title may be a tab).
      let start = text.firstIndex(of: "#")!
      let line = text[text.index(after: start)...]
      if let colon = line.firstIndex(of: ":") {
        self = .tag(name: line[..<colon].trimmingASCIISpaces(), value: line[line.index(after: colon)...])
      } else {
        self = .tag(name: line.trimmingASCIISpaces(), value: nil)
      }
    } else if trimmed.hasPrefix("#") {
      self = .comment
    } else {
      self = .uri(trimmed)
    }
  }
}
