import Foundation
import KnowledgeBase
import SearchIndex
import Testing

@testable import Citations

/// A quoted phrase that runs on from one sentence into the next (`PhraseRunOn`) is found by
/// search, quoted and cited whole, as `verify` verifies it; neither crosses a heading.
@Suite struct PhraseRunOnCitationTests {
  static let across = "\"move to the side. Don't put buttons\""

  @Test func aHitQuotesThePassagesThePhraseRunsOnInto() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    for strict in [false, true] {
      let answer = try index.answer(Self.across, limit: 5, scope: SearchScope(strict: strict))
      #expect(answer.total == 1)
      let hit = try #require(answer.hits.first)
      let first = "Today we look at folding screens and the controls that move to the side."
      let second = "Don’t put buttons in the fold, because they’re hard to tap there."
      #expect(hit.quote == first + " " + second)
      #expect(hit.runOnPassages == 1)
      #expect(hit.endMilliseconds == 27_000)
      // The citation and its link are where the quotation begins.
      #expect(hit.citation == index.citationID(document: hit.documentIndex, passage: hit.passageIndex))
      #expect(hit.citation.description.hasPrefix("tech-talks/900001@0:10"))
      let bytes = Array(hit.quote.utf8)
      #expect(
        hit.matchedRanges.map { String(decoding: bytes[$0], as: UTF8.self) } == [
          "move", "to", "the", "side", "Don’t", "put", "buttons",
        ])
    }
    let cited = try #require(try index.citedAnswer(Self.across))
    #expect(cited.target.runOnPassages == 1)
    #expect(cited.target.citation == index.citationID(document: cited.target.documentIndex, passage: 1))
  }

  @Test func verifyAndSearchStopAtAHeading() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    let writeUp = """
      Within a section: “Keep controls inside the safe area. Let backgrounds extend” (hig/testing-layout#Best-practices).

      Across a heading: “Let backgrounds extend to the edges. Avoid placing text” (hig/testing-layout#Best-practices).
      """
    let verdicts = try corpus.verifier().verify(text: writeUp, file: "f")
    // Not verified: the closest passage is shown, as for any misquotation.
    #expect(verdicts.map(\.status) == [.verified, .misquoted])
    #expect(try index.answer("\"the safe area. Let backgrounds extend\"", limit: 5).total == 1)
    let strict = SearchScope(strict: true)
    #expect(try index.answer("\"to the edges. Avoid placing text\"", limit: 5, scope: strict).total == 0)
  }
}
