import Normalize
import SearchIndex

extension SearchIndex {
  /// Searches each rule's queries (or its key words, joined by OR, when it has none) and
  /// keeps its `quotesPerRule` best passages that are not code. A passage found by key
  /// words counts only when it matches two of them (or the only one), so that one common
  /// word is not taken for support. A passage of fewer than `QuotationVerifier.minimumWords`
  /// words (“Thank you.”) is no evidence: it supports nothing and could not be verified.
  public func audit(
    _ checklist: [ChecklistItem], title: String, quotesPerRule: Int = 3
  ) throws(CitationsError) -> AuditReport {
    var items: [AuditReport.Item] = []
    for entry in checklist {
      let keywords = AuditKeywords.keywords(entry.rule)
      let queries = entry.queries.isEmpty ? (keywords.isEmpty ? [] : [keywords.joined(separator: " OR ")]) : entry.queries
      var found: [String: QuotedHit] = [:]
      for query in queries {
        let answer = try self.answer(query, limit: max(10, quotesPerRule * 3))
        for hit in answer.hits
        where hit.passageKind != .code && QuoteText.words(hit.quote).count >= QuotationVerifier.minimumWords {
          if entry.queries.isEmpty, Self.matchedWordCount(hit) < min(2, keywords.count) { continue }
          let key = hit.citation.description
          if let known = found[key], known.score >= hit.score { continue }
          found[key] = hit
        }
      }
      let best = found.values.sorted {
        $0.score != $1.score ? $0.score > $1.score : $0.citation.description < $1.citation.description
      }.prefix(max(1, quotesPerRule))
      items.append(
        AuditReport.Item(
          rule: entry.rule, queries: queries,
          // A rule is supported by whole passages, cited and linked at their start.
          quotes: best.enumerated().map { rank, hit in
            quotedHit(
              document: hit.documentIndex, passage: hit.passageIndex, rank: rank + 1, score: hit.score,
              matchedRanges: hit.matchedRanges)
          }))
    }
    return AuditReport(title: title, items: items)
  }

  static func matchedWordCount(_ hit: QuotedHit) -> Int {
    let bytes = Array(hit.quote.utf8)
    var words: Set<String> = []
    for range in hit.matchedRanges where range.lowerBound >= 0 && range.upperBound <= bytes.count {
      words.insert(String(decoding: bytes[range], as: UTF8.self).lowercased())
    }
    return words.count
  }
}
