/// A phrase that runs on from one passage into the next ones (`PhraseRunOn`): its first
/// words end a passage, the next ones begin the passage after (and may fill it and go on).
/// `current` is the passage it begins in, where it is scored as one term whose frequency is
/// the number of places it begins there. Occurrences inside one passage are left to the
/// phrase's own scorer (`QuotedPhraseScorer` joins the two).
///
/// Its rarest word drives the walk: an occurrence that begins at passage `p` holds that
/// word (the `driver`-th) at most `driver` passages later, since each passage it runs
/// through holds at least one of its words. The passages in reach of each of the driver's
/// are tried in order; the words' positions there are kept (`WordPositions`) while later
/// candidates may still look at them. A passage's last slot is read from its text only
/// where a chain of the phrase's words reaches its word count.
final class CrossingPhraseScorer: Scorer {
  private let words: [WordPositions]
  /// The rarest word's place in the phrase, and a scorer of its own that proposes passages.
  private let driverIndex: Int
  private let driver: any Scorer
  let idf: Double
  private let segment: IndexSegment
  private let filter: PassageFilter?
  private var started = false
  private var at = PostingCursor.exhausted
  /// At `at`: each occurrence as its slots in each passage it runs through, the first at
  /// `at`.
  private var occurrences: [[SlotRange]] = []
  /// Slot counts of passages read since the candidates reached them (`slotCount`).
  private var slotCounts: [(passage: UInt32, slots: Int)] = []

  /// `words`: one scorer per word of the phrase, in order (at least two), each fresh.
  init(_ words: [any Scorer], idf: Double, segment: IndexSegment, within filter: PassageFilter?) {
    self.words = words.map(WordPositions.init)
    driverIndex = words.indices.min { words[$0].cost < words[$1].cost } ?? 0
    driver = words[driverIndex].highlighter()
    self.idf = idf
    self.segment = segment
    self.filter = filter
  }

  var current: UInt32 {
    if !started { settle(from: 0) }
    return at
  }

  func advance(to target: UInt32) {
    if started && at >= target { return }
    settle(from: target)
  }

  var inverseDocumentFrequency: Double { idf }
  var cost: Int { driver.cost }

  /// The occurrences' slots in each passage after `current` they run into (index 0: the
  /// next passage), merged over the occurrences.
  var continuation: [[SlotRange]] {
    _ = current
    var result: [[SlotRange]] = []
    for occurrence in occurrences {
      for (offset, slots) in occurrence.enumerated().dropFirst() {
        while result.count < offset { result.append([]) }
        if !result[offset - 1].contains(slots) { result[offset - 1].append(slots) }
      }
    }
    return result
  }

  func positions(into output: inout [SlotRange]) {
    guard current != PostingCursor.exhausted else { return }
    for occurrence in occurrences where !output.contains(occurrence[0]) { output.append(occurrence[0]) }
  }

  func score(_ context: ScoringContext) -> Double {
    let starts = Set(occurrences.map { $0[0].start }).count
    return idf
      * BM25.saturation(
        frequency: Double(starts), length: Double(context.store.wordCount(Int(current))),
        averageLength: context.averageWords)
  }

  func upperBound() -> Double { idf * (BM25.k1 + 1) }
  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

  func highlighter() -> any Scorer {
    CrossingPhraseScorer(words.map { $0.scorer.highlighter() }, idf: idf, segment: segment, within: filter)
  }

  /// Moves to the first passage at or after `target` where an occurrence begins.
  private func settle(from target: UInt32) {
    started = true
    var candidate = target
    while true {
      if let filter {
        candidate = filter.nextAccepted(from: candidate)
      }
      driver.advance(to: candidate)
      let proposed = driver.current
      guard candidate != PostingCursor.exhausted, proposed != PostingCursor.exhausted else { break }
      // No occurrence beginning more than `driverIndex` passages before the driver's next.
      if proposed > candidate && proposed - candidate > UInt32(driverIndex) {
        candidate = proposed - UInt32(driverIndex)
        continue
      }
      if find(at: candidate) {
        at = candidate
        return
      }
      candidate += 1
    }
    at = PostingCursor.exhausted
    occurrences.removeAll()
  }

  /// Whether an occurrence begins at `passage`, keeping them in `occurrences`.
  private func find(at passage: UInt32) -> Bool {
    occurrences.removeAll(keepingCapacity: true)
    slotCounts.removeAll { $0.passage < passage }
    guard let firsts = words[0].positions(at: passage, from: passage) else { return false }
    for first in firsts {
      var path = [first]
      extend(word: 1, passage: passage, offset: 0, path: &path)
    }
    return !occurrences.isEmpty
  }

  /// Extends a chain that covers `path` (its slots in each passage from the candidate on,
  /// the last at `passage`) with word `word`: in the same passage, in the slot after; or,
  /// from its last slot, at the first slot of the next passage.
  private func extend(word: Int, passage: UInt32, offset: Int, path: inout [SlotRange]) {
    let begin = occurrencesStart(passage, offset)
    guard word < words.count else {
      if offset > 0 && !occurrences.contains(path) { occurrences.append(path) }
      return
    }
    let end = path[offset].end
    // In the candidate passage, the last word would end an occurrence inside it: the
    // phrase's own scorer finds those.
    if offset > 0 || word < words.count - 1, let positions = words[word].positions(at: passage, from: begin) {
      for position in positions where position.start == end &+ 1 {
        let kept = path[offset]
        path[offset].end = position.end
        extend(word: word + 1, passage: passage, offset: offset, path: &path)
        path[offset] = kept
      }
    }
    // The cheapest first: the passage's word count, the word at the next passage's first
    // slot, this passage's slots, then its document and section.
    guard Int(end) + 1 >= segment.store.wordCount(Int(passage)),
      let next = words[word].positions(at: passage &+ 1, from: begin), next.contains(where: { $0.start == 0 }),
      isLastSlot(end, of: passage), segment.runsOn(from: passage)
    else { return }
    for position in next where position.start == 0 {
      path.append(position)
      extend(word: word + 1, passage: passage + 1, offset: offset + 1, path: &path)
      path.removeLast()
    }
  }

  /// The candidate passage of a chain at `passage`, `offset` passages on.
  @inline(__always)
  private func occurrencesStart(_ passage: UInt32, _ offset: Int) -> UInt32 { passage - UInt32(offset) }

  /// Whether `slot` is the last of `passage`: first by its word count (which its slots are
  /// at least), then by its text.
  private func isLastSlot(_ slot: UInt32, of passage: UInt32) -> Bool {
    let words = segment.store.wordCount(Int(passage))
    guard Int(slot) + 1 >= words else { return false }
    if let known = slotCounts.first(where: { $0.passage == passage }) { return Int(slot) + 1 == known.slots }
    guard let slots = segment.slotCount(ofPassage: passage) else { return false }
    slotCounts.append((passage, slots))
    return Int(slot) + 1 == slots
  }
}

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
