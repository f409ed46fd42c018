import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A lone prefix of many terms is ranked block by block, best bound first, stopping when no
/// block can beat the threshold (or, with many postings, by a scan that passes over what
/// cannot, a window of passages at a time): its top hits must be exactly those of scoring
/// every match.
@Suite struct PrefixRankingTests {
  @Test func theCutBySaturationHoldsUnlessAPassageLeftOutCouldTie() {
    func holds(_ idf: Double, worst: (UInt32, Double), cut: (UInt32, Double)) -> Bool {
      IndexSegment.cutHolds(
        idf: idf, worstKept: .init(passage: worst.0, score: worst.1), cut: .init(passage: cut.0, score: cut.1))
    }
    // Left out: scores below the cut.
    #expect(holds(3.7, worst: (5, 1.0), cut: (9, 3.7 * 1.25)))
    // Equal to the cut: only if no smaller saturation rounds to it, and later than the cut.
    #expect(holds(2, worst: (9, 1.25), cut: (5, 2.5)))
    #expect(!holds(2, worst: (4, 1.25), cut: (5, 2.5)))
    // 1e-300 scales neighbouring saturations to one score.
    let tiny = 1e-300 * 1e-20
    #expect(!holds(1e-300, worst: (9, 1e-20), cut: (5, tiny)))
    // No idf that keeps the order.
    for idf in [0, -1, .infinity, .nan] { #expect(!holds(idf, worst: (9, 1.0), cut: (5, 2.0))) }
  }

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
    var windowed = 0
    for stem in stems {
      let terms = [
        index.dictionary.range(prefix: Array(stem.utf8)),
        index.dictionary.range(prefix: [TermSpace.extraMarker] + Array(stem.utf8)),
      ].flatMap { Array($0) }
      guard terms.count > SearchTuning.maximumPrefixCursors else { continue }
      checked += 1
      let occurrences = terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
      if occurrences <= index.store.passageCount / SearchTuning.prefixBlockRankingShare { byBlocks += 1 }
      // Merged for a walk: every passage once, in order, its frequencies summed (to 255),
      // by sorting or by windows of any size.
      var sums: [UInt32: UInt32] = [:]
      PrefixPostings(terms: terms, index: index.first).forEachBlock(
        idLimit: index.store.passageCount, scratch: PostingCursor.DecodeScratch()
      ) { _, _, ids, words, count in
        for position in 0..<count {
          sums[ids[position], default: 0] += UInt32(PrefixBits.frequency(words[position]))
        }
      }
      let mergedIds = sums.keys.sorted()
      for window in [1, 7, 64, index.store.passageCount] {
        let merged = MergedPrefixScorer.merge(terms: terms, index: index.first, windowPassages: window)
        #expect(merged.ids == mergedIds, "\(stem)* merged, window \(window)")
        #expect(merged.frequencies == mergedIds.map { min(255, sums[$0]!) }, "\(stem)* merged, window \(window)")
      }
      // Every match scored: the merged prefix walked in passage order.
      let merged = MergedPrefixScorer(terms: terms, index: index.first)
      var all: [(passage: UInt32, score: Double)] = []
      while merged.current != PostingCursor.exhausted {
        all.append((merged.current, merged.score(context)))
        merged.next()
      }
      all.sort { $0.score > $1.score || ($0.score == $1.score && $0.passage < $1.passage) }
      if terms.contains(where: { index.dictionary.entry($0).blockCount > 1 }) { multiBlock += 1 }
      if occurrences > index.store.passageCount / SearchTuning.prefixBlockRankingShare {
        // Many postings, counted a window at a time: every window size, down to a passage
        // per window, and the idf given from the start, rank as every match scored.
        let idf = BM25.idf(documentFrequency: all.count, count: context.passageCount)
        for window in [1, 7, 64, 1_000, index.store.passageCount] {
          for limit in [0, 1, 10, 40] {
            let postings = PrefixPostings(terms: terms, index: index.first)
            var collector = TopHits(limit: limit)
            let total = index.first.collectManyPrefixPostings(
              postings, documentFrequency: nil, context: context, into: &collector, windowPassages: window)
            var withIdf = TopHits(limit: limit)
            let again = index.first.rankByWindows(
              postings, idf: idf, context: context, into: &withIdf, windowPassages: window)
            #expect(total == all.count && again == all.count, "\(stem)* window \(window)")
            for hits in [collector.sorted(), withIdf.sorted()] {
              #expect(hits.map(\.passage) == all.prefix(limit).map(\.passage), "\(stem)* window \(window) top \(limit)")
              #expect(hits.map(\.score) == all.prefix(limit).map(\.score), "\(stem)* window \(window) top \(limit)")
            }
          }
        }
        windowed += 1
      }
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
    #expect(windowed > 5, "\(windowed) of \(checked) by windows")
  }
}
