/// The answer to a best-match search: passages that match every word first, then (when
/// they are fewer than the limit) those that match some of them, each ranked with its
/// context.
public struct RankedSearchResults: Sendable, Equatable {
  /// Passages that match every word of the query (the strict query's total).
  public var total: Int
  /// Best first.
  public var hits: [RankedHit]
  /// Words and phrases of the query that are not stop words (0 for a strict-only query).
  public var contentWordCount: Int
  /// Some hits match only some of the words: the strict query found fewer than asked.
  public var includesPartialMatches: Bool {
    hits.contains { !$0.matchesAllWords }
  }

  public init(total: Int, hits: [RankedHit], contentWordCount: Int = 0) {
    self.total = total
    self.hits = hits
    self.contentWordCount = contentWordCount
  }
}

/// One hit of a best-match search and its evidence.
public struct RankedHit: Sendable, Equatable {
  public var hit: SearchHit
  /// The passage's own text has every word (what the strict query would find).
  public var matchesAllWords: Bool
  /// Idf-weighted share (0-1) of the query's words, stop words counting little, that the
  /// passage's own text has.
  public var ownCoverage: Double
  /// Share found only in its context (neighbouring passages, heading, title).
  public var contextCoverage: Double
  /// Words of the query, stop words aside, that the passage's own text has.
  public var ownContentWords: Int
  /// The parts of `hit.score`, when the search was asked to explain it.
  public var explanation: ScoreExplanation?

  public init(
    hit: SearchHit, matchesAllWords: Bool, ownCoverage: Double, contextCoverage: Double, ownContentWords: Int,
    explanation: ScoreExplanation? = nil
  ) {
    self.explanation = explanation
    self.hit = hit
    self.matchesAllWords = matchesAllWords
    self.ownCoverage = ownCoverage
    self.contextCoverage = contextCoverage
    self.ownContentWords = ownContentWords
  }
}
