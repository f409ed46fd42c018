/// All children match (leapfrog over the rarest first).
final class AndMatcher: Matcher {
  let children: [Matcher]
  /// Children by cost, cheapest first: they propose, the others confirm.
  private let byCost: [Matcher]

  init(_ children: [Matcher]) {
    self.children = children
    byCost = children.sorted { $0.cost < $1.cost }
    super.init()
    settle(from: children.map(\.current).max() ?? PostingCursor.exhausted)
  }

  private func settle(from start: UInt32) {
    var target = start
    outer: while target != PostingCursor.exhausted {
      for child in byCost {
        child.advance(to: target)
        if child.current != target {
          target = child.current
          continue outer
        }
      }
      break
    }
    current = target
  }

  override var cost: Int { byCost.first?.cost ?? 0 }

  override func advance(to target: UInt32) {
    guard current < target else { return }
    settle(from: target)
  }

  override func positions(into output: inout [SlotRange]) {
    for child in children { child.positions(into: &output) }
  }
  override func score(_ context: ScoringContext) -> Double {
    children.reduce(0) { $0 + $1.score(context) }
  }
  override func upperBound() -> Double { children.reduce(0) { $0 + $1.upperBound() } }
  override func scoringLeaves(into output: inout [Matcher]) {
    for child in children { child.scoringLeaves(into: &output) }
  }
  override func allScoringLeaves(into output: inout [Matcher]) {
    for child in children { child.allScoringLeaves(into: &output) }
  }
}

/// Any child matches.
final class OrMatcher: Matcher {
  let children: [Matcher]

  init(_ children: [Matcher]) {
    self.children = children
    super.init()
    current = children.reduce(PostingCursor.exhausted) { min($0, $1.current) }
  }

  override func advance(to target: UInt32) {
    guard current < target else { return }
    var lowest = PostingCursor.exhausted
    for child in children {
      child.advance(to: target)
      lowest = min(lowest, child.current)
    }
    current = lowest
  }

  override var cost: Int { children.reduce(0) { $0 + $1.cost } }

  override func positions(into output: inout [SlotRange]) {
    for child in children where child.current == current { child.positions(into: &output) }
  }
  override func score(_ context: ScoringContext) -> Double {
    var total = 0.0
    for child in children where child.current == current { total += child.score(context) }
    return total
  }
  override func upperBound() -> Double {
    var total = 0.0
    for child in children where child.current == current { total += child.upperBound() }
    return total
  }
  override func scoringLeaves(into output: inout [Matcher]) {
    for child in children where child.current == current { child.scoringLeaves(into: &output) }
  }
  override func allScoringLeaves(into output: inout [Matcher]) {
    for child in children { child.allScoringLeaves(into: &output) }
  }
}

/// `include` but not `exclude`.
final class ExcludingMatcher: Matcher {
  let include: Matcher
  let exclude: Matcher

  init(include: Matcher, exclude: Matcher) {
    self.include = include
    self.exclude = exclude
    super.init()
    settle()
  }

  private func settle() {
    while include.current != PostingCursor.exhausted {
      exclude.advance(to: include.current)
      if exclude.current != include.current { break }
      include.next()
    }
    current = include.current
  }

  override func advance(to target: UInt32) {
    guard current < target else { return }
    include.advance(to: target)
    settle()
  }

  override var cost: Int { include.cost }
  override func positions(into output: inout [SlotRange]) { include.positions(into: &output) }
  override func score(_ context: ScoringContext) -> Double { include.score(context) }
  override func upperBound() -> Double { include.upperBound() }
  override func scoringLeaves(into output: inout [Matcher]) { include.scoringLeaves(into: &output) }
  override func allScoringLeaves(into output: inout [Matcher]) { include.allScoringLeaves(into: &output) }
}

/// Children at consecutive slots: each starts in the slot after the previous one ends.
/// Scored as one term whose frequency is the number of occurrences of the phrase.
final class PhraseMatcher: Matcher {
  let children: [Matcher]
  let idf: Double
  private var candidates: [SlotRange] = []
  private var nextCandidates: [SlotRange] = []
  private var childPositions: [SlotRange] = []
  /// Where the phrase matched at `current` (start of first word, end of last).
  private var matches: [SlotRange] = []

  private let byCost: [Matcher]

  init(_ children: [Matcher], idf: Double) {
    self.children = children
    self.idf = idf
    byCost = children.sorted { $0.cost < $1.cost }
    super.init()
    settle(from: children.map(\.current).max() ?? PostingCursor.exhausted)
  }

  override var inverseDocumentFrequency: Double { idf }

  override var cost: Int { byCost.first?.cost ?? 0 }

  private func settle(from start: UInt32) {
    var target = start
    outer: while target != PostingCursor.exhausted {
      for child in byCost {
        child.advance(to: target)
        if child.current != target {
          target = child.current
          continue outer
        }
      }
      if matchPositions() { break }
      target += 1
    }
    current = target
  }

  private func matchPositions() -> Bool {
    candidates.removeAll(keepingCapacity: true)
    children[0].positions(into: &candidates)
    for child in children.dropFirst() {
      childPositions.removeAll(keepingCapacity: true)
      child.positions(into: &childPositions)
      nextCandidates.removeAll(keepingCapacity: true)
      // Both lists are sorted by start; a chain continues where a child starts right after it ends.
      for chain in candidates {
        for position in childPositions where position.start == chain.end &+ 1 {
          nextCandidates.append(SlotRange(start: chain.start, end: position.end))
        }
      }
      swap(&candidates, &nextCandidates)
      if candidates.isEmpty { return false }
      candidates.sort()
    }
    matches = candidates
    return !matches.isEmpty
  }

  override func advance(to target: UInt32) {
    guard current < target else { return }
    settle(from: target)
  }

  override func positions(into output: inout [SlotRange]) { output.append(contentsOf: matches) }

  override func score(_ context: ScoringContext) -> Double {
    let passage = Int(current)
    return idf * BM25.saturation(
      frequency: Double(matches.count), length: Double(context.store.wordCount(passage)),
      averageLength: context.averageWords)
  }

  override func upperBound() -> Double { idf * (BM25.k1 + 1) }
  override func scoringLeaves(into output: inout [Matcher]) { output.append(self) }
}
