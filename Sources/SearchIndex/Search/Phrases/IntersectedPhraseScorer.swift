/// A phrase whose rarest two words are alike in length (`IndexSegment.intersectsByBits`),
/// as the root of an unfiltered plan: the passages both words hold are found in a bit per
/// passage, as `TermIntersectionScorer` finds them, and the phrase looks for itself only
/// there (its other words leap to each; positions are read where all stand). The leapfrog
/// would take a step or two on both lists for every posting of the rarer word.
///
/// It walks a `PhraseScorer` made unsettled: settling would leapfrog to the first
/// occurrence, which for a phrase that occurs late or never is the whole walk the bits
/// replace. It settles only when a walk by `current` asks for it (the exhaustive oracle,
/// a filter's walk); its own `count` and `collectTop` never do.
final class IntersectedPhraseScorer: OwnWalk {
  let phrase: PhraseScorer
  /// Where the rarest two words are among the phrase's children (each a `TermScorer`).
  let rarest: (Int, Int)
  private let index: IndexSegment
  private var isSettled = false

  init(_ phrase: PhraseScorer, rarest: (Int, Int), index: IndexSegment) {
    self.phrase = phrase
    self.rarest = rarest
    self.index = index
  }

  /// Calls `body` at each passage where `phrase` (this one's, or a fresh copy) occurs: the
  /// common passages of its rarest two words, each looked at by `occurs(at:)`.
  private func forEachOccurrence(of phrase: PhraseScorer, _ body: (UInt32) -> Void) {
    guard let a = phrase.children[rarest.0] as? TermScorer, let b = phrase.children[rarest.1] as? TermScorer else {
      return
    }
    index.forEachCommonPassage(a, b) { passage in
      if phrase.occurs(at: passage) { body(passage) }
    }
  }

  var current: UInt32 {
    if !isSettled {
      isSettled = true
      // Unsettled, `current` is only a bound: the phrase is looked for from there.
      phrase.advance(to: phrase.current)
    }
    return phrase.current
  }

  func advance(to target: UInt32) {
    isSettled = true
    phrase.advance(to: target)
  }

  var cost: Int { phrase.cost }
  var inverseDocumentFrequency: Double { phrase.inverseDocumentFrequency }
  func positions(into output: inout [SlotRange]) { phrase.positions(into: &output) }
  func score(_ context: ScoringContext) -> Double { phrase.score(context) }
  func upperBound() -> Double { phrase.upperBound() }
  func scoringLeaves(into output: inout [any Scorer]) { phrase.scoringLeaves(into: &output) }
  var leavesStandWhereTheyScore: Bool { phrase.leavesStandWhereTheyScore }
  var standsWithItsLeaves: Bool { phrase.standsWithItsLeaves }
  func highlighter() -> any Scorer { phrase.highlighter() }

  /// Its total, on a fresh phrase (the walk moves its words' cursors on).
  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else { return GeneralWalk.count(self, filter: filter) }
    var total = 0
    forEachOccurrence(of: phrase.fresh()) { _ in total += 1 }
    return total
  }

  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil, !isSettled else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    guard collector.limit > 0 else { return count(filter: nil, context: context) }
    return GeneralWalk.collectTop(self, into: &collector, context: context) { body in
      forEachOccurrence(of: phrase, body)
    }
  }
}
