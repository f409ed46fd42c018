/// A Markdown or plain-text write-up cut into the blocks a source can be named for: paragraphs,
/// list items, blockquotes and headings. Every character remembers its line and column in the
/// file, and whether it sits in a code span.
///
/// - Blocks end at blank lines; a list item (`- `, `* `, `+ `, `• `, `1. `, `1) `) starts a
///   block of its own, and its continuation lines belong to it.
/// - Fenced code blocks (```` ``` ````, `~~~`) are skipped; a code span (`` `…` ``) is marked.
/// - Consecutive `>` lines are one blockquote, empty `>` lines included, with the `>` markers
///   removed; a source line right after it (`— Vince, Title (m:ss)`, even after one blank line)
///   belongs to it.
/// - A heading is a `#` line, or in plain text a one-line paragraph of at most twelve words
///   with no quotation, parenthesis, time or sentence punctuation at its end; it governs the blocks after it up to the next
///   heading of its level or above.
/// Lines past `maximumLineLength` characters are cut there (a write-up has no such lines; a
/// hostile file gets no quadratic scan), and a block ends once past `maximumBlockLength`. The
/// blocks are read as they are asked for, so that a long file is held a block at a time.
struct WriteUp {
  enum Kind: Sendable, Equatable {
    case paragraph
    case listItem
    case blockquote
    case heading(level: Int)
  }

  struct Block {
    var kind: Kind
    var characters: [Character] = []
    /// 1-based line and 0-based column (in characters of the raw line) of each character.
    var lines: [Int] = []
    var columns: [Int] = []
    var isCode: [Bool] = []
    /// The heading blocks governing this one, nearest last.
    var headings: [Int] = []

    var isBlockquote: Bool { kind == .blockquote }

    func text(_ range: Range<Int>) -> String {
      let lower = Swift.min(Swift.max(0, range.lowerBound), characters.count)
      return String(characters[lower..<Swift.max(lower, Swift.min(characters.count, range.upperBound))])
    }

    mutating func append(_ character: Character, line: Int, column: Int, code: Bool) {
      characters.append(character)
      lines.append(line)
      columns.append(column)
      isCode.append(code)
    }

    /// Joins another line: a line break, then its characters.
    mutating func appendLine(_ body: Substring, line: Int, firstColumn: Int) {
      if !characters.isEmpty { append("\n", line: line, column: Swift.max(0, firstColumn - 1), code: false) }
      var inCode = false
      for (offset, character) in body.enumerated() {
        if character == "`" { inCode.toggle() }
        append(character, line: line, column: firstColumn + offset, code: inCode || character == "`")
      }
    }
  }

  static let maximumLineLength = 20_000
  /// A block longer than this many characters ends at the end of the line that passes it, and
  /// the next line starts a block of its own: a write-up's paragraphs are far shorter, and a
  /// hostile file is read a bounded block at a time.
  static let maximumBlockLength = 200_000

  let text: String
}

extension WriteUp: Sequence {
  func makeIterator() -> Blocks { Blocks(text: text) }

  /// The blocks, read line by line as they are asked for: what is held is the block being
  /// read and the blockquote that a source line may still join.
  struct Blocks: IteratorProtocol {
    private let text: String
    private var position: String.Index
    private var lineNumber = 0
    private var current: Block?
    private var inFence = false
    private var headingStack: [(level: Int, block: Int)] = []
    private var lastBlockquoteLine = -10
    /// Blocks finished and not yet returned; only the last may still change (a source line
    /// joins a blockquote).
    private var ready: [Block] = []
    /// How many blocks were finished before the first of `ready`, for the heading numbers.
    private var returnedCount = 0

    init(text: String) {
      self.text = text
      position = text.startIndex
    }

    mutating func next() -> Block? {
      while true {
        if ready.count > 1 || (ready.count == 1 && !mayGrow(ready[0])) {
          returnedCount += 1
          return ready.removeFirst()
        }
        guard let line = nextLine() else {
          finish()
          guard !ready.isEmpty else { return nil }
          returnedCount += 1
          return ready.removeFirst()
        }
        read(line)
      }
    }

    /// A blockquote that a source line within the next two lines may still join.
    private func mayGrow(_ block: Block) -> Bool {
      block.isBlockquote && current == nil && lastBlockquoteLine >= lineNumber - 1
    }

    private mutating func nextLine() -> Substring? {
      guard position < text.endIndex else { return nil }
      let end = text[position...].firstIndex(where: \.isNewline) ?? text.endIndex
      let line = text[position..<end]
      position = end < text.endIndex ? text.index(after: end) : end
      lineNumber += 1
      return line
    }

    private mutating func finish() {
      guard var block = current else { return }
      current = nil
      guard block.characters.contains(where: { !$0.isWhitespace }) else { return }
      if block.kind == .paragraph, WriteUp.isPlainHeading(block) { block.kind = .heading(level: 7) }
      block.headings = headingStack.map(\.block)
      if case .heading(let level) = block.kind {
        headingStack.removeAll { $0.level >= level }
        block.headings = headingStack.map(\.block)
        headingStack.append((level, returnedCount + ready.count))
      }
      ready.append(block)
    }

    private mutating func read(_ rawLine: Substring) {
      let line = rawLine.prefix(WriteUp.maximumLineLength)
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let trimmed = line.dropFirst(indent)
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        finish()
        inFence.toggle()
        return
      }
      if inFence { return }
      if let block = current, block.characters.count > WriteUp.maximumBlockLength { finish() }
      var isQuoteLine = false
      var body = trimmed
      while body.first == ">" {
        isQuoteLine = true
        body = body.dropFirst().drop { $0 == " " || $0 == "\t" }
      }
      let column = line.count - body.count
      if body.allSatisfy(\.isWhitespace) {
        // An empty `>` line separates paragraphs inside one blockquote, which stays one unit
        // so that its last line can be its source line.
        if isQuoteLine, current?.isBlockquote == true {
          current?.append("\n", line: lineNumber, column: column, code: false)
        } else {
          finish()
        }
        return
      }
      if !isQuoteLine, current == nil, let last = ready.last, last.isBlockquote,
        lastBlockquoteLine >= lineNumber - 2, QuotationExtractor.isSourceLine(Array(body), from: 0)
      {
        current = ready.removeLast()
        current?.appendLine(body, line: lineNumber, firstColumn: column)
        finish()
        return
      }
      if isQuoteLine {
        if current?.isBlockquote != true { finish() }
        if current == nil { current = Block(kind: .blockquote) }
        lastBlockquoteLine = lineNumber
        // A list inside the blockquote (a HIG section quoted whole): its markers, `1. ` too,
        // are Markdown, not words of the quotation.
        let nested = body.drop { $0 == " " }
        if let marker = WriteUp.listMarkerLength(nested) {
          let item = nested.dropFirst(marker)
          current?.appendLine(item, line: lineNumber, firstColumn: line.count - item.count)
        } else {
          current?.appendLine(body, line: lineNumber, firstColumn: column)
        }
        return
      }
      if current?.isBlockquote == true { finish() }
      if let level = WriteUp.headingLevel(body) {
        finish()
        let text = body.drop { $0 == "#" }.drop { $0 == " " }
        current = Block(kind: .heading(level: level))
        current?.appendLine(text, line: lineNumber, firstColumn: line.count - text.count)
        finish()
        return
      }
      if let marker = WriteUp.listMarkerLength(body) {
        finish()
        current = Block(kind: .listItem)
        current?.appendLine(body.dropFirst(marker), line: lineNumber, firstColumn: column + marker)
        return
      }
      if current == nil { current = Block(kind: .paragraph) }
      current?.appendLine(body, line: lineNumber, firstColumn: column)
    }
  }
}

extension WriteUp {
  /// `# Title` to `###### Title`.
  static func headingLevel(_ line: Substring) -> Int? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return hashes
  }

  /// The length of a list item's marker and the space after it.
  static func listMarkerLength(_ line: Substring) -> Int? {
    guard let first = line.first else { return nil }
    if "-*+•".contains(first) {
      return line.dropFirst().first == " " ? 2 : nil
    }
    let digits = line.prefix { $0.isASCII && $0.isNumber }.count
    guard (1...3).contains(digits) else { return nil }
    let rest = line.dropFirst(digits)
    guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
    return digits + 2
  }

  /// A plain-text section title: one line, at most twelve words, no sentence punctuation or
  /// quotation at its end.
  static func isPlainHeading(_ block: Block) -> Bool {
    guard !block.characters.contains("\n"), let last = block.characters.last(where: { !$0.isWhitespace }) else {
      return false
    }
    let words = block.characters.split(whereSeparator: \.isWhitespace)
    let text = String(block.characters)
    // A line holding a quotation or a time is prose, not a title.
    guard !text.contains(where: { "“”\"«»()@".contains($0) }), QuotationExtractor.timestamps(in: text).isEmpty else {
      return false
    }
    return words.count <= 12 && !".,;:!?’]…".contains(last)
  }
}
