/// Text from the corpus as it is shown in plain text (a terminal, a report): controls that
/// a terminal would act on (escape sequences, a carriage return that overwrites a line) and
/// the characters that change the direction of what follows (bidi overrides and isolates)
/// are shown as U+FFFD, so that nothing reads differently from what it is.
public enum DisplayText {
  /// `text` on one line: white space of any kind, line breaks too, as one space, trimmed.
  public static func line(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace || isLineBreak(scalar) {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace { result.append(" ") }
      pendingSpace = false
      result.append(isHidden(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }

  /// `text` with its lines and tabs kept (code, a section laid out), each other hidden
  /// character as U+FFFD; ordinary text comes back as it is.
  public static func block(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isHidden($0) }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(scalar != "\n" && scalar != "\t" && isHidden(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }

  /// C0 and C1 controls, DEL, and the bidi embeddings, overrides and isolates
  /// (U+202A–U+202E, U+2066–U+2069), which reorder the text after them.
  public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x0A || scalar.value == 0x0D || scalar.value == 0x85 || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}
