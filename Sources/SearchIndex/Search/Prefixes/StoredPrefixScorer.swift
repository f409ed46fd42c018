/// A prefix of many terms read from the list its segment stores (`StoredPrefixes`): one
/// term's postings, each passage's frequency the sum of its terms' as `MergedPrefixScorer`
/// merges them, and no title or heading flags, so that it scores as the merged prefix does.
/// Alone it is ranked as a word is, block by block with the blocks' bounds.
///
/// The list has no positions: like a merged prefix, it gives none, and its highlighter
/// matches everywhere (its words are found again in the text by their prefix).
final class StoredPrefixScorer: OwnWalk {
  private let list: TermScorer
  private let passageCount: Int

  init(_ list: TermScorer, passageCount: Int) {
    self.list = list
    self.passageCount = passageCount
  }

  var current: UInt32 { list.current }
  func advance(to target: UInt32) { list.advance(to: target) }
  func next() { list.next() }

  func positions(into output: inout [SlotRange]) {}

  func score(_ context: ScoringContext) -> Double { list.score(context) }
  func upperBound() -> Double { list.upperBound() }
  var cost: Int { list.cost }
  var inverseDocumentFrequency: Double { list.idf }

  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }
  // A leaf: it scores wherever it stands.
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

  func highlighter() -> any Scorer { RangeScorer(0..<UInt32(passageCount)) }

  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    filter == nil ? list.count(filter: nil, context: context) : GeneralWalk.count(self, filter: filter)
  }

  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    return list.collectTop(into: &collector, filter: nil, context: context)
  }
}
