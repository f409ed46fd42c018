import DocumentModel

/// Text from the corpus written into Markdown as text: whatever a title, speaker or passage
/// says, a renderer shows it and does not act on it. A corpus stores what it was given (an
/// import may bring anything), so every piece of data is escaped where it is written.
///
/// Ordinary text comes out as it went in: only what would start a construct is escaped (a
/// `<` that opens a tag, a `](` that would close link text, a backslash before punctuation),
/// so that Apple's words stay byte for byte what they are.
public enum MarkdownText {
  /// Text on one line outside a link: white space of any kind as one space, control and
  /// direction-changing characters shown as U+FFFD, HTML and link syntax escaped.
  public static func inline(_ text: String) -> String {
    escaped(DisplayText.line(text), brackets: false)
  }

  /// Link text (`[…]`): `inline`, with brackets, backticks and backslashes escaped too,
  /// so that the text cannot end the link or open code.
  public static func linkText(_ text: String) -> String {
    escaped(DisplayText.line(text), brackets: true)
  }

  /// `[text](url)` when `url` is a web address; the text alone (escaped as link text)
  /// when it is not: a `javascript:`, `data:` or relative address is never a link.
  public static func link(_ text: String, to url: String) -> String {
    guard let destination = destination(url) else { return linkText(text) }
    return "[\(linkText(text))](\(destination))"
  }

  /// `url` as a link destination: nil unless it is `http://` or `https://` with a host;
  /// white space, controls and the characters that would end or break the destination
  /// (`()<>\"'` and the backtick) percent-encoded.
  public static func destination(_ url: String) -> String? {
    guard WebAddress.isWeb(url) else { return nil }
    var result = ""
    for scalar in url.unicodeScalars {
      switch scalar {
      case "(", ")", "<", ">", "\\", "\"", "'", "`", " ":
        result += WebAddress.percentEncoded(scalar)
      default:
        if DisplayText.isHidden(scalar) || scalar.properties.isWhitespace {
          result += WebAddress.percentEncoded(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// One Markdown line of `text` as it is (already on one line): escapes added.
  static func escaped(_ text: String, brackets: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for (position, scalar) in scalars.enumerated() {
      let next = position + 1 < scalars.count ? scalars[position + 1] : nil
      switch scalar {
      case "\\":
        // Escaped when it would escape what follows (or, in link text, the closing bracket).
        if brackets || next.map(isASCIIPunctuation) == true { result.append("\\") }
      case "<":
        // Escaped when it would open a tag, a comment or an autolink; `< 320` stays.
        if let next, next.properties.isAlphabetic && next.isASCII || next == "/" || next == "!" || next == "?" {
          result.append("\\")
        }
      case "[", "]", "`":
        if brackets { result.append("\\") }
      case "(":
        if !brackets, position > 0, scalars[position - 1] == "]" { result.append("\\") }
      default: break
      }
      result.append(scalar)
    }
    return String(result)
  }

  static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && scalar.properties.generalCategory != .uppercaseLetter
      && scalar.properties.generalCategory != .lowercaseLetter && scalar.properties.generalCategory != .decimalNumber
      && scalar.value > 0x20 && scalar.value < 0x7F
  }
}
