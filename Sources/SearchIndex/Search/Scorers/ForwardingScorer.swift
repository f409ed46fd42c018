/// A scorer that walks, scores and highlights as the one it holds (`inner`) does, and only
/// counts or ranks its passages its own way (`OwnWalk`): the shapes of two words
/// (`TermPairScorers.swift`) over an AND, an OR or an exclusion. Every call goes on to
/// `inner`, whose type is known where the calls are compiled: direct calls, no existential
/// or class method looked up in between.
protocol ForwardingScorer: Scorer {
  associatedtype Inner: Scorer
  var inner: Inner { get }
}

extension ForwardingScorer {
  var current: UInt32 { inner.current }
  func advance(to target: UInt32) { inner.advance(to: target) }
  func next() { inner.next() }
  func positions(into output: inout [SlotRange]) { inner.positions(into: &output) }
  func score(_ context: ScoringContext) -> Double { inner.score(context) }
  func upperBound() -> Double { inner.upperBound() }
  var cost: Int { inner.cost }
  var inverseDocumentFrequency: Double { inner.inverseDocumentFrequency }
  func scoringLeaves(into output: inout [any Scorer]) { inner.scoringLeaves(into: &output) }
  func allScoringLeaves(into output: inout [any Scorer]) { inner.allScoringLeaves(into: &output) }
  var leavesStandWhereTheyScore: Bool { inner.leavesStandWhereTheyScore }
  var standsWithItsLeaves: Bool { inner.standsWithItsLeaves }
  func highlighter() -> any Scorer { inner.highlighter() }
}
