import Foundation

/// A quotation a write-up dates or sources, as the writer wrote it.
struct FoundQuotation: Sendable {
  var line: Int
  /// The words between the quotation marks (or the blockquote's text), as written.
  var text: String
  /// Times the writer gives it, in seconds: `(m:ss)` first, then a link's `?time=`.
  var claimedSeconds: [Int]
  /// The end of a written range (`02:15–02:28`): the quotation may start anywhere in it.
  var claimedUntil: Int?
  /// The first time as written (`3:46`), for reports.
  var claimedTime: String?
  var links: [String]
  /// Text near the quotation that may name its talk: its sentence outside quotation marks,
  /// and its source line.
  var hint: String
  /// The quotation of the same sentence whose time dates this one (it must follow it).
  var leader: Int?
}

/// Finds quotations with a timestamp or link near them, read as writers write them.
///
/// - `“…”` and `"…"` (a straight mark opens after a space or bracket and before a word) are
///   quotations; single quotation marks are apostrophes.
/// - A quotation is dated by what follows it directly, past spaces and `,.;:!?*_]` (so
///   `[“…”](link)` too): a
///   parenthesis holding a time (`(3:46)`, `(at 3:46)`, `(8:11, 8:32)`: the first) or a link;
///   several times claimed (a written time and a link's) must all be right; or `[3:46]`.
///   A range `(2:15–2:28)` (en dash, hyphen, em dash or "to") claims any time in it.
///   a Markdown link; a bare URL; or an attribution `— Speaker, [Title](link) (m:ss)` to the
///   end of the line (one holding no other quotation: else the dash is the sentence's own).
/// - Leniency: `(16:40): “…”`, a time in parentheses and a colon right before a quotation
///   that nothing follows, dates that quotation.
/// - Quotations of one sentence with one time after the last: the time dates the first,
///   and each of the others must follow the first in the same talk. A sentence ends at
///   `.`, `!`, `?` or `;` and a space between two quotations, at a quotation ending in
///   `.`, `!` or `?` followed by a capital, and at a new list item.
/// - A blockquote whose last line is a source line (starting `—`, `–`, `--` or `- `) quotes
///   its quotation marks' text, or all its text when it has none.
/// Times are only read inside parentheses or source lines, never `4:15 p.m.` in prose.
enum QuotationExtractor {
  static let maximumQuotationLength = 4_000

  static func quotations(in text: String) -> [FoundQuotation] {
    var result: [FoundQuotation] = []
    for paragraph in WriteUp(text: text).paragraphs {
      quotations(in: paragraph, into: &result)
    }
    return result
  }

  private struct Mark {
    var open: Int
    var close: Int
    var attachment: Attachment?
  }

  struct Attachment {
    var seconds: [Int]
    var until: Int? = nil
    var timeText: String?
    var links: [String]
    var text: String
    var end: Int
  }

  private static func quotations(in paragraph: WriteUp.Paragraph, into result: inout [FoundQuotation]) {
    let characters = paragraph.characters
    var marks = quotationMarks(characters)
    var sourceLineStart: Int?
    if paragraph.isBlockquote, let lastBreak = characters.lastIndex(of: "\n") ?? (marks.isEmpty ? nil : -1) {
      let start = lastBreak + 1
      if isSourceLine(characters, from: start) { sourceLineStart = start }
    }
    if let sourceLineStart { marks = marks.filter { $0.open < sourceLineStart } }
    if paragraph.isBlockquote, let start = sourceLineStart {
      let source = attachment(characters, sourceFrom: start, required: false)
      if marks.isEmpty {
        let body = paragraph.text(0..<start).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { return }
        result.append(
          FoundQuotation(
            line: paragraph.lines[0], text: body, claimedSeconds: source?.seconds ?? [], claimedUntil: nil,
            claimedTime: source?.timeText, links: source?.links ?? [], hint: source?.text ?? "", leader: nil))
        return
      }
      if let source, marks.allSatisfy({ $0.attachment == nil }) { marks[marks.count - 1].attachment = source }
    }
    var consumedUntil = -1
    var pending: [Int] = []
    for number in marks.indices {
      if marks[number].open < consumedUntil { continue }
      if let last = pending.last, endsSentence(characters, from: marks[last].close + 1, to: marks[number].open) {
        pending.removeAll()
      }
      if marks[number].attachment == nil {
        marks[number].attachment = attachment(characters, after: marks[number].close + 1)
          ?? (pending.isEmpty ? attachmentBefore(characters, open: marks[number].open) : nil)
      }
      pending.append(number)
      guard let attachment = marks[number].attachment else { continue }
      consumedUntil = attachment.end
      let leaderMark = marks[pending[0]]
      let sentence = sentenceStart(characters, before: leaderMark.open)
      var hint = ""
      var cursor = sentence
      for member in pending {
        hint += paragraph.text(cursor..<marks[member].open) + " "
        cursor = marks[member].close + 1
      }
      hint += paragraph.text(cursor..<max(cursor, attachment.end)) + " " + attachment.text
      let leaderIndex = result.count
      for member in pending {
        let mark = marks[member]
        result.append(
          FoundQuotation(
            line: paragraph.lines[min(mark.open, paragraph.lines.count - 1)],
            text: paragraph.text(mark.open + 1..<mark.close), claimedSeconds: attachment.seconds,
            claimedUntil: attachment.until,
            claimedTime: attachment.timeText, links: attachment.links, hint: hint,
            leader: member == pending[0] ? nil : leaderIndex))
      }
      pending.removeAll()
    }
  }

  /// Opening and closing quotation marks, paired in order.
  private static func quotationMarks(_ characters: [Character]) -> [Mark] {
    var marks: [Mark] = []
    // The next closing mark of each kind at or after each position, so that an opening mark
    // without a closing one costs nothing.
    var nextCurly = [Int](repeating: characters.count, count: characters.count + 1)
    var nextStraight = nextCurly
    for position in stride(from: characters.count - 1, through: 0, by: -1) {
      nextCurly[position] = characters[position] == "”" ? position : nextCurly[position + 1]
      nextStraight[position] = characters[position] == "\"" ? position : nextStraight[position + 1]
    }
    var index = 0
    while index < characters.count {
      let character = characters[index]
      var closer: Character?
      if character == "“" {
        closer = "”"
      } else if character == "\"", opensStraightQuotation(characters, at: index) {
        closer = "\""
      }
      guard let closer else {
        index += 1
        continue
      }
      let limit = min(characters.count, index + 1 + maximumQuotationLength)
      let close = closer == "”" ? nextCurly[index + 1] : nextStraight[index + 1]
      if close < limit, close > index + 1 {
        marks.append(Mark(open: index, close: close, attachment: nil))
        index = close + 1
      } else {
        index += 1
      }
    }
    return marks
  }

  private static func opensStraightQuotation(_ characters: [Character], at index: Int) -> Bool {
    let before: Character? = index > 0 ? characters[index - 1] : nil
    let after: Character? = index + 1 < characters.count ? characters[index + 1] : nil
    guard let after, !after.isWhitespace else { return false }
    guard let before else { return true }
    return before.isWhitespace || "([{—–-*_:".contains(before)
  }

  /// What directly follows a quotation's closing mark, when it dates or links it.
  private static func attachment(_ characters: [Character], after start: Int) -> Attachment? {
    var index = start
    while index < characters.count, " \t,.;:!?*_]".contains(characters[index]) { index += 1 }
    guard index < characters.count else { return nil }
    let character = characters[index]
    if character == "(" {
      guard let close = matchingParenthesis(characters, open: index) else { return nil }
      let inside = String(characters[index + 1..<close])
      // `(8:11, 8:32)` after one quotation: the first time is its time; `(2:15–2:28)` a range.
      let all = timestamps(in: inside)
      let seconds = all.prefix(1)
      let links = urls(in: inside)
      guard !seconds.isEmpty || !links.isEmpty else { return nil }
      var attachment = Attachment(
        seconds: seconds.map(\.seconds) + links.compactMap(linkSeconds), timeText: seconds.first?.text,
        links: links, text: inside, end: close + 1)
      if all.count >= 2, let range = Self.range(all[0].text, all[1].text, in: inside), all[1].seconds >= all[0].seconds {
        attachment.until = all[1].seconds
        attachment.timeText = range
      }
      return attachment
    }
    if character == "[" || (character == "h" && startsURL(characters, at: index)) {
      var end = index
      while end < characters.count, !characters[end].isWhitespace { end += 1 }
      if character == "[", let close = linkEnd(characters, open: index) { end = close }
      let text = String(characters[index..<end])
      let links = urls(in: text)
      let seconds = timestamps(in: text)
      // `[3:46]`: a bracketed time, no link.
      if links.isEmpty, character == "[", let time = seconds.first, text.hasPrefix("[\(time.text)]") {
        return Attachment(seconds: [time.seconds], timeText: time.text, links: [], text: text, end: index + time.text.count + 2)
      }
      guard !links.isEmpty else { return nil }
      return Attachment(
        seconds: seconds.map(\.seconds) + links.compactMap(linkSeconds), timeText: seconds.first?.text,
        links: links, text: text, end: end)
    }
    if isSourceLine(characters, from: index) {
      return attachment(characters, sourceFrom: index, required: true)
    }
    return nil
  }

  /// A source line or attribution from `start` to the end of its line.
  private static func attachment(_ characters: [Character], sourceFrom start: Int, required: Bool) -> Attachment? {
    var end = start
    while end < characters.count, characters[end] != "\n" { end += 1 }
    // In prose a dash followed by another quotation is a dash in the sentence, not a source.
    if required, characters[start..<end].contains(where: { $0 == "“" || $0 == "\"" }) { return nil }
    let text = String(characters[start..<end])
    let seconds = timestamps(in: text)
    let links = urls(in: text)
    if required, seconds.isEmpty, links.isEmpty { return nil }
    return Attachment(
      seconds: seconds.map(\.seconds) + links.compactMap(linkSeconds), timeText: seconds.first?.text,
      links: links, text: text, end: end)
  }

  /// `(16:40): “…”`: a parenthesized time and a colon right before the opening mark.
  private static func attachmentBefore(_ characters: [Character], open: Int) -> Attachment? {
    var index = open - 1
    while index >= 0, characters[index] == " " { index -= 1 }
    guard index >= 0, characters[index] == ":" else { return nil }
    index -= 1
    while index >= 0, characters[index] == " " { index -= 1 }
    guard index >= 0, characters[index] == ")" else { return nil }
    var start = index - 1
    while start >= 0, index - start < 80, characters[start] != "(" { start -= 1 }
    guard start >= 0, characters[start] == "(" else { return nil }
    let inside = String(characters[start + 1..<index])
    let seconds = timestamps(in: inside)
    guard !seconds.isEmpty else { return nil }
    return Attachment(seconds: seconds.map(\.seconds), timeText: seconds.first?.text, links: [], text: inside, end: open)
  }

  static func isSourceLine(_ characters: [Character], from start: Int) -> Bool {
    var index = start
    while index < characters.count, characters[index] == " " { index += 1 }
    guard index < characters.count else { return false }
    if characters[index] == "—" || characters[index] == "―" || characters[index] == "–" { return true }
    if characters[index] == "-", index + 1 < characters.count {
      return characters[index + 1] == " " || characters[index + 1] == "-"
    }
    return false
  }

  /// Whether a sentence ends between two quotations: `.`, `!` or `?` followed by a space,
  /// or a line that is its own item.
  private static func endsSentence(_ characters: [Character], from start: Int, to end: Int) -> Bool {
    guard start < end else { return false }
    // `“…so.” Then “…”`: the quotation's own full stop ends the sentence when a capital follows.
    if start >= 2, ".!?".contains(characters[start - 2]),
      let next = characters[start..<end].first(where: { !$0.isWhitespace }), next.isUppercase
    {
      return true
    }
    for index in start..<end {
      let character = characters[index]
      if ".!?;".contains(character), index + 1 < characters.count, characters[index + 1].isWhitespace { return true }
      if character == "\n", index + 1 < characters.count, "•*-+".contains(characters[index + 1]) { return true }
    }
    return false
  }

  private static func sentenceStart(_ characters: [Character], before open: Int) -> Int {
    var index = open - 1
    while index > 0, open - index < 600 {
      if ".!?".contains(characters[index - 1]), characters[index].isWhitespace { return index }
      index -= 1
    }
    return max(0, index)
  }
}
