/// A node of a query plan: walks the ids of matching passages in increasing order and
/// scores the passage it sits on (EVALUATION.md).
///
/// `current` is `PostingCursor.exhausted` when done. Scores and positions refer to the
/// passage at `current` and are asked for only when every needed child sits there. Every
/// scorer states its own score, bound and cost: a bound of 0 taken by default would prune a
/// new scorer out of every top-k. What has a default is safe to leave out; a scorer that
/// counts or ranks its passages its own way says so as an `OwnWalk`.
protocol Scorer: AnyObject {
  var current: UInt32 { get }
  func advance(to target: UInt32)
  /// Moves past `current` (by default `advance(to: current + 1)`).
  func next()

  /// Slot ranges of what matched at `current`, for phrases, proximity and highlights.
  func positions(into output: inout [SlotRange])
  /// The score at `current` of every scoring leaf positioned there.
  func score(_ context: ScoringContext) -> Double
  /// A bound no score at `current` can exceed.
  func upperBound() -> Double
  /// About how many passages it matches: conjunctions lead with their cheapest child.
  var cost: Int { get }
  /// The idf of a scoring leaf (proximity weighs pairs of leaves by it); 0 for the others.
  var inverseDocumentFrequency: Double { get }
  /// Leaves that score at `current`, in query order, for proximity.
  func scoringLeaves(into output: inout [any Scorer])
  /// Every leaf that can score anywhere (for a bound computed once per query; by default
  /// `scoringLeaves`).
  func allScoringLeaves(into output: inout [any Scorer])
  /// Whether, wherever it matches, its scoring leaves are exactly those of
  /// `allScoringLeaves` that stand there (`current` at the passage): a walk then finds
  /// them by looking, without building an array of references per match. By default
  /// false, which is always right (the walk then builds the array).
  var leavesStandWhereTheyScore: Bool { get }
  /// Whether it stands wherever one of its leaves does (its `current` is the lowest of
  /// theirs): a leaf, and an OR of such; not an AND, which waits for all. By default
  /// false, which is always right.
  var standsWithItsLeaves: Bool { get }

  /// A new scorer over the same postings, at their start, that finds where known hits
  /// matched: exclusions are left out (the hits passed them), and a scorer without
  /// positions matches everywhere (its words are found again by `QueryPlan.highlightPrefixes`).
  func highlighter() -> any Scorer
}

extension Scorer {
  func next() { advance(to: current &+ 1) }
  func allScoringLeaves(into output: inout [any Scorer]) { scoringLeaves(into: &output) }
  var leavesStandWhereTheyScore: Bool { false }
  var standsWithItsLeaves: Bool { false }
}

/// A scorer that counts and ranks its passages its own way (a word's blocks, two words'
/// bits, a prefix's counters) where it is the root of a plan, rather than by the general
/// walk (`GeneralWalk`), which it falls back on where its way does not apply (a filter).
/// Whether a scorer has one is known when the plan is built (`QueryPlan.rootWalk`).
protocol OwnWalk: Scorer {
  /// How many passages it matches within `filter`.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int
  /// Collects the best passages within `filter` into `collector`; how many matched.
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int
}

/// Per-query facts scoring needs.
struct ScoringContext {
  let store: Store
  /// Of the generation's live passages (`CollectionStatistics`).
  let averageWords: Double
  /// The generation's live passages, for idf.
  let passageCount: Int
}

/// Matches nothing (a word absent from the index).
final class EmptyScorer: OwnWalk {
  var current: UInt32 { PostingCursor.exhausted }
  func advance(to target: UInt32) {}
  func positions(into output: inout [SlotRange]) {}
  func score(_ context: ScoringContext) -> Double { 0 }
  func upperBound() -> Double { 0 }
  var cost: Int { 0 }
  var inverseDocumentFrequency: Double { 0 }
  func scoringLeaves(into output: inout [any Scorer]) {}
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }
  func highlighter() -> any Scorer { EmptyScorer() }
  func count(filter: PassageFilter?, context: ScoringContext) -> Int { 0 }
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int { 0 }
}

/// Every passage in a range, scoring 0 (a query of filters only; a highlighter's stand-in
/// for a scorer without positions).
final class RangeScorer: Scorer {
  private(set) var current: UInt32
  let end: UInt32

  init(_ range: Range<UInt32>) {
    end = range.upperBound
    current = range.isEmpty ? PostingCursor.exhausted : range.lowerBound
  }

  func advance(to target: UInt32) {
    guard current < target else { return }
    current = target < end ? target : PostingCursor.exhausted
  }

  func positions(into output: inout [SlotRange]) {}
  func score(_ context: ScoringContext) -> Double { 0 }
  func upperBound() -> Double { 0 }
  var cost: Int { Int(end) }
  var inverseDocumentFrequency: Double { 0 }
  func scoringLeaves(into output: inout [any Scorer]) {}
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }
  func highlighter() -> any Scorer { RangeScorer(0..<end) }
}
