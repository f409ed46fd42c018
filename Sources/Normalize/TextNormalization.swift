/// The documented normalizations between what Apple serves and a stored passage.
///
/// Decoding character references and removing tags happen in the parsers (a cue's `text`,
/// a DocC block's plain text). Normalize adds only these:
/// - `collapseWhitespace`: every run of Unicode white space (spaces, tabs, line breaks,
///   no-break spaces, U+2028…) becomes one U+0020 space, and the ends are trimmed.
/// - `normalizeLineBreaks`: CRLF and CR become LF (code listings only, which otherwise keep
///   their exact text).
public enum TextNormalization {
  /// Runs of white space to one space, ends trimmed. Returns `text` itself when it is
  /// already normal, so the common case allocates nothing.
  public static func collapseWhitespace<S: StringProtocol>(_ text: S) -> String {
    if isCollapsed(text) { return String(text) }
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(" ") }
        pendingSpace = false
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `text` has no white space but single U+0020 spaces between other characters.
  static func isCollapsed<S: StringProtocol>(_ text: S) -> Bool {
    var previousWasSpace = true  // a leading space is not collapsed
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        if scalar != " " || previousWasSpace { return false }
        previousWasSpace = true
      } else {
        previousWasSpace = false
      }
    }
    return !previousWasSpace || text.isEmpty
  }

  /// CRLF and lone CR to LF; nothing else changes.
  public static func normalizeLineBreaks(_ text: String) -> String {
    guard text.unicodeScalars.contains("\r") else { return text }
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\r" {
        result.append("\n")
        previousWasCR = true
      } else {
        if !(scalar == "\n" && previousWasCR) { result.append(scalar) }
        previousWasCR = false
      }
    }
    return String(result)
  }
}
