/// A query compiled against one index (EVALUATION.md): its tree of scorers, each shape's
/// scorer chosen when the tree was built, and the filter the tree is walked with. It
/// answers the query once, then where the hits it found matched.
struct QueryPlan {
  /// How the plan is run.
  enum Evaluation {
    /// The root's own way (`OwnWalk`): each specialised scorer's loop, the general walk
    /// for the rest, bounds skipping what cannot enter the top hits.
    case planned
    /// Every match scored in full, no bound consulted: the oracle the tests hold every
    /// specialised scorer to.
    case exhaustive
  }

  let root: any Scorer
  /// The root's own way to count and rank its passages (`OwnWalk`), where it has one: known
  /// when the plan is built. Nil: the general walk.
  let rootWalk: (any OwnWalk)?
  /// Nil when nothing is filtered.
  let filter: PassageFilter?
  /// Folded prefixes of the query outside any negation: a scorer that merged a prefix's
  /// terms has no positions, so the prefix's words are found again in a hit's text.
  let highlightPrefixes: [[UInt8]]
  let verbatim: Bool
  let context: ScoringContext
  /// The query's quoted phrases outside any negation (`runOns`).
  var quotedPhrases: [QuotedPhraseScorer] = []

  /// Collects the best passages into `collector`; how many matched.
  func run(into collector: inout TopHits, evaluation: Evaluation = .planned) -> Int {
    switch evaluation {
    case .planned:
      guard collector.limit > 0 else {
        return rootWalk?.count(filter: filter, context: context) ?? GeneralWalk.count(root, filter: filter)
      }
      if let rootWalk { return rootWalk.collectTop(into: &collector, filter: filter, context: context) }
      return GeneralWalk.collectTop(root, into: &collector, filter: filter, context: context)
    case .exhaustive:
      return GeneralWalk.exhaustive(root, into: &collector, filter: filter, context: context)
    }
  }

  /// For each of `passages` (hits of this plan), the slots in each passage after it that a
  /// quoted phrase matched there runs on into (`PhraseRunOn`): empty for most, where no
  /// phrase runs on or one occurs inside the hit. Several phrases' are merged.
  func runOns(of passages: [UInt32]) -> [[[SlotRange]]] {
    var result = [[[SlotRange]]](repeating: [], count: passages.count)
    guard !passages.isEmpty else { return result }
    for phrase in quotedPhrases {
      guard let highlighter = phrase.highlighter() as? QuotedPhraseScorer else { continue }
      for position in passages.indices.sorted(by: { passages[$0] < passages[$1] }) {
        guard let runOn = highlighter.runOn(at: passages[position]) else { continue }
        for (offset, slots) in runOn.enumerated() {
          while result[position].count <= offset { result[position].append([]) }
          result[position][offset] += slots.filter { !result[position][offset].contains($0) }
        }
      }
    }
    return result
  }

  /// Where the query matched in each of `passages` (hits of this plan, with their texts
  /// in the same order): whole words, as byte ranges, in that order. One highlighter walks
  /// them in passage order.
  func highlights(of passages: [UInt32], texts: [[UInt8]], in index: IndexSegment) -> [[Range<Int>]] {
    guard !passages.isEmpty else { return [] }
    let highlighter = root.highlighter()
    var ranges = [[Range<Int>]](repeating: [], count: passages.count)
    var scratch = IndexSegment.HighlightScratch()
    scratch.slots.reserveCapacity(64)
    for position in passages.indices.sorted(by: { passages[$0] < passages[$1] }) {
      ranges[position] = index.highlights(
        highlighter, prefixes: highlightPrefixes, verbatim: verbatim, passage: passages[position],
        text: position < texts.count ? texts[position] : [], scratch: &scratch)
    }
    return ranges
  }
}
