/// All children match (leapfrog over the rarest first).
final class AndScorer: Scorer {
  let children: [any Scorer]
  /// Children by cost, cheapest first: they propose, the others confirm.
  private let byCost: [any Scorer]
  /// `byCost` when every child is a `TermScorer`: the leapfrog calls them directly, without
  /// an existential call or a reference count per step (`children` keeps them alive).
  private let termsByCost: [Unmanaged<TermScorer>]?
  private(set) var current = PostingCursor.exhausted

  init(_ children: [any Scorer]) {
    self.children = children
    byCost = children.sorted { $0.cost < $1.cost }
    let terms = byCost.compactMap { $0 as? TermScorer }
    termsByCost = terms.count == byCost.count ? terms.map { Unmanaged.passUnretained($0) } : nil
    settle(from: children.map(\.current).max() ?? PostingCursor.exhausted)
  }

  private func settle(from start: UInt32) {
    var target = start
    if let terms = termsByCost {
      outer: while target != PostingCursor.exhausted {
        for index in terms.indices {
          let reached = terms[index]._withUnsafeGuaranteedRef { term in
            term.advance(to: target)
            return term.current
          }
          if reached != target {
            target = reached
            continue outer
          }
        }
        break
      }
      current = target
      return
    }
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

  var cost: Int { byCost.first?.cost ?? 0 }
  var inverseDocumentFrequency: Double { 0 }

  func advance(to target: UInt32) {
    guard current < target else { return }
    settle(from: target)
  }

  func positions(into output: inout [SlotRange]) {
    for child in children { child.positions(into: &output) }
  }
  func score(_ context: ScoringContext) -> Double {
    children.reduce(0) { $0 + $1.score(context) }
  }
  func upperBound() -> Double { children.reduce(0) { $0 + $1.upperBound() } }
  func scoringLeaves(into output: inout [any Scorer]) {
    for child in children { child.scoringLeaves(into: &output) }
  }
  func allScoringLeaves(into output: inout [any Scorer]) {
    for child in children { child.allScoringLeaves(into: &output) }
  }
  func highlighter() -> any Scorer { AndScorer(children.map { $0.highlighter() }) }
}

/// Any child matches. Not final: `TermUnionScorer` ranks two words its own way.
class OrScorer: Scorer {
  let children: [any Scorer]
  private(set) var current: UInt32

  init(_ children: [any Scorer]) {
    self.children = children
    current = children.reduce(PostingCursor.exhausted) { min($0, $1.current) }
  }

  func advance(to target: UInt32) {
    guard current < target else { return }
    var lowest = PostingCursor.exhausted
    for index in children.indices {
      let child = children[index]
      child.advance(to: target)
      lowest = min(lowest, child.current)
    }
    current = lowest
  }

  var cost: Int { children.reduce(0) { $0 + $1.cost } }
  var inverseDocumentFrequency: Double { 0 }

  func positions(into output: inout [SlotRange]) {
    for index in children.indices where children[index].current == current { children[index].positions(into: &output) }
  }
  func score(_ context: ScoringContext) -> Double {
    var total = 0.0
    for index in children.indices where children[index].current == current { total += children[index].score(context) }
    return total
  }
  func upperBound() -> Double {
    var total = 0.0
    for index in children.indices where children[index].current == current { total += children[index].upperBound() }
    return total
  }
  func scoringLeaves(into output: inout [any Scorer]) {
    for index in children.indices where children[index].current == current {
      children[index].scoringLeaves(into: &output)
    }
  }
  func allScoringLeaves(into output: inout [any Scorer]) {
    for child in children { child.allScoringLeaves(into: &output) }
  }
  func highlighter() -> any Scorer { OrScorer(children.map { $0.highlighter() }) }

  // Declared here (not only in the protocol's extension) so that a subclass can override.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int { GeneralWalk.count(self, filter: filter) }
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
  }
}

/// `include` but not `exclude`. Not final: `TermExclusionScorer` ranks two words its own way.
class ExcludingScorer: Scorer {
  let include: any Scorer
  let exclude: any Scorer
  private(set) var current = PostingCursor.exhausted

  init(include: any Scorer, exclude: any Scorer) {
    self.include = include
    self.exclude = exclude
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

  func advance(to target: UInt32) {
    guard current < target else { return }
    include.advance(to: target)
    settle()
  }

  func next() {
    guard current != PostingCursor.exhausted else { return }
    include.next()
    settle()
  }

  var cost: Int { include.cost }
  var inverseDocumentFrequency: Double { 0 }
  func positions(into output: inout [SlotRange]) { include.positions(into: &output) }
  func score(_ context: ScoringContext) -> Double { include.score(context) }
  func upperBound() -> Double { include.upperBound() }
  func scoringLeaves(into output: inout [any Scorer]) { include.scoringLeaves(into: &output) }
  func allScoringLeaves(into output: inout [any Scorer]) { include.allScoringLeaves(into: &output) }
  func highlighter() -> any Scorer { include.highlighter() }

  // Declared here (not only in the protocol's extension) so that a subclass can override.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int { GeneralWalk.count(self, filter: filter) }
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
  }
}
