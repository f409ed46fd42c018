/// Children at consecutive slots: each starts in the slot after the previous one ends.
/// Scored as one term whose frequency is the number of occurrences of the phrase.
///
/// `advance(to:checkingBelow:)` looks for the phrase only below a limit, for an owner that
/// knows it matches from there anyway (`WordOrPhrasesScorer`): at or past the limit the
/// phrase stops at once, `current` then only a bound (no occurrence before it), and
/// `check()` finds out about that passage when it is wanted.
///
/// The rarest child leads: the others leap to its passages, and positions are decoded only
/// where every child sits on the same passage. Under a filter (`within`), the passages it
/// leaves out are leapt over too: the phrase then matches only where the filter accepts,
/// which changes nothing for a walk that visits only those.
final class PhraseScorer: Scorer {
  let children: [any Scorer]
  let idf: Double
  private let filter: PassageFilter?
  /// Whether it found its first match when made (false when its owner advances it).
  private let settles: Bool
  private(set) var current = PostingCursor.exhausted
  private var nextCandidates: [SlotRange] = []
  private var childPositions: [SlotRange] = []
  /// Where the phrase matched at `current` (start of first word, end of last).
  private var matches: [SlotRange] = []
  private var state = State.matched

  private enum State {
    /// The phrase occurs at `current` (or it is exhausted).
    case matched
    /// It does not occur before `current`; at `current` it is not known yet.
    case bounded
    /// Every child is at `current`, but not at consecutive slots.
    case rejected
  }

  private let byCost: [any Scorer]
  /// `byCost` when every child is a `TermScorer` (the usual phrase): the leapfrog then
  /// calls them directly, without an existential call or a reference count per step
  /// (`children` keeps them alive).
  private let termsByCost: [Unmanaged<TermScorer>]?
  /// `children` when every one is a `TermScorer`, for `matchPositions`, likewise.
  private let termsInOrder: [Unmanaged<TermScorer>]?

  /// `settles: false` leaves `current` a bound, for an owner that advances it with a limit.
  init(_ children: [any Scorer], idf: Double, settles: Bool = true, within filter: PassageFilter? = nil) {
    self.children = children
    self.idf = idf
    self.settles = settles
    self.filter = filter
    byCost = children.sorted { $0.cost < $1.cost }
    let terms = byCost.compactMap { $0 as? TermScorer }
    termsByCost = terms.count == byCost.count ? terms.map { Unmanaged.passUnretained($0) } : nil
    termsInOrder =
      termsByCost == nil ? nil : children.map { Unmanaged.passUnretained($0 as! TermScorer) }
    let start = children.map(\.current).max() ?? PostingCursor.exhausted
    if settles {
      settle(from: start, checkingBelow: PostingCursor.exhausted)
    } else {
      state = .bounded
      current = start
    }
  }

  var inverseDocumentFrequency: Double { idf }

  var cost: Int { byCost.first?.cost ?? 0 }

  /// Whether the phrase occurs at `current` (false where it is only a bound).
  var isMatched: Bool { state == .matched }

  /// How often the phrase occurs at `current`, once it is matched.
  var matchCount: Int { matches.count }

  /// Whether the phrase occurs at `current`, finding out if `current` is only a bound
  /// (when it does not, `current` may move on to a later bound).
  @discardableResult
  func check() -> Bool {
    guard state == .bounded else { return state == .matched }
    let target = current
    let (reached, _) = gather(at: target)
    if reached != target {
      current = reached
      return false
    }
    state = matchPositions() ? .matched : .rejected
    return state == .matched
  }

  /// Whether the phrase occurs at `passage`, looking at no other passage: for a walk that
  /// knows every passage where it can occur (`IntersectedPhraseScorer`), between which it
  /// must not leap on its own. Passages come in order; one before `current` has no
  /// occurrence (none lies before it).
  func occurs(at passage: UInt32) -> Bool {
    if passage < current { return false }
    if passage == current { return check() }
    let (reached, _) = gather(at: passage)
    current = reached
    guard reached == passage else {
      // No occurrence up to where a word is next: a bound there.
      state = .bounded
      return false
    }
    state = matchPositions() ? .matched : .rejected
    return state == .matched
  }

  private func settle(from start: UInt32, checkingBelow limit: UInt32) {
    var target = start
    // The child that set `target`, standing there already (-1: none).
    var setter = -1
    outer: while target != PostingCursor.exhausted {
      if let filter {
        let accepted = filter.nextAccepted(from: target)
        if accepted != target { setter = -1 }
        target = accepted
        if target == PostingCursor.exhausted { break }
      }
      if target >= limit {
        state = .bounded
        current = target
        return
      }
      let (reached, child) = gather(at: target, skipping: setter)
      if reached != target {
        target = reached
        setter = child
        continue outer
      }
      if matchPositions() { break }
      target += 1
      setter = -1
    }
    state = .matched
    current = target
  }

  /// Advances the children, rarest first (but `setter`, which stands at `target`), to
  /// `target`: `target` when every one sits there, else the first passage past it that
  /// one of them reached (where to look next) and which one (its index in `byCost`).
  @inline(__always)
  private func gather(at target: UInt32, skipping setter: Int = -1) -> (reached: UInt32, child: Int) {
    if let terms = termsByCost {
      for index in terms.indices where index != setter {
        let reached = terms[index]._withUnsafeGuaranteedRef { term in
          term.advance(to: target)
          return term.current
        }
        if reached != target { return (reached, index) }
      }
      return (target, -1)
    }
    for (index, child) in byCost.enumerated() where index != setter {
      child.advance(to: target)
      if child.current != target { return (child.current, index) }
    }
    return (target, -1)
  }

  private func matchPositions() -> Bool {
    // The buffers are worked on as locals (no exclusivity check or reference count per
    // use) and handed back, so their storage is reused from one passage to the next.
    var chains: [SlotRange] = []
    var next: [SlotRange] = []
    var extended: [SlotRange] = []
    swap(&chains, &matches)
    swap(&next, &childPositions)
    swap(&extended, &nextCandidates)
    defer {
      swap(&chains, &matches)
      swap(&next, &childPositions)
      swap(&extended, &nextCandidates)
    }
    chains.removeAll(keepingCapacity: true)
    childPositions(0, into: &chains)
    for index in 1..<children.count {
      next.removeAll(keepingCapacity: true)
      childPositions(index, into: &next)
      extended.removeAll(keepingCapacity: true)
      Self.extend(chains, with: next, into: &extended)
      swap(&chains, &extended)
      if chains.isEmpty { return false }
    }
    return true
  }

  @inline(__always)
  private func childPositions(_ index: Int, into output: inout [SlotRange]) {
    if let terms = termsInOrder {
      terms[index]._withUnsafeGuaranteedRef { $0.positions(into: &output) }
    } else {
      children[index].positions(into: &output)
    }
  }

  /// Every chain of `chains` followed by a position of `next` that starts in the slot after
  /// it ends, into `output` sorted and each once (two chains through different words of
  /// several slots can reach the same place: one occurrence, as an index stores it). Both
  /// lists are sorted; where no chain ends past a later one (one-slot words: always), one
  /// pass over each finds them all.
  static func extend(_ chains: [SlotRange], with next: [SlotRange], into output: inout [SlotRange]) {
    var endsInOrder = true
    for index in chains.indices.dropFirst() where chains[index].end < chains[index - 1].end {
      endsInOrder = false
      break
    }
    if endsInOrder {
      var position = 0
      for chain in chains {
        let wanted = chain.end &+ 1
        while position < next.count && next[position].start < wanted { position += 1 }
        var follower = position
        while follower < next.count && next[follower].start == wanted {
          output.append(SlotRange(start: chain.start, end: next[follower].end))
          follower += 1
        }
      }
    } else {
      for chain in chains {
        for position in next where position.start == chain.end &+ 1 {
          output.append(SlotRange(start: chain.start, end: position.end))
        }
      }
    }
    for index in output.indices.dropFirst() where !(output[index - 1] < output[index]) {
      output.sortUnique(from: 0)
      return
    }
  }

  func advance(to target: UInt32) { advance(to: target, checkingBelow: PostingCursor.exhausted) }

  /// Moves to the first passage at or after `target` where the phrase occurs, or, once
  /// that would mean looking at or past `limit`, to a bound there.
  func advance(to target: UInt32, checkingBelow limit: UInt32) {
    var start = target
    if current >= target {
      switch state {
      case .matched: return
      case .rejected: start = current + 1
      case .bounded:
        if current >= limit { return }
        start = current
      }
    }
    settle(from: start, checkingBelow: limit)
  }

  func positions(into output: inout [SlotRange]) {
    if check() { output.append(contentsOf: matches) }
  }

  func score(_ context: ScoringContext) -> Double {
    // Every word stands at a matched passage: the rarest word's block gives its length.
    // (Only the byte comes out of the closure: one that took the context would copy it,
    // retaining its references, at every passage scored.)
    let current = current
    let stored = termsByCost?.first?._withUnsafeGuaranteedRef { $0.current == current ? $0.storedWordCount : nil }
    let length =
      stored.map { context.store.wordCount(Int(current), stored: $0) } ?? context.store.wordCount(Int(current))
    return idf
      * BM25.saturation(
        frequency: Double(matches.count), length: Double(length), averageLength: context.averageWords)
  }

  func upperBound() -> Double { idf * (BM25.k1 + 1) }
  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }
  // A leaf: it scores wherever it stands.
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

  /// Unsettled: a highlighter is only advanced to known hits, so nothing before the first
  /// is looked for (a phrase of rare matches would otherwise be walked twice).
  func highlighter() -> any Scorer {
    PhraseScorer(children.map { $0.highlighter() }, idf: idf, settles: false, within: filter)
  }
  func fresh() -> PhraseScorer {
    PhraseScorer(children.map { $0.highlighter() }, idf: idf, settles: settles, within: filter)
  }
}
