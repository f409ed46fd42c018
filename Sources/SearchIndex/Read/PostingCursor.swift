/// Walks one term's postings block by block (layout in FORMAT.md). Its parts keep their
/// own state: the skip records it leaps over (`SkipRecords`), the decoding of a block
/// (`PostingBlockDecoder`), the current block's positions (`BlockPositions`) and best
/// postings (`BlockBest`), and the copies of the blocks a far leap lands in (`LeapCopies`).
/// The cursor keeps what every step reads: the current block's ids and where it stands.
///
/// Damaged postings cannot make it crash or loop: every read is bounds-checked, ids that do
/// not increase or exceed `idLimit` end the block, and positions are clamped.
final class PostingCursor {
  static let exhausted = UInt32.max

  let postings: ByteReader
  let entry: TermDictionary.Entry
  let documentFrequency: Int
  let maxImpact: Float
  /// Its blocks keep each posting's word count byte (`TermFlags.keepsWordCounts`).
  let keepsWordCounts: Bool
  /// The term's skip records, a record per block.
  let skips: SkipRecords
  var blockCount: Int { skips.blockCount }
  private let idLimit: UInt32

  private(set) var current: UInt32 = PostingCursor.exhausted
  private var block = -1
  /// The current block, decoded: ids and frequency words (`frequency << 2 | flags`). `ids`
  /// holds `padding` past the block's ids (`firstIndex` reads whole groups).
  private let ids: UnsafeMutablePointer<UInt32>
  /// The last id of each group of 8 of `ids`, for `firstIndex`.
  private let groupLastIds: UnsafeMutablePointer<UInt32>
  /// The current block's frequency words, unpacked for `forEachBlockBest`.
  private let frequencyScratch: UnsafeMutablePointer<UInt32>
  /// The one allocation that holds `ids`, `groupLastIds`, `frequencyScratch` and the
  /// positions' group starts.
  private let buffers: UnsafeMutableRawPointer
  private var idCount = 0
  /// The last id of the current block as decoded (0 when there is none, or it is exhausted).
  private var lastDecodedId: UInt32 = 0
  private var index = 0
  /// Postings in the current block, as its writer counted them (the group table's length).
  private var blockPostingCount = 0
  /// False for a cursor that only counts ids: blocks skip their frequencies.
  private var decodesFrequencies = true
  /// The current block's frequency words as packed, read one at a time where needed.
  private var frequencies = PackedFrequencies()
  /// Where the current block's word count bytes begin (after its frequency words).
  private var wordCountStart = 0
  /// The current block's positions. A part whose calls reach code the optimizer cannot
  /// see (an array's growth, `pread`, `free`) is called on a local copy, written back: an
  /// access to a stored property open across such a call would keep a run-time
  /// exclusivity check on every access to it.
  private var positions: BlockPositions

  /// Postings read into memory for this cursor (and its fresh copies), if any.
  let storage: PostingsBuffer?

  /// Where a block reached by a leap over others is read with `pread` (`LeapReads`); nil
  /// for a list read from the map throughout.
  let leapReads: LeapReads?
  /// The bytes the current block's ids and frequencies are read from: `postings` (offsets
  /// in the map), or a copy of them (offsets in the copy).
  private var blockView: UnsafeRawBufferPointer
  /// The blocks far leaps landed in, and their positions, read with `pread`.
  private var leapCopies = LeapCopies()

  init(
    postings: ByteReader, entry: TermDictionary.Entry, idLimit: Int, storage: PostingsBuffer? = nil,
    leapReads: LeapReads? = nil
  ) {
    // One allocation for the four buffers (a query makes a cursor per term and form): the
    // group starts first, for their alignment.
    let groupEntries = PostingsWriter.blockSize / PostingsWriter.positionGroup
    buffers = UnsafeMutableRawPointer.allocate(
      byteCount: groupEntries * MemoryLayout<Int>.stride + (2 * PostingsWriter.blockSize + Self.groupCount) * 4,
      alignment: MemoryLayout<Int>.alignment)
    let groupStarts = buffers.bindMemory(to: Int.self, capacity: groupEntries)
    ids = (buffers + groupEntries * MemoryLayout<Int>.stride).bindMemory(
      to: UInt32.self, capacity: 2 * PostingsWriter.blockSize + Self.groupCount)
    groupLastIds = ids + PostingsWriter.blockSize
    frequencyScratch = groupLastIds + Self.groupCount
    positions = BlockPositions(postings.bytes, groupStarts: groupStarts)
    self.storage = storage
    self.postings = postings
    self.leapReads = leapReads
    blockView = postings.bytes
    self.entry = entry
    documentFrequency = entry.documentFrequency
    maxImpact = entry.maxImpact
    keepsWordCounts = entry.keepsWordCounts
    skips = SkipRecords(postings, entry)
    // Ids stay below `padding` (a segment never holds 2^31 passages).
    self.idLimit = UInt32(clamping: min(idLimit, Int(Self.padding)))
    if skips.blockCount > 0 { load(block: 0) }
  }

  deinit {
    buffers.deallocate()
    let copies = leapCopies
    copies.deallocate()
  }

  /// The highest impact of any posting in the current block (read once per block).
  private(set) var blockMaxImpact: Float = 0

  /// The ids of the `count` blocks with the highest impacts among the first `among`
  /// (`SkipRecords.bestBlocks`).
  func bestBlocks(_ count: Int, among: Int) -> [ClosedRange<UInt32>] { skips.bestBlocks(count, among: among) }

  /// The number of the current block (`blockCount` once exhausted): the cursor only moves
  /// on, so it names one block of its walk (for tests that walk block by block).
  var blockNumber: Int { block }

  /// The last id of the current block.
  var blockLastId: UInt32 { block < blockCount ? skips.lastId(block) : PostingCursor.exhausted }

  /// Blocks read with `pread` (`loadCopied`), for tests.
  var copiedLoads: Int { leapCopies.copiedLoads }

  private func load(block newBlock: Int) {
    block = newBlock
    idCount = 0
    index = 0
    lastDecodedId = 0
    blockView = postings.bytes
    guard newBlock < blockCount, let base = postings.bytes.baseAddress else {
      block = blockCount
      current = PostingCursor.exhausted
      blockMaxImpact = 0
      return
    }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let end = postings.count
    blockMaxImpact = skips.maxImpact(newBlock)
    let remaining = documentFrequency - newBlock * PostingsWriter.blockSize
    let count = max(0, min(PostingsWriter.blockSize, remaining))
    var offset = skips.idsStart(newBlock)
    idCount = PostingBlockDecoder.decodeBlock(
      bytes, &offset, end, count: count, previous: newBlock == 0 ? 0 : skips.lastId(newBlock - 1),
      isFirst: newBlock == 0, idLimit: idLimit, ids: ids, frequencies: nil, keepsWordCounts: keepsWordCounts)
    settleBlock(newBlock, bytes, offset: offset, end: end, count: count)
  }

  /// `load(block:)` for a block reached by a leap over others (`leapReads`): its ids and
  /// frequencies are read with one `pread` into the cursor's own buffer, and its positions
  /// with another when they are asked for (`LeapCopies`). Nothing of the map is faulted
  /// in: a fault would map a whole fault-around window for the one block, and a long
  /// list's pages would be released again before the next query leaps through it. The last
  /// block (whose positions' end no skip record gives), one larger than the buffer, and one
  /// whose read fails (the map's reads are bounds-checked) are read from the map.
  ///
  /// It releases no object, as `@_effects` tells the optimizer: it allocates raw memory
  /// and calls `pread`. Without the claim, the call it cannot see into made every scorer
  /// over cursors retain and release them around each leap (`cont*` at 30,000 talks took
  /// 15.8 ms instead of 7.8, with no block read so).
  @_effects(releasenone)
  private func loadCopied(block newBlock: Int) {
    guard let leapReads, newBlock + 1 < blockCount else { return load(block: newBlock) }
    let start = skips.idsStart(newBlock)
    let end = skips.idsStart(newBlock + 1)
    var copies = leapCopies
    let read = copies.readBlock(start, end, postingsCount: postings.count, with: leapReads)
    leapCopies = copies
    guard let copy = read else { return load(block: newBlock) }
    block = newBlock
    index = 0
    lastDecodedId = 0
    blockView = copy
    blockMaxImpact = skips.maxImpact(newBlock)
    let count = max(0, min(PostingsWriter.blockSize, documentFrequency - newBlock * PostingsWriter.blockSize))
    let bytes = copy.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var offset = 0
    idCount = PostingBlockDecoder.decodeBlock(
      bytes, &offset, copy.count, count: count, previous: skips.lastId(newBlock - 1), isFirst: false,
      idLimit: idLimit, ids: ids, frequencies: nil, keepsWordCounts: keepsWordCounts)
    settleBlock(newBlock, bytes, offset: offset, end: copy.count, count: count)
    let positionsEnd = skips.positionsStart(newBlock + 1)
    if positions.start <= positionsEnd && positionsEnd <= postings.count {
      positions.toCopy = positions.start..<positionsEnd
    }
  }

  /// Reads the current block's positions (`range` of `postings`) into the cursor's own
  /// buffer, which `positions` then reads; on a failed read or past
  /// `SearchTuning.copiedPositionsBytes`, they stay read from the map.
  private func copyPositions(_ range: Range<Int>) {
    positions.toCopy = nil
    guard let leapReads else { return }
    var copies = leapCopies
    let read = copies.readPositions(range, with: leapReads)
    leapCopies = copies
    guard let copy = read else { return }
    positions.read(from: copy, copyOf: range)
  }

  /// Stands at the start of block `newBlock`, whose ids a walk over the same list has just
  /// decoded (`decodedCount` of them, as `decodeBlock` gave them): they are copied, not
  /// decoded again. A block at or before the cursor's own is not gone back to.
  func adopt(block newBlock: Int, ids decoded: UnsafePointer<UInt32>, count decodedCount: Int) {
    guard newBlock > block, newBlock < blockCount, let base = postings.bytes.baseAddress else { return }
    block = newBlock
    index = 0
    lastDecodedId = 0
    blockView = postings.bytes
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let end = postings.count
    var offset = skips.idsStart(newBlock)
    blockMaxImpact = skips.maxImpact(newBlock)
    let count = max(0, min(PostingsWriter.blockSize, documentFrequency - newBlock * PostingsWriter.blockSize))
    // Past the packed ids, as `decodeBlock` read them for the walk.
    let width = offset < end ? Int(bytes[offset]) : 33
    let byteCount = (count * width + 7) >> 3
    if width > 32 || byteCount > end - offset - 1 {
      idCount = 0
    } else {
      idCount = min(decodedCount, count)
      ids.update(from: decoded, count: idCount)
      offset += 1 + byteCount
    }
    settleBlock(newBlock, bytes, offset: offset, end: end, count: count)
  }

  /// The rest of loading block `newBlock`, whose `idCount` ids are in `ids`, its frequency
  /// words at `offset`: padding, the groups' last ids, the frequencies' place, the
  /// positions'.
  @inline(__always)
  private func settleBlock(_ newBlock: Int, _ bytes: UnsafePointer<UInt8>, offset: Int, end: Int, count: Int) {
    // The search within a block reads whole groups: past the ids, none is below any target.
    if idCount < PostingsWriter.blockSize {
      (ids + idCount).update(repeating: Self.padding, count: PostingsWriter.blockSize - idCount)
    }
    for group in 0..<Self.groupCount { groupLastIds[group] = ids[group &* Self.groupSize &+ Self.groupSize &- 1] }
    if decodesFrequencies && idCount > 0 {
      // The frequencies are checked as `decodeBlock` would unpack them (a damaged width or
      // length ends the walk here), and read when asked for.
      let width = offset < end ? Int(bytes[offset]) : 33
      let byteCount = (count * width + 7) >> 3
      // The word counts follow (where kept), a byte per posting: a block too short for
      // them is damaged.
      if width > 32 || byteCount > end - offset - 1 - (keepsWordCounts ? count : 0) {
        idCount = 0
      } else {
        frequencies = PackedFrequencies(width: width, start: offset + 1, byteCount: byteCount)
        wordCountStart = offset + 1 + byteCount
      }
    }
    positions.move(to: skips.positionsStart(newBlock), in: postings.bytes)
    blockPostingCount = count
    if idCount == 0 {
      block = blockCount
      current = PostingCursor.exhausted
      blockMaxImpact = 0
    } else {
      current = ids[0]
      lastDecodedId = ids[idCount - 1]
    }
  }

  @inline(__always)
  func next() {
    index += 1
    if index < idCount {
      current = ids[index]
    } else {
      load(block: block + 1)
    }
  }

  /// Passes over the postings of the current block, from the current one and before
  /// `limit`, for which `passes(frequencyWord, id)` holds (`frequency << 2 | flags`, as
  /// `frequency` and `flags` read it), reading nothing else of them: stops at the first
  /// that does not pass, at `limit`, or past the block's end (on the next block's first
  /// posting). For a walk that can tell from a posting's frequency and flags that it
  /// cannot enter its top hits.
  @inline(__always)
  func skipInBlock(before limit: UInt32, while passes: (_ frequencyWord: UInt32, _ id: UInt32) -> Bool) {
    guard index < idCount else { return }
    var position = index
    while position < idCount {
      let id = ids[position]
      if id >= limit || !passes(frequencyWord(position), id) { break }
      position += 1
    }
    if position < idCount {
      index = position
      current = ids[position]
    } else {
      load(block: block + 1)
    }
  }

  /// Moves to the first id at or after `target`.
  @inline(__always)
  func advance(to target: UInt32) {
    guard current < target else { return }
    if target <= lastDecodedId {
      // Within the block (the usual step of a dense list): no skip record read, no call.
      let found = Self.firstIndex(
        notBelow: target, in: ids, groupLastIds: groupLastIds, from: index, to: idCount,
        nearFirst: leapLength <= Self.nearLeapLength)
      leapLength = (leapLength &* 3 &+ (found &- index) &* 16) &>> 2
      index = found
      current = ids[found]
      return
    }
    advance(past: target)
  }

  /// `advance(to:)` past the current block's decoded ids.
  private func advance(past target: UInt32) {
    if block < blockCount && skips.lastId(block) < target {
      let low = skips.firstBlock(after: block, notBelow: target)
      if let leapReads, leapCopies.leapsFar(from: block, to: low, averageBlocks: leapReads.averageBlocks) {
        loadCopied(block: low)
      } else {
        load(block: low)
      }
    }
    guard current < target, index < idCount else { return }
    seek(
      index: Self.firstIndex(
        notBelow: target, in: ids, groupLastIds: groupLastIds, from: index, to: idCount, nearFirst: false))
    // Only damaged postings (a block shorter than its skip record says) leave it behind.
    while current < target { next() }
  }

  /// `firstIndex` compares the last ids of the block's groups, then one group's ids.
  private static let groupSize = 8
  /// The average leap within a block (in ids, times 16) up to which `firstIndex` first
  /// looks at the 9 ids after the current one: most leaps then end there, where longer
  /// ones would only be delayed by the look.
  private static let nearLeapLength = 6 * 16
  /// A running average of the leaps within a block (in sixteenths of an id), the last
  /// weighing a quarter.
  private var leapLength = 0
  /// What `ids` holds past the block's ids: above every id (ids are passage numbers).
  private static let padding = UInt32(Int32.max)
  /// 16: the groups' last ids are one vector.
  private static let groupCount = PostingsWriter.blockSize / groupSize

  /// The first index in `from..<to` whose id is at or above `target`, for an id at `from`
  /// below it and one at or above it before `to` (else, after a damaged block, an index
  /// whose id is below it, which the caller steps on from). The next id is looked at
  /// first, as a dense list moves on by little; with `nearFirst`, the 8 after it next, in
  /// one vector step. Else two vector steps count the ids below the target, without a
  /// branch or a chain of dependent loads: the groups' last ids say which group of 8 holds
  /// the first id at or above it, and that group's ids where (sorted ids are below the
  /// target as many times as they precede the first that is not).
  @inline(__always)
  private static func firstIndex(
    notBelow target: UInt32, in ids: UnsafeMutablePointer<UInt32>, groupLastIds: UnsafeMutablePointer<UInt32>,
    from start: Int, to end: Int, nearFirst: Bool
  ) -> Int {
    let next = start &+ 1
    if next < end && ids[next] >= target { return next }
    // Ids are below `idLimit`, and the padding is `Int32.max`: for a target no larger, a
    // lane's difference is negative (its top bit set) exactly where the id is below it.
    // (Unsigned vector comparisons compile to a loop.)
    guard target <= Self.padding else { return max(start, end - 1) }
    // A short leap (where the leaps before were short): the 8 ids after the next, in one
    // step. Where they are long, this step would only delay the two below.
    if nearFirst && next &+ 1 &+ 8 <= PostingsWriter.blockSize {
      let window = UnsafeRawPointer(ids + (next &+ 1)).loadUnaligned(as: SIMD8<UInt32>.self)
      let below = Int(((window &- SIMD8(repeating: target)) &>> 31).wrappedSum())
      if below < 8 { return min(next &+ 1 &+ below, max(start, end - 1)) }
    }
    let lasts = UnsafeRawPointer(groupLastIds).loadUnaligned(as: SIMD16<UInt32>.self)
    let group = Int(((lasts &- SIMD16(repeating: target)) &>> 31).wrappedSum())
    guard group < groupCount else { return max(start, end - 1) }
    let first = group &* groupSize
    let members = UnsafeRawPointer(ids + first).loadUnaligned(as: SIMD8<UInt32>.self)
    let within = Int(((members &- SIMD8(repeating: target)) &>> 31).wrappedSum())
    return min(first &+ within, max(start, end - 1))
  }

  /// Skips the rest of the current block.
  func nextBlock() { load(block: block + 1) }

  /// Skips the rest of the current block and every block after it whose highest impact
  /// `cannotEnter` says no hit can come from, reading only their skip records (nothing of
  /// theirs is decoded, or even touched); then loads the next block.
  func skipBlocks(while cannotEnter: (Float) -> Bool) {
    let next = skips.firstBlock(after: block, skipping: cannotEnter)
    load(block: next)
  }

  /// How many ids the cursor walks from where it is (its document frequency, unless the
  /// postings are damaged).
  func countRemaining() -> Int {
    decodesFrequencies = false
    var count = 0
    while current != PostingCursor.exhausted {
      count += idCount - index
      load(block: block + 1)
    }
    return count
  }

  /// A new cursor over the same postings, at their start.
  func fresh() -> PostingCursor {
    PostingCursor(postings: postings, entry: entry, idLimit: Int(idLimit), storage: storage, leapReads: leapReads)
  }

  /// How many ids `a` and `b` share, from where they are: the one behind leaps to the
  /// other (over skip records), so a rare list costs little against a common one; where
  /// both blocks overlap they are merged directly.
  static func countCommon(_ a: PostingCursor, _ b: PostingCursor) -> Int {
    a.decodesFrequencies = false
    b.decodesFrequencies = false
    var count = 0
    while a.current != exhausted && b.current != exhausted {
      if a.current < b.current {
        a.advance(to: b.current)
        continue
      }
      if b.current < a.current {
        b.advance(to: a.current)
        continue
      }
      var i = a.index
      var j = b.index
      let aCount = a.idCount
      let bCount = b.idCount
      let aIds = a.ids
      let bIds = b.ids
      while i < aCount && j < bCount {
        let x = aIds[i]
        let y = bIds[j]
        if x == y { count += 1 }
        i += x <= y ? 1 : 0
        j += y <= x ? 1 : 0
      }
      a.seek(index: i)
      b.seek(index: j)
    }
    return count
  }

  /// Moves to position `position` of the current block, or to the next block past its end.
  private func seek(index position: Int) {
    if position < idCount {
      index = position
      current = ids[position]
    } else {
      load(block: block + 1)
    }
  }

  /// The current passage's word count as the block keeps it, a byte: the store's own
  /// (`WordCounts`; 255 sends the reader to the store's long counts), where the term keeps
  /// them (`keepsWordCounts`), else 0. Read from the block the cursor stands in, not from
  /// the store's table, where each passage of a long list is a page of its own to fault
  /// in (13.5 MB at 30,000 talks).
  var wordCountByte: UInt8 {
    let at = wordCountStart &+ index
    guard keepsWordCounts, index < idCount, at < blockView.count, let base = blockView.baseAddress else { return 0 }
    return base.load(fromByteOffset: at, as: UInt8.self)
  }

  /// Calls `body` with the best postings of the current block (`BlockBest`), as far as
  /// BM25 can tell them apart without their scores (the usual block of a rarer word:
  /// frequency 1, no flags, a shortest passage or several). False, calling nothing, where
  /// the term keeps no word counts, or where a group's postings all have long counts. Read
  /// once a block.
  func forEachBlockBest(_ body: (_ frequency: Int, _ flags: UInt32, _ wordCount: Int) -> Void) -> Bool {
    if blockBest.block != block { readBlockBest() }
    guard blockBest.known else { return false }
    if let once = blockBest.once { body(1, once.flags, Int(once.shortest)) }
    if let more = blockBest.more { body(Int(more.frequency), more.flags, Int(more.shortest)) }
    return true
  }

  /// `forEachBlockBest`'s groups, of block `blockBest.block`.
  private var blockBest = BlockBest()

  private func readBlockBest() {
    guard keepsWordCounts, decodesFrequencies else {
      var unknown = BlockBest()
      unknown.block = block
      blockBest = unknown
      return
    }
    blockBest = BlockBest(
      block: block, view: blockView, wordCountStart: wordCountStart, idCount: idCount,
      postingCount: blockPostingCount, frequencies: frequencies, scratch: frequencyScratch)
  }

  /// The current block's ids from the current one through `end` (valid until the cursor
  /// moves).
  func remainingIds(through end: UInt32) -> UnsafeBufferPointer<UInt32> {
    guard index < idCount, current <= end else { return UnsafeBufferPointer(start: ids, count: 0) }
    var low = index
    var high = idCount
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] <= end { low = middle + 1 } else { high = middle }
    }
    return UnsafeBufferPointer(start: ids + index, count: low - index)
  }

  /// The ids two ascending runs share, written to `output` (room for the shorter run's):
  /// one merge, without a branch on which is behind; how many.
  static func commonIds(
    _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, into output: UnsafeMutablePointer<UInt32>
  ) -> Int {
    var i = 0
    var j = 0
    var count = 0
    while i < a.count && j < b.count {
      let x = a[i]
      let y = b[j]
      output[count] = x
      count += x == y ? 1 : 0
      i += x <= y ? 1 : 0
      j += y <= x ? 1 : 0
    }
    return count
  }

  /// `wordCountByte` where the term keeps word counts, else nil.
  var storedWordCount: UInt8? { keepsWordCounts ? wordCountByte : nil }

  /// The current passage's word count: from its block where the term keeps word counts,
  /// else from the store's table.
  @inline(__always)
  func wordCount(in store: Store) -> Int {
    let passage = Int(current)
    return keepsWordCounts ? store.wordCount(passage, stored: wordCountByte) : store.wordCount(passage)
  }

  /// How often the term occurs in the current passage.
  var frequency: Int { index < idCount ? Int(frequencyWord(index) >> 2) : 0 }
  /// `PostingFlags` of the current posting.
  var flags: UInt32 { index < idCount ? frequencyWord(index) & 3 : 0 }

  /// The frequency word (`frequency << 2 | flags`, as `decodeBlock` makes it) of posting
  /// `position` of the current block, read alone from the packed words (bounds checked at
  /// `load`).
  @inline(__always)
  private func frequencyWord(_ position: Int) -> UInt32 { frequencies.word(position, in: blockView) }

  /// Appends the (start, end) slots of the current posting.
  func positions(into output: inout [SlotRange]) {
    guard index < idCount else { return }
    if let range = positions.toCopy { copyPositions(range) }
    var reader = positions
    defer { positions = reader }
    reader.append(
      posting: index, of: blockPostingCount, frequencies: frequencies, in: blockView, into: &output)
  }
}
