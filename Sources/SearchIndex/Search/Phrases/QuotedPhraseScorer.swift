/// A quoted phrase: where it occurs inside a passage (`within`, the scorer the phrase's
/// shape chose) or runs on from it into the next passages (`crossing`, `PhraseRunOn`). It
/// scores as one term: a passage where the phrase occurs inside scores as `within` says,
/// one where it only runs on as `crossing` does.
///
/// As the root, `within` ranks with its own loop (a stored pair's blocks, an intersection
/// by bits), then the passages where the phrase only runs on are offered to the same top
/// hits: `TopHits` keeps the best whatever the order they come in. `current` is asked of
/// `within` only when walked, so that a scorer that settles on first use is left unsettled;
/// of `crossing` only where `within` is not at the passage walked to (a highlighter, at a
/// hit inside a passage, does not walk the crossings up to the next one).
final class QuotedPhraseScorer: OwnWalk {
  let within: any Scorer
  /// `within`'s own way to count and rank (`OwnWalk`), where it has one.
  private let withinWalk: (any OwnWalk)?
  let crossing: CrossingPhraseScorer
  /// Where `crossing` is to be advanced to when it is next asked.
  private var crossingTarget: UInt32 = 0

  init(within: any Scorer, crossing: CrossingPhraseScorer) {
    self.within = within
    withinWalk = within as? any OwnWalk
    self.crossing = crossing
  }

  var current: UInt32 {
    let inside = within.current
    // The crossings lie at `crossingTarget` or after.
    if inside <= crossingTarget { return inside }
    crossing.advance(to: crossingTarget)
    return min(inside, crossing.current)
  }

  func advance(to target: UInt32) {
    within.advance(to: target)
    crossingTarget = max(crossingTarget, target)
  }

  private var isWithin: Bool { within.current == current }

  func positions(into output: inout [SlotRange]) {
    if isWithin { within.positions(into: &output) } else { crossing.positions(into: &output) }
  }

  func score(_ context: ScoringContext) -> Double {
    isWithin ? within.score(context) : crossing.score(context)
  }

  func upperBound() -> Double { isWithin ? within.upperBound() : crossing.upperBound() }
  var cost: Int { within.cost }
  var inverseDocumentFrequency: Double { within.inverseDocumentFrequency }
  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

  func highlighter() -> any Scorer {
    QuotedPhraseScorer(within: within.highlighter(), crossing: crossing.highlighter() as! CrossingPhraseScorer)
  }

  /// For a highlighter at `passage` (a hit): the slots, in each passage after it, of a
  /// phrase that runs on from it there and does not occur inside it; nil otherwise.
  func runOn(at passage: UInt32) -> [[SlotRange]]? {
    within.advance(to: passage)
    guard within.current != passage else { return nil }
    return crossing.continuation(at: passage)
  }

  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    (withinWalk?.count(filter: filter, context: context) ?? GeneralWalk.count(within, filter: filter))
      + crossingOnly { _ in }
  }

  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard collector.limit > 0 else { return count(filter: filter, context: context) }
    var total =
      withinWalk?.collectTop(into: &collector, filter: filter, context: context)
      ?? GeneralWalk.collectTop(within, into: &collector, filter: filter, context: context)
    let crossing = crossing
    var added = false
    total += crossingOnly { passage in
      collector.insert(passage, crossing.score(context))
      added = true
    }
    // Matches the caller drops were counted without these.
    if added { collector.droppedMatches = nil }
    return total
  }

  /// Calls `body` at each passage (within the plan's filter, which `crossing` walks with)
  /// where the phrase runs on and does not occur inside; how many there were. `within`
  /// has walked already: a fresh one is asked.
  private func crossingOnly(_ body: (UInt32) -> Void) -> Int {
    let inside = within.highlighter()
    var total = 0
    while crossing.current != PostingCursor.exhausted {
      let passage = crossing.current
      inside.advance(to: passage)
      if inside.current != passage {
        total += 1
        body(passage)
      }
      crossing.advance(to: passage + 1)
    }
    return total
  }
}
