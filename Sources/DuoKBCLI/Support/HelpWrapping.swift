/// Help text laid out as the hand-written help is: each paragraph's words filled into lines
/// of at most `width` columns, each paragraph begun on a line of its own. Discussions that
/// compose text from the request model and the query syntax (whose length changes with
/// them) are filled here rather than by hand.
enum HelpWrapping {
  /// The columns a line of help takes at most, as the hand-wrapped help has it.
  static let width = 88

  /// Each paragraph filled to `width`, one after another on lines of their own.
  static func paragraphs(_ paragraphs: [String], width: Int = width) -> String {
    paragraphs.map { fill($0, width: width) }.joined(separator: "\n")
  }

  /// `paragraph`'s words (split at spaces and line breaks) filled into lines of at most
  /// `width` characters; a longer word has a line to itself.
  static func fill(_ paragraph: String, width: Int = width) -> String {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}
