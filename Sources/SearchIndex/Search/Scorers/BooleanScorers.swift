/// All children match (leapfrog over the rarest first).
final class AndScorer: Scorer {
  let children: [any Scorer]
  /// `children`, called without a reference count per call (`ScorerRef`).
  private let boxes: ScorerRef.Boxes
  /// Children by cost, cheapest first: they propose, the others confirm.
  private let byCost: ScorerRef.Boxes
  /// `byCost` when every child is a `TermScorer`: the leapfrog calls them directly, without
  /// an existential call or a reference count per step (`children` keeps them alive).
  private let termsByCost: [Unmanaged<TermScorer>]?
  private(set) var current = PostingCursor.exhausted

  init(_ children: [any Scorer]) {
    self.children = children
    boxes = ScorerRef.Boxes(children)
    let sorted = children.sorted { $0.cost < $1.cost }
    byCost = ScorerRef.Boxes(sorted)
    let terms = sorted.compactMap { $0 as? TermScorer }
    termsByCost = terms.count == sorted.count ? terms.map { Unmanaged.passUnretained($0) } : nil
    settle(from: children.map(\.current).max() ?? PostingCursor.exhausted)
  }

  private func settle(from start: UInt32) {
    if let terms = termsByCost {
      current = Self.leapfrog(from: start, children: terms.count) { index, target in
        terms[index]._withUnsafeGuaranteedRef { term in
          term.advance(to: target)
          return term.current
        }
      }
      return
    }
    let refs = byCost.refs
    current = Self.leapfrog(from: start, children: refs.count) { index, target in
      refs[index].call { child in
        child.advance(to: target)
        return child.current
      }
    }
  }

  /// Where the children (by cost) agree from `start` on: each in turn is leapt to the
  /// target (`reach` advances child `index` and says where it stands), and one that
  /// passes it makes its place the new target for all (but itself, which stands there).
  @inline(__always)
  private static func leapfrog(from start: UInt32, children count: Int, _ reach: (Int, UInt32) -> UInt32) -> UInt32 {
    var target = start
    // The child that set `target`, standing there already.
    var setter = -1
    outer: while target != PostingCursor.exhausted {
      for index in 0..<count where index != setter {
        let reached = reach(index, target)
        if reached != target {
          target = reached
          setter = index
          continue outer
        }
      }
      break
    }
    return target
  }

  var cost: Int { byCost.refs.first?.call(\.cost) ?? 0 }
  var inverseDocumentFrequency: Double { 0 }

  func advance(to target: UInt32) {
    guard current < target else { return }
    settle(from: target)
  }

  func positions(into output: inout [SlotRange]) {
    for child in children { child.positions(into: &output) }
  }
  func score(_ context: ScoringContext) -> Double {
    boxes.refs.reduce(0) { $0 + $1.score(context) }
  }
  func upperBound() -> Double { boxes.refs.reduce(0) { $0 + $1.upperBound() } }
  func scoringLeaves(into output: inout [any Scorer]) {
    for child in children { child.scoringLeaves(into: &output) }
  }
  var leavesStandWhereTheyScore: Bool { children.allSatisfy(\.leavesStandWhereTheyScore) }
  /// A child may stand where the others do not: its leaves there, the AND past it.
  var standsWithItsLeaves: Bool { false }
  func allScoringLeaves(into output: inout [any Scorer]) {
    for child in children { child.allScoringLeaves(into: &output) }
  }
  func highlighter() -> any Scorer { AndScorer(children.map { $0.highlighter() }) }
}

/// Any child matches.
final class OrScorer: Scorer {
  let children: [any Scorer]
  /// `children`, called without a reference count per call (`ScorerRef`).
  private let boxes: ScorerRef.Boxes
  private(set) var current: UInt32

  init(_ children: [any Scorer]) {
    self.children = children
    boxes = ScorerRef.Boxes(children)
    current = children.reduce(PostingCursor.exhausted) { min($0, $1.current) }
  }

  func advance(to target: UInt32) {
    guard current < target else { return }
    var lowest = PostingCursor.exhausted
    let refs = boxes.refs
    for index in refs.indices {
      lowest = min(
        lowest,
        refs[index].call { child in
          child.advance(to: target)
          return child.current
        })
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
    let refs = boxes.refs
    for index in refs.indices where refs[index].current == current { total += refs[index].score(context) }
    return total
  }
  func upperBound() -> Double {
    var total = 0.0
    let refs = boxes.refs
    for index in refs.indices where refs[index].current == current { total += refs[index].upperBound() }
    return total
  }
  func scoringLeaves(into output: inout [any Scorer]) {
    for index in children.indices where children[index].current == current {
      children[index].scoringLeaves(into: &output)
    }
  }
  /// A child that does not stand here scores nothing here: none of its leaves may stand
  /// here either.
  var leavesStandWhereTheyScore: Bool {
    children.allSatisfy { $0.leavesStandWhereTheyScore && $0.standsWithItsLeaves }
  }
  var standsWithItsLeaves: Bool { children.allSatisfy(\.standsWithItsLeaves) }
  func allScoringLeaves(into output: inout [any Scorer]) {
    for child in children { child.allScoringLeaves(into: &output) }
  }
  func highlighter() -> any Scorer { OrScorer(children.map { $0.highlighter() }) }
}

/// `include` but not `exclude`.
final class ExcludingScorer: Scorer {
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
  var leavesStandWhereTheyScore: Bool { include.leavesStandWhereTheyScore }
  /// Its word may stand where the excluded one does too: there, it does not.
  var standsWithItsLeaves: Bool { false }
  func allScoringLeaves(into output: inout [any Scorer]) { include.allScoringLeaves(into: &output) }
  func highlighter() -> any Scorer { include.highlighter() }
}
