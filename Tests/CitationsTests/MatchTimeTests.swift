import Citations
import KnowledgeBase
import Testing

/// A hit's deep link points at the cue where the matched words begin, when that is later
/// than the passage start; both times are given.
@Suite struct MatchTimeTests {
  @Test(
    "The link of a match inside a passage points at its cue",
    arguments: [
      // (query, passage start, match start): "the controls" is spoken in the cue at 13 s.
      ("\"the controls that move\"", 10_000, 13_000),
      ("\"move to the side\"", 10_000, 16_500),
      ("\"today we look\"", 10_000, 10_000),
      ("\"hard to tap\"", 16_500, 24_000),
    ])
  func linkAtMatch(query: String, start: Int, matchStart: Int) throws {
    let corpus = try TestCorpus()
    let hit = try #require(try corpus.index().answer(query + " source:tech-talks/900001", limit: 1).hits.first)
    #expect(hit.startMilliseconds == start)
    #expect(hit.matchStartMilliseconds == matchStart)
    #expect(hit.link == "https://developer.apple.com/videos/play/tech-talks/900001/?time=\(matchStart / 1000)")
    // The citation stays the passage's.
    #expect(hit.citation.description.contains("@0:\(start / 1000)"))
  }

  @Test func higHitsHaveNoMatchTime() throws {
    let corpus = try TestCorpus()
    let answer = try corpus.index().answer("kind:hig", limit: 5)
    #expect(!answer.hits.isEmpty)
    #expect(answer.hits.allSatisfy { $0.matchStartMilliseconds == nil })
  }
}
