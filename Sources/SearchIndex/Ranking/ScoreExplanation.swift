/// Why a passage scored what it did in a best-match search (`search --explain`): the part
/// of each word or phrase of the query, field by field, and the coverage factor that
/// multiplies their sum. The numbers are the ones the ranker computed, not a second
/// computation: `score` is the hit's score, `sum` the clauses' `score`s added in order.
///
/// A clause's part is `idf × weight × (own + context + heading + title + description)`:
/// `own` is BM25's saturation of the passage's occurrences (stemmed forms counted at
/// `stemmedFormWeight`) at its length in words (at least `minimumScoredWords`, normalised
/// by `b` against `averageWords`); `context` the saturation of the neighbouring passages'
/// distance-weighted occurrences times `contextWeight`; `heading`, `title` and
/// `description` the field weights, where the section heading, the document's title or its
/// description has the word. The score is `sum × coverage^coordinationExponent × naming`, coverage
/// being the idf-weighted share of the clauses the passage has (plus
/// `contextCoverageCredit` of the share only its context has), times `naming` where the
/// passage merely names the query's topic (its words are the query's and at most one
/// other, and its document goes on after it).
public struct ScoreExplanation: Sendable, Equatable {
  public struct Clause: Sendable, Equatable {
    /// The word or quoted phrase as the query wrote it.
    public var text: String
    public var isPhrase: Bool
    public var isStopWord: Bool
    /// Passages it matches, over the whole index, and the idf read from that.
    public var documentFrequency: Int
    public var inverseDocumentFrequency: Double
    /// 1, or `stopWordWeight` for a stop word.
    public var weight: Double
    /// Occurrences in the passage of the forms as written, and of forms sharing only
    /// their stem (a phrase: its matches, all exact).
    public var exactOccurrences: Double
    public var stemmedOccurrences: Double
    /// The length the saturation used: the passage's words, at least `minimumScoredWords`.
    public var scoredLength: Double
    public var own: Double
    /// The neighbours' occurrences, weighted by distance, and their part.
    public var neighbourOccurrences: Double
    public var context: Double
    public var heading: Double
    public var title: Double
    public var description: Double
    /// `inverseDocumentFrequency × weight × (own + context + heading + title + description)`.
    public var score: Double
  }

  public var clauses: [Clause]
  /// The clauses' scores added in order.
  public var sum: Double
  /// Idf-weighted share of the clauses in the passage's own text, and only around it.
  public var ownCoverage: Double
  public var contextCoverage: Double
  /// `ownCoverage + contextCoverageCredit × contextCoverage`.
  public var coverage: Double
  public var coordinationExponent: Double
  /// 1, or `namingFactor` for a passage that merely names the query's topic.
  public var naming: Double
  /// `sum × coverage^coordinationExponent × naming`: the hit's score.
  public var score: Double
  /// The BM25 constants the saturations used.
  public var k1: Double
  public var b: Double
  public var averageWords: Double
}
