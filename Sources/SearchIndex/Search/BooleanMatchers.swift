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
    for index in children.indices {
      let child = children[index]
      child.advance(to: target)
      lowest = min(lowest, child.current)
    }
    current = lowest
  }

  override var cost: Int { children.reduce(0) { $0 + $1.cost } }

  override func positions(into output: inout [SlotRange]) {
    for index in children.indices where children[index].current == current { children[index].positions(into: &output) }
  }
  override func score(_ context: ScoringContext) -> Double {
    var total = 0.0
    for index in children.indices where children[index].current == current { total += children[index].score(context) }
    return total
  }
  override func upperBound() -> Double {
    var total = 0.0
    for index in children.indices where children[index].current == current { total += children[index].upperBound() }
    return total
  }
  override func scoringLeaves(into output: inout [Matcher]) {
    for index in children.indices where children[index].current == current { children[index].scoringLeaves(into: &output) }
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

  override func next() {
    guard current != PostingCursor.exhausted else { return }
    include.next()
    settle()
  }

  override var cost: Int { include.cost }
  override func positions(into output: inout [SlotRange]) { include.positions(into: &output) }
  override func score(_ context: ScoringContext) -> Double { include.score(context) }
  override func upperBound() -> Double { include.upperBound() }
  override func scoringLeaves(into output: inout [Matcher]) { include.scoringLeaves(into: &output) }
  override func allScoringLeaves(into output: inout [Matcher]) { include.allScoringLeaves(into: &output) }
}
