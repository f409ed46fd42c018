/// A phrase that runs on from one passage into the next ones (`PhraseRunOn`): its first
/// words end a passage, the next ones begin the passage after (and may fill it and go on).
/// `current` is the passage it begins in, where it is scored as one term whose frequency is
/// the number of places it begins there. Occurrences inside one passage are left to the
/// phrase's own scorer (`QuotedPhraseScorer` joins the two).
///
/// Its rarest word drives the walk: an occurrence that begins at passage `p` holds that
/// word (the `driverIndex`-th) at most `driverIndex` passages later, since each passage it
/// runs through holds at least one of its words. The passages in reach of the driver's are
/// the candidates. Each costs little unless the phrase could cross its end there
/// (`mayCross`): some word of the phrase stands at the next passage's first slot and the
/// word before it ends this one, by its word count. The driver's own positions answer that
/// for it, decoded once per passage of its; another word is asked only where the driver
/// leaves it possible, by a scorer of its own (`EdgeProbe`). Only then are the occurrences
/// looked for (`find`), every word's positions kept while later candidates may look back at
/// them (`WordPositions`), and a passage's last slot read from its text where a chain of
/// the phrase's words reaches its word count.
final class CrossingPhraseScorer: Scorer {
  /// One scorer per word, never walked: the parts below walk scorers of their own, made
  /// from these (but the driver's) when first needed, and highlighters share them.
  private let prototypes: [any Scorer]
  private lazy var words: [WordPositions] = prototypes.map { WordPositions($0.highlighter()) }
  /// The rarest word's place in the phrase, and a scorer of its own that proposes passages.
  private let driverIndex: Int
  private let driver: any Scorer
  /// The driver's positions at `driverPassage` (`driverStands`).
  private var driverPassage = PostingCursor.exhausted
  private var driverPositions: [SlotRange] = []
  /// Word `j` at a candidate's next passage, and at the candidate (`mayCross`).
  private let beginners: [EdgeProbe]
  private let enders: [EdgeProbe]
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

  /// `words`: one scorer per word of the phrase, in order (at least two), left unwalked.
  init(_ words: [any Scorer], idf: Double, segment: IndexSegment, within filter: PassageFilter?) {
    prototypes = words
    driverIndex = words.indices.min { words[$0].cost < words[$1].cost } ?? 0
    driver = words[driverIndex].highlighter()
    beginners = words.map(EdgeProbe.init)
    enders = words.map(EdgeProbe.init)
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
  var cost: Int { prototypes[driverIndex].cost }

  /// For a highlighter at a hit, looking at `passage` alone: the slots of the occurrences
  /// that begin there in each passage after it that they run into (index 0: the next
  /// passage), merged over the occurrences; nil where none begins there. Hits come in
  /// passage order.
  func continuation(at passage: UInt32) -> [[SlotRange]]? {
    guard find(at: passage) else { return nil }
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
    CrossingPhraseScorer(prototypes, idf: idf, segment: segment, within: filter)
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
      if proposed - candidate > UInt32(driverIndex) {
        candidate = proposed - UInt32(driverIndex)
        continue
      }
      if mayCross(at: candidate), find(at: candidate) {
        at = candidate
        return
      }
      candidate += 1
    }
    at = PostingCursor.exhausted
    occurrences.removeAll()
  }

  /// Whether an occurrence may begin at `passage` (the driver at or after it) and cross its
  /// end, by its first crossing: word `j + 1` at the next passage's first slot and word `j`
  /// ending this one. Where `j` is the driver's place or after, the driver stands in
  /// `passage`; before, the driver's next passage after it lies at most `driverIndex - j`
  /// passages on. The driver moves past `passage`: no later candidate looks before.
  private func mayCross(at passage: UInt32) -> Bool {
    let isHere = driver.current == passage
    let endsHere = isHere && driverIndex < prototypes.count - 1 && driverStands(first: false)
    if isHere { driver.next() }
    let reach = driver.current == PostingCursor.exhausted ? Int.max : Int(driver.current - passage)
    for crossing in 0..<(prototypes.count - 1) {
      guard crossing >= driverIndex ? isHere : reach <= driverIndex - crossing else { continue }
      // The driver's own edges first: they are decoded already, or once for its passage.
      if crossing == driverIndex {
        if endsHere && beginners[crossing + 1].stands(at: passage &+ 1, where: { $0.start == 0 }) { return true }
        continue
      }
      let begins =
        crossing + 1 == driverIndex
        ? reach == 1 && driverStands(first: true)
        : beginners[crossing + 1].stands(at: passage &+ 1, where: { $0.start == 0 })
      if begins && endsWordCount(enders[crossing], passage) { return true }
    }
    return false
  }

  /// Whether `probe`'s word ends `passage` by its word count (which its slots are at least).
  private func endsWordCount(_ probe: EdgeProbe, _ passage: UInt32) -> Bool {
    let wordCount = segment.store.wordCount(Int(passage))
    return probe.stands(at: passage, where: { Int($0.end) + 1 >= wordCount })
  }

  /// Whether the driver stands at its passage's first slot (`first`), else whether it ends
  /// the passage by its word count: its positions there decoded once, its word count read
  /// only when asked.
  private func driverStands(first: Bool) -> Bool {
    let passage = driver.current
    if driverPassage != passage {
      driverPassage = passage
      driverPositions.removeAll(keepingCapacity: true)
      driver.positions(into: &driverPositions)
    }
    if first { return driverPositions.contains { $0.start == 0 } }
    let wordCount = segment.store.wordCount(Int(passage))
    return driverPositions.contains { Int($0.end) + 1 >= wordCount }
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
    guard word < prototypes.count else {
      if offset > 0 && !occurrences.contains(path) { occurrences.append(path) }
      return
    }
    let end = path[offset].end
    // In the candidate passage, the last word would end an occurrence inside it: the
    // phrase's own scorer finds those.
    if offset > 0 || word < prototypes.count - 1, let positions = words[word].positions(at: passage, from: begin) {
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
