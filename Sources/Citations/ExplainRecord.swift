import SearchIndex

/// `search --explain` in JSON (and MCP's `explain`): a hit's `ScoreExplanation`, every
/// number rounded to four decimals as `score` is, so the parts add up to the score within
/// that rounding.
public struct ExplainRecord: Sendable, Encodable, Equatable {
  public struct Clause: Sendable, Encodable, Equatable {
    public var text: String
    public var phrase: Bool
    public var stopWord: Bool
    public var documentFrequency: Int
    public var idf: Double
    public var weight: Double
    /// Occurrences in the passage: forms as written, forms sharing only the stem.
    public var exact: Double
    public var stemmed: Double
    /// The passage length the saturation used (words, at least the minimum scored).
    public var length: Double
    public var own: Double
    public var neighbours: Double
    public var context: Double
    public var heading: Double
    public var title: Double
    public var description: Double
    public var score: Double
  }

  public var score: Double
  public var sum: Double
  public var coverage: Double
  public var ownCoverage: Double
  public var contextCoverage: Double
  public var coordinationExponent: Double
  /// 1, or the share a passage that merely names the query's topic keeps.
  public var naming: Double
  public var k1: Double
  public var b: Double
  public var averageWords: Double
  public var clauses: [Clause]

  public init(_ explanation: ScoreExplanation) {
    let round = Self.rounded
    score = round(explanation.score)
    sum = round(explanation.sum)
    coverage = round(explanation.coverage)
    ownCoverage = round(explanation.ownCoverage)
    contextCoverage = round(explanation.contextCoverage)
    coordinationExponent = explanation.coordinationExponent
    naming = explanation.naming
    k1 = explanation.k1
    b = explanation.b
    averageWords = round(explanation.averageWords)
    clauses = explanation.clauses.map {
      Clause(
        text: $0.text, phrase: $0.isPhrase, stopWord: $0.isStopWord, documentFrequency: $0.documentFrequency,
        idf: round($0.inverseDocumentFrequency), weight: $0.weight, exact: $0.exactOccurrences,
        stemmed: $0.stemmedOccurrences, length: $0.scoredLength, own: round($0.own),
        neighbours: round($0.neighbourOccurrences), context: round($0.context), heading: $0.heading,
        title: $0.title, description: $0.description, score: round($0.score))
    }
  }

  static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
