import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A walk finds the leaves that score at a match by looking at which stand there, when the
/// plan says its leaves stand where they score (`leavesStandWhereTheyScore`): at every
/// match of every such plan, that must be exactly what the tree itself answers.
@Suite struct StandingLeavesTests {
  static func identities(_ leaves: [any Scorer]) -> [ObjectIdentifier] { leaves.map { ObjectIdentifier($0) } }

  @Test func standingLeavesAreTheLeavesTheTreeScores() throws {
    var generator = CorpusGenerator(seed: 43, vocabularySize: 700)
    let documents = generator.documents(talks: 12, pages: 6, wordScale: 0.3)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let words = QueryGenerator.queries(count: 120, seed: 5, generator: generator, documents: documents)
      .filter { ["common", "rare", "identifier"].contains($0.kind) }.map(\.ours)
    var queries: [String] = []
    for number in 0..<(words.count - 2) {
      let (a, b, c) = (words[number], words[number + 1], words[number + 2])
      queries += [
        "\(a) \(b)", "(\(a) OR \(b)) \(c)", "\(a) OR \(b) OR \(c)", "\"\(a) \(b)\" OR \(c)", "\(a) \(b) -\(c)",
        "(\(a) OR \(b)) -\(c)", "\(a) OR (\(b) \(c))", "\(a) OR (\(b) -\(c))", "(\(a) \(b)) OR (\(b) \(c))",
      ]
    }
    var standing = 0
    var matches = 0
    for query in queries {
      let parsed = try QueryParser.parse(query)
      let plan = try QueryCompiler(index: index.first, verbatim: false).plan(parsed, filters: .init())
      let root = plan.root
      // An OR over an AND or an exclusion may hold leaves that stand where it scores none.
      if query.contains("OR (") { #expect(!root.leavesStandWhereTheyScore, "\(query)") }
      guard root.leavesStandWhereTheyScore else { continue }
      standing += 1
      var all: [any Scorer] = []
      root.allScoringLeaves(into: &all)
      while root.current != PostingCursor.exhausted {
        let passage = root.current
        var scored: [any Scorer] = []
        root.scoringLeaves(into: &scored)
        #expect(
          Self.identities(scored) == Self.identities(all.filter { $0.current == passage }), "\(query) at \(passage)")
        matches += 1
        root.next()
      }
    }
    #expect(standing > 50 && matches > 500)
  }

  /// Once an AND runs out, a word it leapt with may still stand where the AND scores
  /// nothing. `lettuce` (written and inside `lettuceBowl`: two forms, so it costs more
  /// than `beet` and is led by it) ends at the first passage: the AND leaps `beet` to the
  /// second and is exhausted there, and `radish OR (beet lettuce)` scores `radish` alone
  /// where `beet` stands too.
  @Test func anExhaustedAndLeavesAWordStandingWhereItScoresNothing() throws {
    let passages = ["lettuce lettuceBowl", "radish beet"].map { Passage(kind: .text, text: $0) }
    let document = Document(
      id: "hig/vegetables", kind: .hig, title: "Vegetables", url: "https://example.com/hig/vegetables",
      passages: passages)
    let (index, directory) = try IndexFixture.build([document])
    defer { try? FileManager.default.removeItem(at: directory) }
    let parsed = try QueryParser.parse("radish OR (beet lettuce)")
    let root = try QueryCompiler(index: index.first, verbatim: false).plan(parsed, filters: .init()).root
    #expect(!root.leavesStandWhereTheyScore)
    var all: [any Scorer] = []
    root.allScoringLeaves(into: &all)
    #expect(root.current == 1)
    var scored: [any Scorer] = []
    root.scoringLeaves(into: &scored)
    #expect(scored.count == 1 && all.filter { $0.current == 1 }.count == 2)
  }
}
