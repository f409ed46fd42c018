/// One word's positions at the passages a `CrossingPhraseScorer` looks at. Its scorer walks
/// forward one passage at a time from the first candidate that needs it, and keeps what it
/// stood on: a later candidate looks back at passages an earlier one walked past.
final class WordPositions {
  let scorer: any Scorer
  private var kept: [(passage: UInt32, positions: [SlotRange])] = []

  init(_ scorer: any Scorer) { self.scorer = scorer }

  /// The word's positions at `passage`, nil where it is not; `floor`: no passage before it
  /// will be asked for again.
  func positions(at passage: UInt32, from floor: UInt32) -> [SlotRange]? {
    if let first = kept.firstIndex(where: { $0.passage >= floor }) {
      if first > 0 { kept.removeFirst(first) }
    } else {
      kept.removeAll(keepingCapacity: true)
    }
    if scorer.current < floor { scorer.advance(to: floor) }
    while scorer.current <= passage {
      let here = scorer.current
      if kept.last?.passage != here {
        var positions: [SlotRange] = []
        scorer.positions(into: &positions)
        kept.append((here, positions))
      }
      if here == passage { break }
      scorer.next()
    }
    return kept.last { $0.passage == passage }?.positions
  }
}

/// One word of a phrase, asked at passages in increasing order whether it stands there
/// as wanted (at a passage's first slot, or at its end: `CrossingPhraseScorer.mayCross`),
/// by a scorer of its own, made when first asked.
final class EdgeProbe {
  private let word: any Scorer
  private var scorer: (any Scorer)?
  private var positions: [SlotRange] = []

  init(_ word: any Scorer) { self.word = word }

  /// Whether one of the word's positions at `passage` is `wanted`; false where it is not
  /// there. No passage before one asked about is asked about again.
  func stands(at passage: UInt32, where wanted: (SlotRange) -> Bool) -> Bool {
    let scorer = self.scorer ?? word.highlighter()
    self.scorer = scorer
    scorer.advance(to: passage)
    guard scorer.current == passage else { return false }
    positions.removeAll(keepingCapacity: true)
    scorer.positions(into: &positions)
    return positions.contains(where: wanted)
  }
}
