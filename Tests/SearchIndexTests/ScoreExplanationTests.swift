import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// `search --explain`: the parts of a best-match score are the ranker's own numbers, and
/// they add up to the hit's score exactly as the ranker added them.
@Suite struct ScoreExplanationTests {
  /// Each clause's score from its parts, in the ranker's order; the sum of the clauses; the
  /// score from the sum and the coverage.
  static func expectPartsAddUp(_ ranked: RankedHit, _ query: String) throws {
    let explanation = try #require(ranked.explanation, "\(query): no explanation")
    var sum = 0.0
    for clause in explanation.clauses {
      var part = clause.own
      part += clause.context
      part += clause.heading
      part += clause.title
      part += clause.description
      #expect(clause.weight * clause.inverseDocumentFrequency * part == clause.score, "\(query): \(clause.text)")
      sum += clause.score
    }
    #expect(sum == explanation.sum, "\(query)")
    #expect(
      explanation.sum * pow(explanation.coverage, explanation.coordinationExponent) * explanation.naming
        == explanation.score)
    #expect(explanation.score == ranked.hit.score, "\(query)")
  }

  @Test func everyGeneratedQuerysHitsAddUpAndRankAsWithoutExplaining() throws {
    var generator = CorpusGenerator(seed: 17)
    let documents = generator.documents(talks: 12, pages: 6, wordScale: 0.4)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let queries = QueryGenerator.queries(count: 80, seed: 17, generator: generator, documents: documents)
    var explained = 0
    for query in queries.map(\.ours) {
      let plain = try index.bestMatch(query, limit: 20)
      let explaining = try index.bestMatch(query, limit: 20, explain: true)
      // Explaining changes nothing of the answer.
      #expect(plain.hits.map(\.hit) == explaining.hits.map(\.hit), "\(query)")
      #expect(plain.total == explaining.total)
      for ranked in explaining.hits where ranked.explanation != nil {
        try Self.expectPartsAddUp(ranked, query)
        explained += 1
      }
    }
    #expect(explained > 200, "only \(explained) hits were explained")
  }

  @Test func aStemmedFormAContextWordAndATitleAreNamed() throws {
    let documents = [
      Document(
        id: "wwdc2026/201", kind: .talk, title: "Layouts for adapting", url: "https://example.com/201",
        passages: [
          Passage(kind: .speech, text: "Layouts keep adapting as the window grows.", startMilliseconds: 0),
          Passage(kind: .speech, text: "The toolbar stays put.", startMilliseconds: 4_000),
          Passage(kind: .speech, text: "Nothing else moves on the hinge.", startMilliseconds: 8_000),
        ])
    ]
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let answer = try index.bestMatch("adaptive toolbar", limit: 5, explain: true)
    let first = try #require(answer.hits.first { $0.hit.passage?.text == "The toolbar stays put." })
    try Self.expectPartsAddUp(first, "adaptive toolbar")
    let clauses = try #require(first.explanation?.clauses)
    #expect(clauses.map { $0.text } == ["adaptive", "toolbar"])
    // "adaptive": not in the passage; its neighbour and the title have "adapting" (its stem).
    #expect(clauses[0].own == 0)
    #expect(clauses[0].neighbourOccurrences > 0)
    #expect(clauses[0].title == RankingWeights.standard.titleWeight)
    #expect(clauses[1].exactOccurrences == 1)
    #expect(clauses[1].scoredLength == RankingWeights.standard.minimumScoredWords)
    let adapting = try #require(answer.hits.first { $0.hit.passage?.text.hasPrefix("Layouts") == true })
    #expect(adapting.explanation?.clauses[0].stemmedOccurrences == 1)
    #expect(adapting.explanation?.clauses[0].exactOccurrences == 0)
  }

  @Test func aStrictQueryIsNotExplained() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    // OR says exactly what matches: the strict engine answers, and its scores have no parts.
    let answer = try index.bestMatch("toolbar OR cat", limit: 5, explain: true)
    #expect(!answer.hits.isEmpty)
    #expect(answer.hits.allSatisfy { $0.explanation == nil })
  }
}
