import DocumentModel
import SearchIndex

extension SearchIndex {
  /// Searches each rule's queries (or the rule's own words, when it has none) as best-match
  /// queries and keeps its `quotesPerRule` best passages that are not code, each with its
  /// support (`AuditSupport`): the rule is supported when its best support reaches
  /// `threshold`, weak when there is evidence below it, unsupported when there is none. A
  /// passage of fewer than `QuotationVerifier.minimumWords` words (“Thank you.”) is no
  /// evidence: it supports nothing and could not be verified.
  public func audit(
    _ checklist: [ChecklistItem], title: String, quotesPerRule: Int = 3,
    threshold: Double = AuditSupport.standardThreshold
  ) throws(CitationsError) -> AuditReport {
    try audit(checklist, title: title, quotesPerRule: quotesPerRule, threshold: threshold, tuning: .standard)
  }

  /// `audit` with other numbers than the standard ones (`scripts/bench-audit` compares them).
  package func audit(
    _ checklist: [ChecklistItem], title: String, quotesPerRule: Int, threshold: Double, tuning: AuditTuning
  ) throws(CitationsError) -> AuditReport {
    var items: [AuditReport.Item] = []
    for entry in checklist {
      let ruleQuery = AuditKeywords.query(entry.rule)
      let queries = entry.queries.isEmpty ? (ruleQuery.isEmpty ? [] : [ruleQuery]) : entry.queries
      var found: [String: (hit: QuotedHit, support: Double)] = [:]
      for query in queries {
        let ranked = try rankedForAudit(query, limit: max(tuning.hitsPerQuery, quotesPerRule * 3))
        let contentWords = ranked.contentWordCount
        for result in ranked.hits {
          let hit = quotedHit(
            document: result.hit.documentIndex, passage: result.hit.passageIndex, score: result.hit.score,
            matchedRanges: result.hit.matchedRanges)
          guard hit.passageKind != .code, QuoteText.words(hit.quote).count >= QuotationVerifier.minimumWords,
            let support = AuditSupport.support(
              result, contentWords: contentWords, threshold: threshold, contextCredit: tuning.contextCredit)
          else { continue }
          let key = hit.citation.description
          if let known = found[key], known.support >= support { continue }
          found[key] = (hit, support)
        }
      }
      // Equal support: the better ranked first (exact forms above stemmed ones).
      let best = found.values.sorted {
        if $0.support != $1.support { return $0.support > $1.support }
        if $0.hit.score != $1.hit.score { return $0.hit.score > $1.hit.score }
        return $0.hit.citation.description < $1.hit.citation.description
      }.prefix(max(1, quotesPerRule))
      items.append(
        AuditReport.Item(
          rule: entry.rule, queries: queries,
          // A rule is supported by whole passages, cited and linked at their start; the
          // score shown is the support.
          quotes: best.enumerated().map { rank, found in
            quotedHit(
              document: found.hit.documentIndex, passage: found.hit.passageIndex, rank: rank + 1,
              score: found.support, matchedRanges: found.hit.matchedRanges)
          },
          support: best.first?.support ?? 0, threshold: threshold))
    }
    return AuditReport(title: title, items: items, threshold: threshold)
  }

  private func rankedForAudit(_ query: String, limit: Int) throws(CitationsError) -> RankedSearchResults {
    do {
      return try bestMatch(query, limit: limit)
    } catch {
      switch error {
      case .query(let queryError): throw .query(queryError)
      case .index(let formatError): throw .indexFormat(formatError)
      }
    }
  }
}

/// The numbers of the audit that `scripts/bench-audit` measures (`TRY=name=value,...`);
/// docs/audit/README.md has what other values did on the labelled set.
package struct AuditTuning: Sendable, Equatable {
  /// Hits read per query (at least three times the quotes asked for): 50 found the same
  /// best quotes as 10.
  package var hitsPerQuery = 10
  /// The share of the words found only around a passage that counts (`AuditSupport`):
  /// 0.5 was as good on the tuning half at the chosen threshold, 0.75 and 1 worse.
  package var contextCredit = 0.25

  package static let standard = AuditTuning()
}

/// How well a passage supports a rule, from 0 to 1: the idf-weighted share of the rule's
/// words (stop words counting little) that the passage has, plus a quarter of the share
/// found only around it (its neighbours, heading, title). Rare words weigh most, so a
/// passage that shares only common words with a rule scores low; and a passage with only
/// one of a rule's several words (stop words aside) stays below the threshold whatever
/// its score: one word is a coincidence, not support.
public enum AuditSupport {
  /// The support a rule's best passage needs to count as supporting it (`--threshold`).
  /// Calibrated on the tuning half of the audit's labelled set (`scripts/bench-audit`,
  /// docs/audit/README.md): the most rules supported by a passage a reader labelled as
  /// supporting them, with precision weighing twice recall. Rules are long and passages
  /// short: a passage that states a rule's point shares a third of its words or more.
  public static let standardThreshold = 0.35
  /// The support `cite` needs to cite a query's best passage that lacks some of its words:
  /// a query is not a rule, and this one was calibrated on the relevance set's questions
  /// (`scripts/bench-relevance`): most passages that answer one reach it, and passages
  /// that share a word or two with them mostly do not.
  public static let citationThreshold = 0.45

  /// The support of one hit, or nil when it shares no word but stop words.
  package static func support(
    _ hit: RankedHit, contentWords: Int, threshold: Double, contextCredit: Double = AuditTuning.standard.contextCredit
  ) -> Double? {
    guard hit.ownContentWords >= 1 else { return nil }
    let value = min(1, hit.ownCoverage + contextCredit * hit.contextCoverage)
    let rounded = (value * 1_000).rounded() / 1_000
    if contentWords >= 2 && hit.ownContentWords < 2 { return min(rounded, (threshold * 1_000 - 1) / 1_000) }
    return rounded
  }
}
