import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A lone prefix of many terms is ranked block by block, best bound first, stopping when no
/// block can beat the threshold (or, with many postings, by a scan that passes over what
/// cannot): its top hits must be exactly those of scoring every match.
@Suite struct PrefixRankingTests {
  @Test func topHitsEqualScoringEveryMatch() throws {
    var generator = CorpusGenerator(seed: 9, vocabularySize: 600)
    // Longer texts, so that postings fill many blocks and passages repeat terms.
    let documents = generator.documents(talks: 20, pages: 8, wordScale: 0.5)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let context = ScoringContext(
      store: index.store, averageWords: index.statistics.averageWords, passageCount: index.passageCount)
    let stems = CorpusGenerator.syllables + ["t", "s", "m", "ka", "dex", "mer", "co", "vi"]
    var checked = 0
    var byBlocks = 0
    var multiBlock = 0
    for stem in stems {
      let terms = [
        index.dictionary.range(prefix: Array(stem.utf8)),
        index.dictionary.range(prefix: [TermSpace.extraMarker] + Array(stem.utf8)),
      ].flatMap { Array($0) }
      guard terms.count > SearchTuning.maximumPrefixCursors else { continue }
      checked += 1
      let occurrences = terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
      if occurrences <= index.store.passageCount / SearchTuning.prefixBlockRankingShare { byBlocks += 1 }
      // Every match scored: the merged prefix walked in passage order.
      let merged = MergedPrefixScorer(terms: terms, index: index.first)
      var all: [(passage: UInt32, score: Double)] = []
      while merged.current != PostingCursor.exhausted {
        all.append((merged.current, merged.score(context)))
        merged.next()
      }
      all.sort { $0.score > $1.score || ($0.score == $1.score && $0.passage < $1.passage) }
      if terms.contains(where: { index.dictionary.entry($0).blockCount > 1 }) { multiBlock += 1 }
      for limit in [1, 3, 10, 40] {
        let results = try index.search("\(stem)*", limit: limit)
        #expect(results.total == all.count, "\(stem)*")
        let expected = all.prefix(limit)
        let expectedPlaces = expected.map { index.location(ofPassage: Int($0.passage)) }
        #expect(results.hits.map(\.documentIndex) == expectedPlaces.map(\.doc), "\(stem)* top \(limit)")
        #expect(results.hits.map(\.passageIndex) == expectedPlaces.map(\.passage), "\(stem)* top \(limit)")
        #expect(zip(results.hits, expected).allSatisfy { abs($0.score - $1.score) < 1e-9 }, "\(stem)* top \(limit)")
      }
    }
    #expect(checked > 15)
    #expect(byBlocks > 5 && checked - byBlocks > 5, "\(byBlocks) of \(checked) by blocks")
    #expect(multiBlock > 3, "\(multiBlock) of \(checked)")
  }
}
