/// The addresses a document may link to: `http://` or `https://` and a host, nothing else.
/// A `javascript:`, `data:` or `file:` address, or a relative one, is refused where a
/// document is made (`import`) and never written as a link where one is shown.
public enum WebAddress {
  /// Whether `text` is an `http://` or `https://` address (scheme in any case) with a
  /// host, and holds no white space or control character.
  public static func isWeb(_ text: String) -> Bool {
    let lower = text.prefix(8).lowercased()
    let rest: Substring
    if lower.hasPrefix("https://") {
      rest = text.dropFirst(8)
    } else if lower.hasPrefix("http://") {
      rest = text.dropFirst(7)
    } else {
      return false
    }
    guard let first = rest.unicodeScalars.first, first != "/", first != "?", first != "#" else { return false }
    return !text.unicodeScalars.contains { scalar in
      scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .format
    }
  }

  /// `%XX` for each UTF-8 byte of `scalar`.
  public static func percentEncoded(_ scalar: Unicode.Scalar) -> String {
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    var result = String.UnicodeScalarView()
    for byte in String(scalar).utf8 {
      result.append("%")
      result.append(digits[Int(byte >> 4)])
      result.append(digits[Int(byte & 0x0F)])
    }
    return String(result)
  }
}
