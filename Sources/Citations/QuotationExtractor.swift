#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A quotation found in a write-up, with what the writer says of its source.
struct FoundQuotation: Sendable {
  /// 1-based line and column of the opening mark (of the first character, for a blockquote).
  var line: Int
  var column: Int
  /// Line and 0-based column of the closing mark (the last character, for a blockquote): a
  /// report marker goes after it.
  var endLine: Int
  var endColumn: Int
  /// The words between the quotation marks (or the blockquote's text), as written.
  var text: String
  var form: QuotationForm
  var attribution: Attribution
  /// The quotation of the same sentence whose time dates this one (it must follow it).
  var leader: Int?

  var claimedSeconds: [Int] { attribution.times.map(\.seconds) }
  var claimedUntil: Int? { attribution.times.first?.until }
  var claimedTime: String? { attribution.times.first?.text ?? attribution.malformedTime }
  var links: [String] { attribution.links }
}

/// Finds the quotations of a write-up and what attributes each; the grammar is in
/// `QUOTATIONS.md` beside this file.
enum QuotationExtractor {
  static let maximumQuotationLength = QuotationMarks.maximumQuotationLength
  /// An unattributed quotation shorter than this is a label or a turn of phrase (“Done”).
  static let minimumUnattributedWords = 4

  struct Result {
    var quotations: [FoundQuotation] = []
    var passedOver: [PassedOver] = []
  }

  static func quotations(in text: String, catalog: SourceCatalog = .empty) -> [FoundQuotation] {
    extract(from: text, catalog: catalog).quotations
  }

  static func extract(from text: String, catalog: SourceCatalog) -> Result {
    var result = Result()
    forEachBlock(of: text, catalog: catalog) { found in
      result.quotations += found.quotations
      result.passedOver += found.passedOver
    }
    return result
  }

  /// Reads the write-up a block at a time and hands over each block's quotations (numbered
  /// through the whole file: a `leader` is the number of one of the same block) and what it
  /// passed over; nothing of a block is kept once `body` returns, but the attributions of
  /// the headings that govern what follows.
  static func forEachBlock(of text: String, catalog: SourceCatalog, _ body: (Result) -> Void) {
    var headingAttributions: [Int: Attribution] = [:]
    var leadIn: Attribution?
    var quotationCount = 0
    for (number, block) in WriteUp(text: text).enumerated() {
      var result = Result()
      var scanner = BlockScanner(block: block, catalog: catalog)
      let found = scanner.quotations()
      if case .heading = block.kind {
        // Only the headings that govern this one can govern what follows it.
        headingAttributions = headingAttributions.filter { block.headings.contains($0.key) }
        headingAttributions[number] = scanner.blockAttribution
      }
      // The nearest governing heading that names a source.
      let heading = block.headings.reversed().lazy.compactMap { headingAttributions[$0] }.first { !$0.isEmpty }
      var globalNumbers: [Int: Int] = [:]
      for (local, var quotation) in found.quotations.enumerated() {
        if block.isBlockquote, let leadIn {
          if !quotation.attribution.hasTime {
            quotation.attribution.times = leadIn.times
            quotation.attribution.malformedTime = leadIn.malformedTime
          }
          quotation.attribution.inheritSource(from: leadIn)
        }
        if let heading { quotation.attribution.inheritSource(from: heading) }
        quotation.leader = quotation.leader.flatMap { globalNumbers[$0] }
        if quotation.attribution.isEmpty, QuoteText.words(quotation.text).count < minimumUnattributedWords {
          result.passedOver.append(
            PassedOver(
              file: "", line: quotation.line, column: quotation.column, text: quotation.text, reason: .unattributed))
          continue
        }
        globalNumbers[local] = quotationCount
        quotationCount += 1
        result.quotations.append(quotation)
      }
      result.passedOver += found.passedOver
      body(result)
      // A lead-in (`… (Title, 03:42–04:51):`) serves every blockquote that follows it directly.
      guard !block.isBlockquote else { continue }
      let isLeadIn =
        (block.kind == .paragraph || block.kind == .listItem)
        && block.characters.last(where: { !$0.isWhitespace }) == ":" && !scanner.leadInAttribution.isEmpty
      leadIn = isLeadIn ? scanner.leadInAttribution : nil
    }
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
}
