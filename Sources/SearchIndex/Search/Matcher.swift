/// A node of a running query: walks the ids of matching passages in increasing order.
///
/// `current` is `PostingCursor.exhausted` when done. Scores and positions refer to the
/// passage at `current` and are asked for only when every needed child sits there.
class Matcher {
  var current: UInt32 = PostingCursor.exhausted

  func advance(to target: UInt32) {}
  func next() { advance(to: current &+ 1) }

  /// Slot ranges of what matched at `current`, for phrases, proximity and highlights.
  func positions(into output: inout [SlotRange]) {}
  /// The score at `current` of every scoring leaf positioned there.
  func score(_ context: ScoringContext) -> Double { 0 }
  /// A bound no score at `current` can exceed.
  func upperBound() -> Double { 0 }
  /// Leaves that score, in query order, for proximity.
  func scoringLeaves(into output: inout [Matcher]) {}
  /// Every leaf that can score anywhere (for a bound computed once per query).
  func allScoringLeaves(into output: inout [Matcher]) { scoringLeaves(into: &output) }
  var inverseDocumentFrequency: Double { 0 }
  /// About how many passages it matches: conjunctions lead with their cheapest child.
  var cost: Int { 0 }
}

/// Per-query facts scoring needs.
struct ScoringContext {
  let store: Store
  let averageWords: Double
}

/// Matches nothing (a word absent from the index).
final class EmptyMatcher: Matcher {}

/// Every passage in a range (a query of filters only).
final class RangeMatcher: Matcher {
  let end: UInt32
  init(_ range: Range<UInt32>) {
    end = range.upperBound
    super.init()
    current = range.isEmpty ? PostingCursor.exhausted : range.lowerBound
  }
  override func advance(to target: UInt32) {
    guard current < target else { return }
    current = target < end ? target : PostingCursor.exhausted
  }
  override var cost: Int { Int(end) }
}
