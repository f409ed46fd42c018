import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Testing

@testable import Citations

/// `cite` of words cites a passage only when it has them all, or enough of them to support
/// them as `audit` weighs evidence; else it names the closest passage and cites nothing.
@Suite struct CiteWeakMatchTests {
  @Test func aPassageWithOneOfSeveralWordsIsNotCited() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    // Only "toolbar" is in the corpus: one word of two is no support.
    do {
      _ = try index.citedAnswer("toolbar zebra")
      Issue.record("cited a passage that has one of the two words")
    } catch {
      guard case .weakMatch(let query, let closest, let quote, let support, let threshold) = error else {
        Issue.record("expected weakMatch, got \(error)")
        return
      }
      #expect(query == "toolbar zebra")
      #expect(support < threshold)
      #expect(quote.localizedCaseInsensitiveContains("toolbar"))
      // The closest passage named can be cited by its id.
      #expect(try index.citedAnswer(closest)?.target.quote == quote)
      #expect(error.description.hasPrefix("no passage has enough of the words of 'toolbar zebra' to cite it"))
      #expect(error.description.contains(closest))
    }
  }

  @Test(arguments: [
    "toolbar", "toolbar outer", "toolbar outer display zebra", "The toolbar moves to the side on the outer display",
  ])
  func everyWordOrEnoughOfThemIsCited(query: String) throws {
    let corpus = try TestCorpus()
    let answer = try #require(try corpus.index().citedAnswer(query))
    #expect(answer.target.quote.localizedCaseInsensitiveContains("toolbar"))
  }

  @Test func nothingMatchingIsNilAndAWeakMatchIsAMissOfTheBibliography() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    #expect(try index.citedAnswer("zebra quantum") == nil)
    let outcome = try corpus.base.cite(["toolbar zebra", "wwdc2024/900002@1:10", "zebra"], in: index)
    #expect(outcome.bibliography.cites.map(\.hit.citation.description) == ["wwdc2024/900002@1:10"])
    #expect(outcome.misses.map(\.input) == ["toolbar zebra", "zebra"])
    guard case .weakMatch? = outcome.misses.first?.error else {
      Issue.record("expected weakMatch, got \(String(describing: outcome.misses.first?.error))")
      return
    }
    #expect(outcome.misses.last?.error == nil)
  }

  @Test func aSupportJustBelowTheThresholdIsNeverWordedAsIt() {
    let error = CitationsError.weakMatch(
      query: "q", closest: "tech-talks/1@0:10", quote: String(repeating: "word ", count: 20), support: 0.449,
      threshold: 0.45)
    #expect(error.description.hasSuffix("has a support of 0.44, below 0.45"))
    // A long quote is shortened as verify shortens the quotations it reports.
    #expect(error.description.contains("“\(VerificationReport.shortened(String(repeating: "word ", count: 20)))”"))
    #expect(VerificationReport.shortened(String(repeating: "word ", count: 20)).hasSuffix("…"))
  }
}
