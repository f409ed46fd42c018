import Testing

@testable import SearchIndex

/// The best hits kept, and what `excludes` lets a walk leap over: a bound below the
/// threshold, or equal to it after the worst hit's passage (ties go to the lower passage),
/// never before the hits are full.
@Suite struct TopHitsTests {
  @Test func keepsTheBestWithTiesToTheLowerPassage() {
    var hits = TopHits(limit: 3)
    for (passage, score) in [(9, 1.0), (4, 2.0), (7, 2.0), (2, 2.0), (1, 0.5), (5, 3.0)] {
      hits.insert(UInt32(passage), score)
    }
    #expect(hits.sorted().map(\.passage) == [5, 2, 4])
    #expect(hits.threshold == 2.0)
  }

  @Test(arguments: [
    // bound, from passage, excluded (the worst hit: passage 40, score 2)
    (1.5, UInt32(10), true),
    (1.5, UInt32(90), true),
    (2.0, UInt32(10), false),
    (2.0, UInt32(40), false),
    (2.0, UInt32(41), true),
    (2.5, UInt32(90), false),
  ])
  func excludesBelowTheThresholdAndTiesAfterTheWorstHit(bound: Double, passage: UInt32, excluded: Bool) {
    var hits = TopHits(limit: 2)
    hits.insert(20, 3.0)
    #expect(!hits.excludes(-1, from: 99), "not full: nothing is excluded")
    hits.insert(40, 2.0)
    #expect(hits.excludes(bound, from: passage) == excluded)
  }
}
