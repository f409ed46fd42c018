/// Caption conventions of Apple's subtitle tracks (format notes, "WebVTT segments"):
/// `>>` marks a change of speaker, sometimes with a label (`>> FEMALE SPEAKER:`,
/// `>> Greg Christie:`), and sound descriptions stand alone (`♪ ♪`, `[ Applause ]`,
/// `(Music)`) or inside speech (`and [laughter] I'm`).
enum CaptionConventions {
  static let musicNotes: Set<Unicode.Scalar> = ["♪", "♫", "♬", "♩", "\u{1F3B5}", "\u{1F3B6}"]
  /// A speaker label after `>>` is at most this long (scalars), so a shouted sentence
  /// with a colon far away is not taken for a label.
  static let maximumLabelLength = 40

  /// Whether collapsed `text` is only a sound description: music notes, or a line that
  /// begins and ends with one (`♪ upbeat music ♪`), or sound descriptions in brackets
  /// (`CaptionConventions+Sounds`) and the punctuation after them, with nothing else.
  static func isSoundDescription(_ text: Substring) -> Bool {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return false }
    if musicNotes.contains(first) && musicNotes.contains(last) { return true }
    let speech = speech(in: text)
    return speech.text.isEmpty && !speech.omitted.isEmpty
  }

  /// The closing bracket of an opening one that can hold a sound description.
  static func closing(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar {
    case "[": "]"
    case "(": ")"
    case "［": "］"
    case "（": "）"
    case "【": "】"
    case "〔": "〕"
    default: nil
    }
  }

  /// One stretch of a cue between speaker-change markers.
  struct Piece: Equatable {
    /// The words, trimmed; a slice of the input. May be empty.
    var text: Substring
    /// Whether a `>>` marker opens this piece (a new speaker starts).
    var startsTurn: Bool
    /// The label after the marker (`FEMALE SPEAKER`), if any.
    var label: Substring?
  }

  /// Splits collapsed `text` at `>>` markers. A marker counts at the start of the text or
  /// after a space; `>>>` and `a>>b` are text. The marker and its label are left out of
  /// every piece.
  static func pieces(of text: Substring) -> [Piece] {
    let scalars = text.unicodeScalars
    guard scalars.contains(">") else { return [Piece(text: text, startsTurn: false, label: nil)] }
    var result: [Piece] = []
    var pieceStart = scalars.startIndex
    var startsTurn = false
    var label: Substring?
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if let afterMarker = markerEnd(in: scalars, at: index) {
        result.append(Piece(text: trimmed(scalars[pieceStart..<index]), startsTurn: startsTurn, label: label))
        let (labelText, afterLabel) = readLabel(in: scalars, from: afterMarker)
        startsTurn = true
        label = labelText
        pieceStart = afterLabel
        index = afterLabel
      } else {
        index = scalars.index(after: index)
      }
    }
    result.append(Piece(text: trimmed(scalars[pieceStart..<scalars.endIndex]), startsTurn: startsTurn, label: label))
    if let first = result.first, !first.startsTurn, first.text.isEmpty, result.count > 1 {
      result.removeFirst()
    }
    return result
  }

  /// The index after `>>` when a speaker marker starts at `index`.
  private static func markerEnd(
    in scalars: Substring.UnicodeScalarView, at index: String.Index
  ) -> String.Index? {
    guard scalars[index] == ">" else { return nil }
    if index > scalars.startIndex && !scalars[scalars.index(before: index)].properties.isWhitespace {
      return nil
    }
    let second = scalars.index(after: index)
    guard second < scalars.endIndex, scalars[second] == ">" else { return nil }
    let after = scalars.index(after: second)
    if after < scalars.endIndex && scalars[after] == ">" { return nil }
    return after
  }

  /// A label ending in `:` right after a marker: upper-case words (`FEMALE SPEAKER:`,
  /// `DR. LEE:`, `JOHN:`), or a name of two to four words that each start with a capital
  /// (`Greg Christie:`, `Dr. Lee:`, `Mary-Ann O'Neil:`). A single capitalized word
  /// (`Note:`) is not a label: it is more often the first word of a sentence.
  private static func readLabel(
    in scalars: Substring.UnicodeScalarView, from start: String.Index
  ) -> (Substring?, String.Index) {
    var index = start
    while index < scalars.endIndex, scalars[index] == " " { index = scalars.index(after: index) }
    let labelStart = index
    var length = 0
    var hasLowercase = false
    while index < scalars.endIndex, length <= maximumLabelLength {
      let scalar = scalars[index]
      if scalar == ":" {
        let after = scalars.index(after: index)
        guard after == scalars.endIndex || scalars[after] == " " else { break }
        let label = Substring(scalars[labelStart..<index])
        guard isLabel(label, hasLowercase: hasLowercase) else { break }
        return (label, after)
      }
      if scalar.properties.isLowercase { hasLowercase = true }
      guard
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
          || " .'’-".unicodeScalars.contains(scalar)
      else { break }
      length += 1
      index = scalars.index(after: index)
    }
    return (nil, start)
  }

  private static func isLabel(_ label: Substring, hasLowercase: Bool) -> Bool {
    let words = label.split(separator: " ")
    guard let firstWord = words.first, let initial = firstWord.unicodeScalars.first,
      initial.properties.isUppercase
    else { return false }
    guard hasLowercase else { return true }
    guard (2...4).contains(words.count) else { return false }
    return words.allSatisfy { word in word.unicodeScalars.first.map { $0.properties.isUppercase } ?? false }
  }

  private static func trimmed(_ scalars: Substring.UnicodeScalarView) -> Substring {
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, scalars[start] == " " { start = scalars.index(after: start) }
    while end > start, scalars[scalars.index(before: end)] == " " { end = scalars.index(before: end) }
    return Substring(scalars[start..<end])
  }
}
