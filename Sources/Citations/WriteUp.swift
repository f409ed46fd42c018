/// A Markdown or plain-text write-up cut into paragraphs, each a run of characters that
/// remembers the line every character came from.
///
/// Paragraphs end at blank lines; fenced code blocks are skipped; a blockquote's `>` markers
/// are removed and the blockquote is kept as its own paragraph. Lines past
/// `maximumLineLength` characters are cut there (a write-up has no such lines; a hostile
/// file gets no quadratic scan).
struct WriteUp {
  struct Paragraph {
    var characters: [Character]
    var lines: [Int]
    var isBlockquote: Bool

    func text(_ range: Range<Int>) -> String {
      let lower = min(max(0, range.lowerBound), characters.count)
      return String(characters[lower..<max(lower, min(characters.count, range.upperBound))])
    }
  }

  static let maximumLineLength = 20_000

  var paragraphs: [Paragraph] = []

  init(text: String) {
    var current = Paragraph(characters: [], lines: [], isBlockquote: false)
    var inFence = false
    func finish() {
      if current.characters.contains(where: { !$0.isWhitespace }) { paragraphs.append(current) }
      current = Paragraph(characters: [], lines: [], isBlockquote: false)
    }
    var lineNumber = 0
    var lastBlockquoteLine = -10
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = rawLine.prefix(Self.maximumLineLength)
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        finish()
        inFence.toggle()
        continue
      }
      if inFence { continue }
      var isQuoteLine = false
      var body = trimmed
      while body.first == ">" {
        isQuoteLine = true
        body = body.dropFirst().drop { $0 == " " || $0 == "\t" }
      }
      if body.allSatisfy(\.isWhitespace) {
        // An empty `>` line separates paragraphs inside one blockquote, which stays one
        // unit so that its last line can be its source line.
        if isQuoteLine, current.isBlockquote, !current.characters.isEmpty {
          current.characters.append("\n")
          current.lines.append(lineNumber)
        } else {
          finish()
        }
        continue
      }
      // A source line right after a blockquote (`— Speaker, Title (m:ss)`, even after a
      // blank line) belongs to it.
      if !isQuoteLine, current.characters.isEmpty, let last = paragraphs.last, last.isBlockquote,
        lastBlockquoteLine == lineNumber - 1 || lastBlockquoteLine == lineNumber - 2,
        QuotationExtractor.isSourceLine(Array(body), from: 0)
      {
        current = paragraphs.removeLast()
        current.characters.append("\n")
        current.lines.append(lineNumber)
        current.characters.append(contentsOf: body)
        current.lines.append(contentsOf: repeatElement(lineNumber, count: body.count))
        finish()
        continue
      }
      if isQuoteLine != current.isBlockquote, !current.characters.isEmpty { finish() }
      if isQuoteLine { lastBlockquoteLine = lineNumber }
      current.isBlockquote = isQuoteLine
      if !current.characters.isEmpty {
        current.characters.append("\n")
        current.lines.append(lineNumber)
      }
      for character in body {
        current.characters.append(character)
        current.lines.append(lineNumber)
      }
    }
    finish()
  }
}
