import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// Two words alike in length, each of several forms (a word and its plural): their common
/// passages are found in a bit per passage (`IndexSegment.forEachCommonPassage`), the
/// looked-up word's finds merged form by form, for `a b` and for a phrase whose rarest two
/// words they are. The answers must be the exhaustive evaluation's.
@Suite struct SeveralFormsJoinTests {
  /// 12,000 passages: `button`/`buttons` in about a fifth, `window`/`windows` in about a
  /// sixth, `toolbar` in a tenth, side by side now and then (in either order and form, so
  /// that the phrase occurs in some common passages and not in others).
  static func documents() -> [Document] {
    var random = SplitMix64(seed: 83)
    let filler = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
    func pick(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
    var documents: [Document] = []
    for page in 0..<8 {
      var passages: [Passage] = []
      for _ in 0..<1_500 {
        var words = (0..<(2 + Int(random.next() % 8))).map { _ in pick(filler) }
        func insert(_ word: String) { words.insert(word, at: Int(random.next() % UInt64(words.count + 1))) }
        let button = random.next() % 5 == 0
        let window = random.next() % 6 == 0
        if button && window && random.next() % 2 == 0 {
          // Side by side: the phrase `button window` in one of its forms, or the other order.
          let pair = [pick(["button", "buttons"]), pick(["window", "windows"])]
          let joined = random.next() % 3 == 0 ? "\(pair[1]) \(pair[0])" : "\(pair[0]) \(pair[1])"
          insert(random.next() % 4 == 0 ? "toolbar \(joined)" : joined)
        } else {
          if button { insert(pick(["button", "buttons"])) }
          if window { insert(pick(["window", "windows"])) }
        }
        if random.next() % 10 == 0 { insert("toolbar") }
        passages.append(Passage(kind: .text, text: words.joined(separator: " ") + "."))
      }
      documents.append(
        Document(
          id: "hig/forms-\(page)", kind: .hig, title: "Page \(page)", url: "https://example.com/forms/\(page)",
          passages: passages))
    }
    return documents
  }

  @Test func commonPassagesOfTwoWordsOfSeveralFormsAreFoundByBits() throws {
    let (index, directory) = try IndexFixture.build(Self.documents())
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    func term(_ word: String) throws -> TermScorer {
      try #require(
        try QueryCompiler(index: segment, verbatim: false).plan(try QueryParser.parse(word), filters: .init()).root
          as? TermScorer)
    }
    // `toolbar` has one form: the other word is then the one marked.
    for (first, second) in [("button", "window"), ("windows", "buttons"), ("toolbar", "button")] {
      let (a, b) = (try term(first), try term(second))
      #expect(a.cursors.count == (first == "toolbar" ? 1 : 2) && b.cursors.count == 2, "\(first) \(second)")
      #expect(segment.intersectsByBits(a, b), "\(first) \(second)")
      let common = EvaluationOracleTests.expectCommonPassages(segment, a, b, "\(first) \(second)")
      #expect(common > 100, "\(first) \(second)")
    }
  }

  @Test func wordsAndPhrasesOfSeveralFormsAnswerAsTheExhaustiveEvaluation() throws {
    let documents = Self.documents()
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let shapes: [(query: String, root: any Scorer.Type)] = [
      ("button window", TermIntersectionScorer.self),
      ("windows buttons", TermIntersectionScorer.self),
      ("\"button window\"", IntersectedPhraseScorer.self),
      ("\"buttons windows\"", IntersectedPhraseScorer.self),
      ("\"window button\"", IntersectedPhraseScorer.self),
      ("\"toolbar button window\"", IntersectedPhraseScorer.self),
    ]
    for (query, root) in shapes {
      let parsed = try QueryParser.parse(query)
      let plan = try QueryCompiler(index: index.first, verbatim: false).plan(parsed, filters: .init())
      #expect(type(of: plan.shapeRoot) == root, "\(query)")
      for filters in [SearchFilters(), SearchFilters(sources: [documents[1].id, documents[6].id])] {
        for limit in [0, 1, 10, 200, 5_000] {
          for verbatim in [false, true] {
            let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: filters)
            let oracle = try index.search(
              parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: .exhaustive)
            #expect(planned == oracle, "\(query) \(filters) top \(limit) verbatim \(verbatim)")
            #expect(planned.total > 0, "\(query)")
          }
        }
      }
    }
  }
}
