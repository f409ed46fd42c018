/// The walk any scorer can be evaluated by: every match in passage order, leapfrogged with
/// the filter, each bounded before it is scored (`collectTop`); or scored in full, bounds
/// unused (`exhaustive`, the oracle that every specialised scorer is tested against).
enum GeneralWalk {
  /// How many passages `scorer` matches within `filter`.
  static func count(_ scorer: any Scorer, filter: PassageFilter?) -> Int {
    var total = 0
    walk(scorer, filter: filter) { _ in total += 1 }
    return total
  }

  /// The best passages into `collector`; how many matched.
  static func collectTop(
    _ scorer: any Scorer, into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext
  ) -> Int {
    guard collector.limit > 0 else { return count(scorer, filter: filter) }
    return collectTop(scorer, into: &collector, context: context) { body in walk(scorer, filter: filter, body) }
  }

  /// The best passages into `collector`, bounded and scored as `collectTop` does at each
  /// passage `walk` calls its body with (ascending, each one that `scorer` stands at); how
  /// many there were. For a scorer that finds its passages another way than by `next()`.
  @inline(__always)
  static func collectTop(
    _ scorer: any Scorer, into collector: inout TopHits, context: ScoringContext,
    walk: ((UInt32) -> Void) -> Void
  ) -> Int {
    var total = 0
    var allLeaves: [any Scorer] = []
    var leaves: [any Scorer] = []
    var proximity = Proximity()
    scorer.allScoringLeaves(into: &allLeaves)
    // Proximity bound for the whole query, once: every pair bonus is at most weight * idf.
    let bonusBound =
      allLeaves.count > 1
      ? Proximity.weight * allLeaves.reduce(0) { $0 + $1.inverseDocumentFrequency } : 0
    // Leaves that score wherever they stand are found by looking at them: no array of
    // references is built (and each retained) per match.
    let leavesStand = scorer.leavesStandWhereTheyScore
    let leafBoxes = ScorerRef.Boxes(leavesStand ? allLeaves : [])
    let leafIdfs = leavesStand ? allLeaves.map(\.inverseDocumentFrequency) : []
    walk { passage in
      total += 1
      if leavesStand {
        // The bonus bound of the leaves here (their idfs, no positions) is far below the
        // query's where only some words stand, and is known before a length is read.
        let passageBonusBound = Proximity.bound(leafBoxes.refs, idfs: leafIdfs, at: passage)
        guard !collector.isFull || scorer.upperBound() + passageBonusBound > collector.threshold else { return }
        let score = scorer.score(context)
        // The bonus (which reads positions) only when it could lift the passage into the top.
        if !collector.isFull || score + passageBonusBound > collector.threshold {
          collector.insert(passage, score + proximity.bonus(allLeaves, at: passage))
        }
        return
      }
      guard !collector.isFull || scorer.upperBound() + bonusBound > collector.threshold else { return }
      let score = scorer.score(context)
      // The leaves here, and the bonus (which reads positions), only when it could lift
      // the passage into the top hits.
      guard !collector.isFull || score + bonusBound > collector.threshold else { return }
      leaves.removeAll(keepingCapacity: true)
      scorer.scoringLeaves(into: &leaves)
      if !collector.isFull || score + Proximity.bound(leaves) > collector.threshold {
        collector.insert(passage, score + proximity.bonus(leaves))
      }
    }
    return total
  }

  /// Every match scored with its bonus, no bound consulted: the answer every plan must give.
  static func exhaustive(
    _ scorer: any Scorer, into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext
  ) -> Int {
    var total = 0
    var leaves: [any Scorer] = []
    var proximity = Proximity()
    walk(scorer, filter: filter) { passage in
      total += 1
      let score = scorer.score(context)
      leaves.removeAll(keepingCapacity: true)
      scorer.scoringLeaves(into: &leaves)
      collector.insert(passage, score + proximity.bonus(leaves))
    }
    return total
  }

  /// Calls `body` at every passage that `scorer` matches and `filter` accepts, in order:
  /// each leaps to the other's next passage until they agree.
  @inline(__always)
  private static func walk(_ scorer: any Scorer, filter: PassageFilter?, _ body: (UInt32) -> Void) {
    guard let filter else {
      while scorer.current != PostingCursor.exhausted {
        body(scorer.current)
        scorer.next()
      }
      return
    }
    scorer.advance(to: filter.range.lowerBound)
    while scorer.current != PostingCursor.exhausted {
      let passage = scorer.current
      let accepted = filter.nextAccepted(from: passage)
      if accepted != passage {
        guard accepted != PostingCursor.exhausted else { return }
        scorer.advance(to: accepted)
        continue
      }
      body(passage)
      scorer.next()
    }
  }
}
