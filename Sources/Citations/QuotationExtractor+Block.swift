import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension QuotationExtractor {
  /// Finds the quotations of one block and what attributes each (`QUOTATIONS.md`).
  struct BlockScanner {
    let block: WriteUp.Block
    let catalog: SourceCatalog
    /// Sources named in the block outside quotation marks: they apply to all its quotations.
    private(set) var blockAttribution = Attribution()
    /// Everything the block claims, times too: what a lead-in (`…, 03:42–04:51):`) gives the
    /// blockquotes after it.
    private(set) var leadInAttribution = Attribution()
    private var masked: [Character] = []

    /// Stands for a quotation in `masked`, so that nothing inside one is read as its source.
    static let quotationPlaceholder: Character = "\u{FFFC}"

    init(block: WriteUp.Block, catalog: SourceCatalog) {
      self.block = block
      self.catalog = catalog
    }

    mutating func quotations() -> (quotations: [FoundQuotation], passedOver: [PassedOver]) {
      var pairs = QuotationMarks.pairs(in: block)
      var passedOver: [PassedOver] = []
      var titleNumbers: Set<Int> = []
      pairs.removeAll { pair in
        guard let number = catalog.title(equalTo: block.text(pair.open + 1..<pair.close)) else { return false }
        titleNumbers.insert(number)
        passedOver.append(
          PassedOver(
            file: "", line: block.lines[pair.open], column: block.columns[pair.open] + 1,
            text: block.text(pair.open + 1..<pair.close),
            reason: .title))
        return true
      }
      masked = block.characters
      for pair in pairs {
        for index in pair.open...pair.close { masked[index] = Self.quotationPlaceholder }
      }
      var sourceLineStart: Int?
      if block.isBlockquote, let lastBreak = masked.lastIndex(of: "\n") ?? (pairs.isEmpty ? nil : -1),
        isSourceLine(masked, from: lastBreak + 1)
      {
        sourceLineStart = lastBreak + 1
      }
      if let sourceLineStart { pairs.removeAll { $0.open >= sourceLineStart } }
      let prose = String(masked)
      blockAttribution = AttributionReader.read(prose, catalog: catalog, isGroup: false)
      leadInAttribution = blockAttribution
      blockAttribution.times = []
      blockAttribution.malformedTime = nil
      blockAttribution.titles.formUnion(titleNumbers)
      leadInAttribution.titles.formUnion(titleNumbers)

      if block.isBlockquote, pairs.isEmpty {
        return (wholeBlockquote(sourceLineStart: sourceLineStart).map { [$0] } ?? [], passedOver)
      }
      var found: [FoundQuotation] = []
      var attachments: [Attribution?] = Array(repeating: nil, count: pairs.count)
      if block.isBlockquote, let start = sourceLineStart, !pairs.isEmpty {
        let source = AttributionReader.read(block.text(start..<block.characters.count), catalog: catalog, isGroup: true)
        attachments[pairs.count - 1] = source
      }
      var consumedUntil = -1
      var pending: [Int] = []
      for number in pairs.indices {
        if pairs[number].open < consumedUntil { continue }
        if let last = pending.last, endsSentence(from: pairs[last].close + 1, to: pairs[number].open) {
          pending.removeAll()
        }
        if attachments[number] == nil, let (attribution, end) = attachment(after: pairs[number].close + 1) {
          attachments[number] = attribution
          consumedUntil = end
        } else if attachments[number] == nil, pending.isEmpty,
          let before = attachment(before: pairs[number].open, notBefore: consumedUntil)
        {
          attachments[number] = before
        } else if attachments[number] == nil, let (later, end) = attachment(laterFrom: pairs[number].close + 1) {
          attachments[number] = later
          consumedUntil = end
        }
        pending.append(number)
        guard let attribution = attachments[number] else { continue }
        let isRange = attribution.times.first?.until != nil
        let leaderIndex = found.count
        for member in pending {
          var own = attribution
          own.inheritSource(from: blockAttribution)
          let leader = isRange || member == pending[0] ? nil : leaderIndex
          found.append(quotation(pairs[member], attribution: own, leader: leader))
        }
        pending.removeAll()
      }
      for member in pending {
        found.append(quotation(pairs[member], attribution: blockAttribution, leader: nil))
      }
      return (found, passedOver)
    }

    private func quotation(_ pair: QuotationMarks.Pair, attribution: Attribution, leader: Int?) -> FoundQuotation {
      FoundQuotation(
        line: block.lines[pair.open], column: block.columns[pair.open] + 1, endLine: block.lines[pair.close],
        endColumn: block.columns[pair.close], text: block.text(pair.open + 1..<pair.close), form: pair.form,
        attribution: attribution, leader: leader)
    }

    /// A blockquote without quotation marks quotes all its text, less a source line at its
    /// end or a parenthesis holding a time at the end of its text.
    private func wholeBlockquote(sourceLineStart: Int?) -> FoundQuotation? {
      var end = sourceLineStart ?? block.characters.count
      var attribution = Attribution()
      if let start = sourceLineStart {
        attribution = AttributionReader.read(
          block.text(start..<block.characters.count), catalog: catalog, isGroup: true)
      }
      while end > 0, block.characters[end - 1].isWhitespace { end -= 1 }
      if end > 0, block.characters[end - 1] == ")", let open = openingParenthesis(before: end - 1) {
        let inner = AttributionReader.read(block.text(open + 1..<end - 1), catalog: catalog, isGroup: true)
        if inner.hasTime || inner.namesDocument {
          attribution.merge(inner)
          end = open
          while end > 0, block.characters[end - 1].isWhitespace { end -= 1 }
        }
      }
      guard end > 0 else { return nil }
      var start = 0
      while start < end, block.characters[start].isWhitespace { start += 1 }
      guard start < end else { return nil }
      attribution.inheritSource(from: blockAttribution)
      return FoundQuotation(
        line: block.lines[start], column: block.columns[start] + 1, endLine: block.lines[end - 1],
        endColumn: block.columns[end - 1], text: block.text(start..<end), form: .blockquote, attribution: attribution,
        leader: nil)
    }

    /// What directly follows a closing mark, past spaces and `,.;:!?*_]`, when it dates or
    /// sources the quotation: a parenthesis, `[m:ss]`, a Markdown link, a bare URL, a citation
    /// id, or a source line (`— Vince, Title (m:ss)`) to the end of the line.
    private func attachment(after start: Int) -> (Attribution, Int)? {
      var index = start
      while index < masked.count, " \t,.;:!?*_]".contains(masked[index]) { index += 1 }
      guard index < masked.count else { return nil }
      let character = masked[index]
      if character == "(" {
        guard let close = matchingParenthesis(masked, open: index) else { return nil }
        let attribution = AttributionReader.read(String(masked[index + 1..<close]), catalog: catalog, isGroup: true)
        return attribution.isEmpty ? nil : (attribution, close + 1)
      }
      if character == "[" {
        let end = linkEnd(masked, open: index) ?? bracketEnd(from: index)
        guard let end else { return nil }
        let attribution = AttributionReader.read(String(masked[index..<end]), catalog: catalog, isGroup: true)
        return attribution.hasTime || !attribution.links.isEmpty ? (attribution, end) : nil
      }
      if isSourceLine(masked, from: index) {
        var end = index
        while end < masked.count, masked[end] != "\n" { end += 1 }
        // In prose a dash followed by another quotation is the sentence's own dash.
        guard !masked[index..<end].contains(Self.quotationPlaceholder) else { return nil }
        let attribution = AttributionReader.read(String(masked[index..<end]), catalog: catalog, isGroup: true)
        return attribution.hasTime || attribution.namesDocument ? (attribution, end) : nil
      }
      var end = index
      while end < masked.count, !masked[end].isWhitespace, masked[end] != Self.quotationPlaceholder { end += 1 }
      let word = String(masked[index..<end])
      if startsURL(masked, at: index) || !QuotationExtractor.citationIDs(in: word, catalog: catalog).isEmpty {
        let attribution = AttributionReader.read(word, catalog: catalog, isGroup: false)
        return attribution.isEmpty ? nil : (attribution, end)
      }
      return nil
    }

    /// A parenthesis with a time later in the quotation's sentence, before any other quotation:
    /// `“a cart button displaying a dollar amount” stays horizontal (9:52).`
    private func attachment(laterFrom start: Int) -> (Attribution, Int)? {
      var index = start
      while index < masked.count, index - start < 200 {
        let character = masked[index]
        if character == Self.quotationPlaceholder { return nil }
        if ".!?;".contains(character), index + 1 >= masked.count || masked[index + 1].isWhitespace { return nil }
        if character == "(", let close = matchingParenthesis(masked, open: index) {
          let attribution = AttributionReader.read(String(masked[index + 1..<close]), catalog: catalog, isGroup: true)
          if attribution.hasTime { return (attribution, close + 1) }
          index = close
        }
        index += 1
      }
      return nil
    }

    /// A time written just before a quotation, in its sentence and after the last quotation's
    /// attachment: `at 9:20, “…”`, `(16:40): “…”`, `At 4:09 Maria says “…”`,
    /// `tech-talks/111466@9:20: “…”`.
    private func attachment(before open: Int, notBefore limit: Int) -> Attribution? {
      var start = open
      while start > max(0, limit), open - start < 120 {
        let previous = masked[start - 1]
        if previous == Self.quotationPlaceholder { break }
        if start < open, ".!?".contains(previous), masked[start].isWhitespace { break }
        start -= 1
      }
      let window = String(masked[start..<open])
      let tail = window.trimmingSpaces()
      if tail.hasSuffix("):") || tail.hasSuffix(")"), let close = tail.lastIndex(of: ")"),
        let openParenthesis = tail[..<close].lastIndex(of: "(")
      {
        let inside = AttributionReader.read(
          String(tail[tail.index(after: openParenthesis)..<close]), catalog: catalog, isGroup: true)
        if inside.hasTime { return inside }
      }
      if let time = Self.timeAfterAt(window) {
        return Attribution(times: [time], text: window)
      }
      if tail.hasSuffix(":") {
        for id in QuotationExtractor.citationIDs(in: String(tail.dropLast()), catalog: catalog) {
          if case .time(let seconds) = id.locator {
            return Attribution(
              times: [.init(seconds: seconds, until: nil, text: Timecode.format(seconds: seconds))],
              documentIDs: [id.documentID], text: window)
          }
        }
      }
      return nil
    }

    /// `at 9:20` or `At 9:20` (not a clock time): the last one in `text`.
    static func timeAfterAt(_ text: String) -> Attribution.Time? {
      let lower = text.lowercased()
      var found: Attribution.Time?
      var searchFrom = lower.startIndex
      while let range = lower[searchFrom...].firstRange(of: "at ") {
        searchFrom = range.upperBound
        if range.lowerBound > lower.startIndex, lower[lower.index(before: range.lowerBound)].isLetter { continue }
        let rest = String(lower[range.upperBound...])
        guard let stamp = QuotationExtractor.timestamps(in: rest).first, rest.hasPrefix(stamp.text) else { continue }
        found = .init(seconds: stamp.seconds, until: nil, text: stamp.text)
      }
      return found
    }

    private func bracketEnd(from open: Int) -> Int? {
      var index = open + 1
      while index < masked.count, index - open < 40, masked[index] != "]" { index += 1 }
      return index < masked.count && masked[index] == "]" ? index + 1 : nil
    }

    private func openingParenthesis(before close: Int) -> Int? {
      var depth = 0
      var index = close
      while index >= 0, close - index < 600 {
        if block.characters[index] == ")" { depth += 1 }
        if block.characters[index] == "(" {
          depth -= 1
          if depth == 0 { return index }
        }
        index -= 1
      }
      return nil
    }

    /// Whether a sentence ends between two quotations: `.`, `!`, `?` or `;` and a space, or a
    /// quotation ending in one of `.!?` followed by a capital.
    private func endsSentence(from start: Int, to end: Int) -> Bool {
      guard start < end else { return false }
      let characters = block.characters
      if start >= 2, ".!?".contains(characters[start - 2]),
        let next = characters[start..<end].first(where: { !$0.isWhitespace }), next.isUppercase
      {
        return true
      }
      for index in start..<end {
        let character = characters[index]
        if ".!?;".contains(character), index + 1 < characters.count, characters[index + 1].isWhitespace { return true }
      }
      return false
    }
  }
}
