/// Walks one term's postings block by block (layout in FORMAT.md).
///
/// Damaged postings cannot make it crash or loop: every read is bounds-checked, ids that do
/// not increase or exceed `idLimit` end the block, and positions are clamped.
final class PostingCursor {
  static let exhausted = UInt32.max

  let postings: ByteReader
  let entry: TermDictionary.Entry
  let documentFrequency: Int
  let blockCount: Int
  let maxImpact: Float
  /// Its blocks keep each posting's word count byte (`TermFlags.keepsWordCounts`).
  let keepsWordCounts: Bool
  private let skipStart: Int
  private let dataStart: Int
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
  private var idCount = 0
  /// The last id of the current block as decoded (0 when there is none, or it is exhausted).
  private var lastDecodedId: UInt32 = 0
  private var index = 0
  private var positionsStart = 0
  /// Postings in the current block, as its writer counted them (the group table's length).
  private var blockPostingCount = 0
  /// Whether the current block's group table was read (`readPositionGroups`): then
  /// `groupStarts` and `positionsDataStart` hold where its postings' positions begin.
  private var positionGroupsRead = false
  private var positionsDataStart = 0
  private let groupStarts: UnsafeMutablePointer<Int>
  private var positionsCursorIndex = 0
  private var positionsCursorOffset = 0
  /// False for a cursor that only counts ids: blocks skip their frequencies.
  private var decodesFrequencies = true
  /// The current block's frequency words as packed (`BitPacking`): their width and where
  /// the first begins. A walk reads one word where it needs one (`frequencyWord`), not the
  /// block's 128: where a passage matches, and for the postings whose positions a read
  /// skips (at most a group's).
  private var frequencyWidth = 0
  private var frequencyBits = 0
  private var frequencyBytes = 0
  /// Where the current block's word count bytes begin (after its frequency words).
  private var wordCountStart = 0

  /// Postings read into memory for this cursor (and its fresh copies), if any.
  let storage: PostingsBuffer?

  /// Where a block reached by a leap over others is read with `pread` (`LeapReads`); nil
  /// for a list read from the map throughout.
  let leapReads: LeapReads?
  /// The bytes the current block's ids and frequencies are read from, and its positions:
  /// `postings` (offsets in the map), or a copy of them (offsets in the copy).
  private var blockView: UnsafeRawBufferPointer
  private var positionsView: UnsafeRawBufferPointer
  /// Where the current block's positions lie in `postings` while they are still to be
  /// copied (a block `loadCopied` read, its positions not asked for yet).
  private var positionsToCopy: Range<Int>?

  init(
    postings: ByteReader, entry: TermDictionary.Entry, idLimit: Int, storage: PostingsBuffer? = nil,
    leapReads: LeapReads? = nil
  ) {
    // One allocation for the four buffers (a query makes a cursor per term and form): the
    // group starts first, for their alignment.
    let groupEntries = PostingsWriter.blockSize / PostingsWriter.positionGroup
    let buffers = UnsafeMutableRawPointer.allocate(
      byteCount: groupEntries * MemoryLayout<Int>.stride + (2 * PostingsWriter.blockSize + Self.groupCount) * 4,
      alignment: MemoryLayout<Int>.alignment)
    groupStarts = buffers.bindMemory(to: Int.self, capacity: groupEntries)
    ids = (buffers + groupEntries * MemoryLayout<Int>.stride).bindMemory(
      to: UInt32.self, capacity: 2 * PostingsWriter.blockSize + Self.groupCount)
    groupLastIds = ids + PostingsWriter.blockSize
    frequencyScratch = groupLastIds + Self.groupCount
    self.storage = storage
    self.postings = postings
    self.leapReads = leapReads
    blockView = postings.bytes
    positionsView = postings.bytes
    self.entry = entry
    documentFrequency = entry.documentFrequency
    maxImpact = entry.maxImpact
    keepsWordCounts = entry.keepsWordCounts
    let maximumBlocks = max(0, (postings.count - entry.postingsOffset) / PostingsWriter.skipRecordLength)
    blockCount = min(entry.blockCount, maximumBlocks)
    skipStart = entry.postingsOffset
    dataStart = entry.postingsOffset + blockCount * PostingsWriter.skipRecordLength
    // Ids stay below `padding` (a segment never holds 2^31 passages).
    self.idLimit = UInt32(clamping: min(idLimit, Int(Self.padding)))
    if blockCount > 0 { load(block: 0) }
  }

  deinit {
    UnsafeMutableRawPointer(groupStarts).deallocate()
    blockCopy?.deallocate()
    positionsCopy?.deallocate()
  }

  /// Buffers for `forEachBlock` and `forEachIdBlock`, reused across the terms of one query.
  final class DecodeScratch {
    let ids = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
    let frequencies = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
    let wordCounts = UnsafeMutablePointer<UInt8>.allocate(capacity: PostingsWriter.blockSize)
    deinit {
      ids.deallocate()
      frequencies.deallocate()
      wordCounts.deallocate()
    }
  }

  /// Calls `body` with each block's ids and frequency words (`frequency << 2 | flags`),
  /// decoding blocks directly. Damaged data ends the walk early, as in `load(block:)`.
  static func forEachBlock(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, idLimit: Int, scratch: DecodeScratch,
    _ body: (UnsafePointer<UInt32>, UnsafePointer<UInt32>, Int) -> Void
  ) {
    let frequencies = scratch.frequencies
    walkBlocks(
      postings, entry, idLimit: idLimit, ids: scratch.ids, frequencies: { _ in frequencies },
      { ids, _, count in body(ids, frequencies, count) })
  }

  /// Calls `body` with each block's ids and, where `wantsFrequencies` of the block's
  /// highest impact is true, its frequency words (nil elsewhere: left packed), as
  /// `forEachBlock`.
  static func forEachBlock(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, idLimit: Int, scratch: DecodeScratch,
    wantsFrequencies: (Float) -> Bool, _ body: (UnsafePointer<UInt32>, UnsafePointer<UInt32>?, Int) -> Void
  ) {
    let frequencies = scratch.frequencies
    walkBlocks(
      postings, entry, idLimit: idLimit, ids: scratch.ids,
      frequencies: { wantsFrequencies($0) ? frequencies : nil }, body)
  }

  /// Calls `body` with each block's ids (frequencies are not decoded), as `forEachBlock`.
  static func forEachIdBlock(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, idLimit: Int, scratch: DecodeScratch,
    _ body: (UnsafePointer<UInt32>, Int) -> Void
  ) {
    walkBlocks(
      postings, entry, idLimit: idLimit, ids: scratch.ids, frequencies: { _ in nil },
      { ids, _, count in body(ids, count) })
  }

  /// Decodes every block in turn into `ids` (and its frequency words where `frequencies`
  /// of the block's highest impact gives a buffer for them).
  private static func walkBlocks(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, idLimit: Int, ids: UnsafeMutablePointer<UInt32>,
    frequencies: (_ blockMaxImpact: Float) -> UnsafeMutablePointer<UInt32>?,
    _ body: (UnsafePointer<UInt32>, UnsafePointer<UInt32>?, Int) -> Void
  ) {
    guard entry.postingsOffset >= 0, let base = postings.bytes.baseAddress else { return }
    let blockCount = blockCount(postings, entry)
    let dataStart = entry.postingsOffset + blockCount * PostingsWriter.skipRecordLength
    let limit = UInt32(clamping: idLimit)
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    var previous: UInt32 = 0
    for block in 0..<blockCount {
      let record = entry.postingsOffset + block * PostingsWriter.skipRecordLength
      var offset = dataStart + Int(postings.u32(at: record + 4))
      let count = max(0, min(PostingsWriter.blockSize, entry.documentFrequency - block * PostingsWriter.blockSize))
      let blockFrequencies = frequencies(postings.f32(at: record + 12))
      let decoded = decodeBlock(
        bytes, &offset, postings.count, count: count, previous: previous, isFirst: block == 0, idLimit: limit,
        ids: ids, frequencies: blockFrequencies, keepsWordCounts: entry.keepsWordCounts)
      body(ids, blockFrequencies.map { UnsafePointer($0) }, decoded)
      if decoded < count { return }
      previous = postings.u32(at: record)
    }
  }

  /// How many blocks a term's postings have (fewer where the file is too short for them).
  static func blockCount(_ postings: ByteReader, _ entry: TermDictionary.Entry) -> Int {
    guard entry.postingsOffset >= 0 else { return 0 }
    return min(entry.blockCount, max(0, (postings.count - entry.postingsOffset) / PostingsWriter.skipRecordLength))
  }

  /// The highest impact in block `block` of a term's postings, from its skip record.
  static func blockMaxImpact(_ postings: ByteReader, _ entry: TermDictionary.Entry, block: Int) -> Float {
    postings.f32(at: entry.postingsOffset + block * PostingsWriter.skipRecordLength + 12)
  }

  /// Decodes the ids of block `block` of a term's postings into `ids` (and its frequency
  /// words into `frequencies`, when given); how many are good (as `decodeBlock`).
  static func decodeIds(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, block: Int, idLimit: Int,
    into ids: UnsafeMutablePointer<UInt32>, frequencies: UnsafeMutablePointer<UInt32>? = nil
  ) -> Int {
    decodeIds(
      postings, entry, block: block, idLimit: idLimit, into: ids, frequencies: frequencies, wordCounts: nil
    ).count
  }

  /// `decodeIds` that also copies the block's word count bytes into `wordCounts`, when
  /// given with `frequencies` and the term keeps them (`wordCounts` is then true): scoring
  /// its postings then reads no store table.
  static func decodeIds(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, block: Int, idLimit: Int,
    into ids: UnsafeMutablePointer<UInt32>, frequencies: UnsafeMutablePointer<UInt32>?,
    wordCounts: UnsafeMutablePointer<UInt8>?
  ) -> (count: Int, wordCounts: Bool) {
    let blockCount = blockCount(postings, entry)
    guard block < blockCount, let base = postings.bytes.baseAddress else { return (0, false) }
    let record = entry.postingsOffset + block * PostingsWriter.skipRecordLength
    let dataStart = entry.postingsOffset + blockCount * PostingsWriter.skipRecordLength
    var offset = dataStart + Int(postings.u32(at: record + 4))
    let count = max(0, min(PostingsWriter.blockSize, entry.documentFrequency - block * PostingsWriter.blockSize))
    let previous = block == 0 ? 0 : postings.u32(at: record - PostingsWriter.skipRecordLength)
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let good = decodeBlock(
      bytes, &offset, postings.count, count: count, previous: previous,
      isFirst: block == 0, idLimit: UInt32(clamping: idLimit), ids: ids, frequencies: frequencies,
      keepsWordCounts: entry.keepsWordCounts)
    // `decodeBlock` leaves `offset` after the frequencies, where the word counts begin, and
    // has checked that they fit.
    guard let wordCounts, frequencies != nil, entry.keepsWordCounts, good > 0 else { return (good, false) }
    wordCounts.update(from: bytes + offset, count: good)
    return (good, true)
  }

  /// Decodes one block's ids and frequency words (`frequency << 2 | flags`) at `offset`;
  /// how many ids are good (damage ends a block early: ids must increase and stay under
  /// `idLimit`, frequencies are capped at 2^20, and the word counts after them, where the
  /// term keeps them, must fit).
  @inline(__always)
  static func decodeBlock(
    _ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, count: Int, previous: UInt32,
    isFirst: Bool, idLimit: UInt32, ids: UnsafeMutablePointer<UInt32>, frequencies: UnsafeMutablePointer<UInt32>?,
    keepsWordCounts: Bool
  ) -> Int {
    let idsStart = offset
    var good = count
    // A full block, the usual case: unpacked and summed in one pass; where that finds a gap
    // of 0 (the first id of a list may be 0) or above 2^31, or an id past the limit, or
    // cannot read it so, the passes below decide.
    if count == PostingsWriter.blockSize,
      let (total, gapsLessOne) = BitPacking.unpackRunningSum(
        bytes, &offset, end, count: count, from: isFirst ? 0 : UInt64(previous), into: ids),
      gapsLessOne & 0x8000_0000 == 0, total < UInt64(idLimit)
    {
      return decodeFrequencies(bytes, &offset, end, count: count, good: good, frequencies, keepsWordCounts)
    }
    offset = idsStart
    guard count > 0, BitPacking.unpack(bytes, &offset, end, count: count, into: ids) else { return 0 }
    if !prefixSum(ids, count: count, previous: previous, isFirst: isFirst, idLimit: idLimit) {
      // Damaged: decode again, keeping the ids up to the first bad one.
      var again = idsStart
      _ = BitPacking.unpack(bytes, &again, end, count: count, into: ids)
      good = checkedPrefixSum(ids, count: count, previous: previous, isFirst: isFirst, idLimit: idLimit)
    }
    return decodeFrequencies(bytes, &offset, end, count: count, good: good, frequencies, keepsWordCounts)
  }

  /// The rest of `decodeBlock` once `good` of its ids are decoded: the frequency words
  /// (where asked for), and the check that the word counts fit after them.
  @inline(__always)
  private static func decodeFrequencies(
    _ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, count: Int, good: Int,
    _ frequencies: UnsafeMutablePointer<UInt32>?, _ keepsWordCounts: Bool
  ) -> Int {
    guard let frequencies else { return good }
    // The word counts follow (where kept), a byte per posting: a block too short for them
    // is damaged.
    guard BitPacking.unpack(bytes, &offset, end, count: count, into: frequencies),
      !keepsWordCounts || count <= end - offset
    else { return 0 }
    for index in 0..<good { frequencies[index] = frequencyWord(frequencies[index]) }
    return good
  }

  /// Turns gaps into ids without a check per id; false when an id would not increase
  /// (a gap of 0, but for the very first id of a list) or reach `idLimit`, which a block
  /// of increasing ids shows in its last id alone (the sum cannot overflow 64 bits).
  ///
  /// A running sum is a chain of dependent additions, one per id: a full block is summed
  /// as four quarters at once (four independent chains), and each quarter then offset by
  /// the total before it. Ids are kept modulo 2^32 on the way; when the total is below
  /// `idLimit`, no sum on the way passed it (gaps are not negative), so all are exact.
  @inline(__always)
  private static func prefixSum(
    _ ids: UnsafeMutablePointer<UInt32>, count: Int, previous: UInt32, isFirst: Bool, idLimit: UInt32
  ) -> Bool {
    // The first id of a list is its own gap from 0.
    let start = isFirst ? 0 : UInt64(previous)
    let quarter = PostingsWriter.blockSize / 4
    guard count == PostingsWriter.blockSize else {
      let first = isFirst ? 1 : 0
      var smallestGap = UInt32.max
      for index in first..<max(first, count) { smallestGap = min(smallestGap, ids[index]) }
      var total = start
      for index in 0..<count {
        total &+= UInt64(ids[index])
        ids[index] = UInt32(truncatingIfNeeded: total)
      }
      return smallestGap > 0 && total < UInt64(idLimit)
    }
    guard !hasZeroOrHugeGap(ids, isFirst: isFirst) else { return false }
    var sums: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for index in 0..<quarter {
      sums.0 &+= UInt64(ids[index])
      ids[index] = UInt32(truncatingIfNeeded: sums.0)
      sums.1 &+= UInt64(ids[quarter + index])
      ids[quarter + index] = UInt32(truncatingIfNeeded: sums.1)
      sums.2 &+= UInt64(ids[2 * quarter + index])
      ids[2 * quarter + index] = UInt32(truncatingIfNeeded: sums.2)
      sums.3 &+= UInt64(ids[3 * quarter + index])
      ids[3 * quarter + index] = UInt32(truncatingIfNeeded: sums.3)
    }
    let offsets = (
      UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: start &+ sums.0),
      UInt32(truncatingIfNeeded: start &+ sums.0 &+ sums.1),
      UInt32(truncatingIfNeeded: start &+ sums.0 &+ sums.1 &+ sums.2)
    )
    for index in 0..<quarter {
      ids[index] &+= offsets.0
      ids[quarter + index] &+= offsets.1
      ids[2 * quarter + index] &+= offsets.2
      ids[3 * quarter + index] &+= offsets.3
    }
    let total = start &+ sums.0 &+ sums.1 &+ sums.2 &+ sums.3
    return total < UInt64(idLimit)
  }

  /// Whether a full block's gaps hold a 0 (but for the first of a list) or one of 2^31 or
  /// more, which no block of ids below `idLimit` holds (it is clamped below 2^31): a
  /// gap less 1 has its top bit set exactly then. In vectors of 8 (subtraction and OR,
  /// which compile to vector instructions), where a scalar minimum took a third of a
  /// block's decoding.
  @inline(__always)
  private static func hasZeroOrHugeGap(_ gaps: UnsafeMutablePointer<UInt32>, isFirst: Bool) -> Bool {
    let raw = UnsafeRawPointer(gaps)
    var lanes = SIMD8<UInt32>.zero
    for group in 0..<(PostingsWriter.blockSize / 8) {
      lanes |= raw.loadUnaligned(fromByteOffset: group &* 32, as: SIMD8<UInt32>.self) &- 1
    }
    // The first id of a list may be 0; its lane is looked at again without it.
    if isFirst && gaps[0] == 0 {
      lanes = .zero
      for index in 1..<PostingsWriter.blockSize { lanes[index & 7] |= gaps[index] &- 1 }
    }
    return (lanes & 0x8000_0000) != .zero
  }

  /// Turns gaps into ids one at a time, stopping at the first that would not increase,
  /// pass 2^32 or reach `idLimit`; how many are good.
  private static func checkedPrefixSum(
    _ ids: UnsafeMutablePointer<UInt32>, count: Int, previous: UInt32, isFirst: Bool, idLimit: UInt32
  ) -> Int {
    var previous = previous
    var good = 0
    for index in 0..<count {
      let gap = ids[index]
      let (id, overflow) = previous.addingReportingOverflow(gap)
      if overflow || id >= idLimit || (gap == 0 && !(isFirst && index == 0)) { break }
      ids[index] = id
      previous = id
      good += 1
    }
    return good
  }

  @inline(__always)
  private func skipLastId(_ block: Int) -> UInt32 {
    postings.u32(at: skipStart + block * PostingsWriter.skipRecordLength)
  }

  /// The highest impact of any posting in the current block (read once per block).
  private(set) var blockMaxImpact: Float = 0

  /// The ids of the `count` blocks with the highest impacts among the first `among` (of
  /// equal ones, the earlier), in order: each block's first id (past the one before's
  /// last) through its last, read from the skip records. Empty when the records do not
  /// rise (damaged postings), so that the ranges never overlap.
  func bestBlocks(_ count: Int, among: Int) -> [ClosedRange<UInt32>] {
    guard count > 0, blockCount > 0 else { return [] }
    // The best so far, highest impact first (a short list, kept by insertion).
    var best: [(impact: Float, block: Int)] = []
    best.reserveCapacity(count + 1)
    for block in 0..<min(blockCount, max(among, count)) {
      let impact = postings.f32(at: skipStart + block * PostingsWriter.skipRecordLength + 12)
      guard best.count < count || impact > best[best.count - 1].impact else { continue }
      var slot = best.count
      while slot > 0 && best[slot - 1].impact < impact { slot -= 1 }
      best.insert((impact, block), at: slot)
      if best.count > count { best.removeLast() }
    }
    var ranges: [ClosedRange<UInt32>] = []
    for block in best.map(\.block).sorted() {
      let first = block == 0 ? 0 : skipLastId(block - 1) &+ 1
      let last = skipLastId(block)
      guard first <= last, block == 0 || first > 0, ranges.last.map({ $0.upperBound < first }) ?? true else {
        return []
      }
      ranges.append(first...last)
    }
    return ranges
  }

  /// The number of the current block (`blockCount` once exhausted): the cursor only moves
  /// on, so it names one block of its walk (for tests that walk block by block).
  var blockNumber: Int { block }

  /// The last id of the current block.
  var blockLastId: UInt32 { block < blockCount ? skipLastId(block) : PostingCursor.exhausted }

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
    let record = skipStart + newBlock * PostingsWriter.skipRecordLength
    let blockStart = dataStart + Int(postings.u32(at: record + 4))
    blockMaxImpact = postings.f32(at: record + 12)
    let remaining = documentFrequency - newBlock * PostingsWriter.blockSize
    let count = max(0, min(PostingsWriter.blockSize, remaining))
    var offset = blockStart
    idCount = Self.decodeBlock(
      bytes, &offset, end, count: count, previous: newBlock == 0 ? 0 : skipLastId(newBlock - 1),
      isFirst: newBlock == 0, idLimit: idLimit, ids: ids, frequencies: nil, keepsWordCounts: keepsWordCounts)
    settleBlock(bytes, offset: offset, end: end, count: count, record: record)
  }

  /// The cursor's own copies of a leaped-to block's bytes and of its positions (allocated
  /// on the first leap, the positions' grown as needed).
  private var blockCopy: UnsafeMutableRawBufferPointer?
  private var positionsCopy: UnsafeMutableRawBufferPointer?

  /// Blocks read with `pread` (`loadCopied`), for tests.
  private(set) var copiedLoads = 0

  /// A running average of the cursor's leaps over blocks (in sixteenths of a block), the
  /// last weighing a quarter.
  private var blockLeapLength = 0

  /// Adds a leap to block `target` to the average; whether the leaps average
  /// `averageBlocks` or more, so that the blocks they land in are read with `pread`.
  @inline(__always)
  private func leapsFar(to target: Int, averageBlocks: Int) -> Bool {
    blockLeapLength = (blockLeapLength &* 3 &+ (target &- block) &* 16) &>> 2
    return blockLeapLength >= averageBlocks &* 16
  }

  /// `load(block:)` for a block reached by a leap over others (`leapReads`): its ids and
  /// frequencies are read with one `pread` into the cursor's own buffer, and its positions
  /// with another when they are asked for. Nothing of the map is faulted in: a fault
  /// would map a whole fault-around window for the one block, and a long list's pages
  /// would be released again before the next query leaps through it. The last block
  /// (whose positions' end no skip record gives), one larger than the buffer, and one
  /// whose read fails (the map's reads are bounds-checked) are read from the map.
  ///
  /// It releases no object, as `@_effects` tells the optimizer: it allocates raw memory
  /// and calls `pread`. Without the claim, the call it cannot see into made every scorer
  /// over cursors retain and release them around each leap (`cont*` at 30,000 talks took
  /// 15.8 ms instead of 7.8, with no block read so).
  @_effects(releasenone)
  private func loadCopied(block newBlock: Int) {
    guard let leapReads, newBlock + 1 < blockCount else { return load(block: newBlock) }
    let record = skipStart + newBlock * PostingsWriter.skipRecordLength
    let next = record + PostingsWriter.skipRecordLength
    let start = dataStart + Int(postings.u32(at: record + 4))
    let end = dataStart + Int(postings.u32(at: next + 4))
    let buffer = blockCopy ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockCopyBytes, alignment: 8)
    blockCopy = buffer
    // And the 8 bytes after it where there are (the unpacking loads 8 bytes at once where
    // they lie within what it reads from).
    let read = min(end + 8, postings.count) - start
    guard start <= end, end <= postings.count, read <= buffer.count,
      leapReads.read(start, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<read]))
    else { return load(block: newBlock) }
    copiedLoads += 1
    block = newBlock
    index = 0
    lastDecodedId = 0
    blockView = UnsafeRawBufferPointer(rebasing: buffer[0..<read])
    blockMaxImpact = postings.f32(at: record + 12)
    let count = max(0, min(PostingsWriter.blockSize, documentFrequency - newBlock * PostingsWriter.blockSize))
    let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var offset = 0
    idCount = Self.decodeBlock(
      bytes, &offset, read, count: count, previous: skipLastId(newBlock - 1), isFirst: false, idLimit: idLimit,
      ids: ids, frequencies: nil, keepsWordCounts: keepsWordCounts)
    settleBlock(bytes, offset: offset, end: read, count: count, record: record)
    let positionsEnd = dataStart + Int(postings.u32(at: next + 8))
    if positionsStart <= positionsEnd && positionsEnd <= postings.count {
      positionsToCopy = positionsStart..<positionsEnd
    }
  }

  /// Reads the current block's positions (`range` of `postings`) into the cursor's own
  /// buffer, which `positionsView` then reads; on a failed read or past
  /// `SearchTuning.copiedPositionsBytes`, they stay read from the map.
  private func copyPositions(_ range: Range<Int>) {
    positionsToCopy = nil
    guard let leapReads, range.count <= SearchTuning.copiedPositionsBytes else { return }
    if (positionsCopy?.count ?? 0) < range.count {
      positionsCopy?.deallocate()
      positionsCopy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(range.count, 1 << 10), alignment: 8)
    }
    guard let buffer = positionsCopy else { return }
    let copy = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<range.count])
    guard leapReads.read(range.lowerBound, into: copy) else { return }
    positionsView = UnsafeRawBufferPointer(copy)
    positionsStart -= range.lowerBound
  }

  /// A block's ids, frequencies and word counts take at most 1,154 bytes (two widths of
  /// one byte, 128 values of 32 bits each twice, and 128 bytes), read with the 8 after them.
  private static let blockCopyBytes = 1_168

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
    let record = skipStart + newBlock * PostingsWriter.skipRecordLength
    var offset = dataStart + Int(postings.u32(at: record + 4))
    blockMaxImpact = postings.f32(at: record + 12)
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
    settleBlock(bytes, offset: offset, end: end, count: count, record: record)
  }

  /// The rest of loading a block whose `idCount` ids are in `ids`, its frequency words at
  /// `offset`: padding, the groups' last ids, the frequencies' place, the positions'.
  @inline(__always)
  private func settleBlock(_ bytes: UnsafePointer<UInt8>, offset: Int, end: Int, count: Int, record: Int) {
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
        frequencyWidth = width
        frequencyBits = offset + 1
        frequencyBytes = byteCount
        wordCountStart = offset + 1 + byteCount
      }
    }
    positionsStart = dataStart + Int(postings.u32(at: record + 8))
    positionsView = postings.bytes
    positionsToCopy = nil
    blockPostingCount = count
    positionGroupsRead = false
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
    if block < blockCount && skipLastId(block) < target {
      // Gallop then binary search over the skip records.
      var low = block + 1
      var step = 1
      var high = low
      while high < blockCount && skipLastId(high) < target {
        low = high + 1
        high += step
        step *= 2
      }
      high = min(high, blockCount)
      while low < high {
        let middle = (low + high) / 2
        if skipLastId(middle) < target { low = middle + 1 } else { high = middle }
      }
      if let leapReads, leapsFar(to: low, averageBlocks: leapReads.averageBlocks) {
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
    var next = block + 1
    while next < blockCount && cannotEnter(postings.f32(at: skipStart + next * PostingsWriter.skipRecordLength + 12)) {
      next += 1
    }
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

  /// Calls `body` with the best postings of the current block, as far as BM25 can tell
  /// them apart without their scores: among those of frequency 1, and among the others,
  /// the highest frequency, the flags of any and the lowest word count. No posting of a
  /// group scores above one of all three of its group, so the higher of their scores
  /// bounds the block, exactly where one posting holds all three (the usual block of a
  /// rarer word: frequency 1, no flags, a shortest passage or several). False, calling
  /// nothing, where the term keeps no word counts, or where a group's postings all have
  /// long counts (their bytes then give no length). Read once a block.
  func forEachBlockBest(_ body: (_ frequency: Int, _ flags: UInt32, _ wordCount: Int) -> Void) -> Bool {
    if blockBest.block != block { readBlockBest() }
    guard blockBest.known else { return false }
    if let once = blockBest.once { body(1, once.flags, Int(once.shortest)) }
    if let more = blockBest.more { body(Int(more.frequency), more.flags, Int(more.shortest)) }
    return true
  }

  /// `forEachBlockBest`'s groups, of block `block`.
  private var blockBest = BlockBest()
  private struct BlockBest {
    var block = -1
    var known = false
    var once: (flags: UInt32, shortest: UInt32)?
    var more: (frequency: UInt32, flags: UInt32, shortest: UInt32)?
  }

  private func readBlockBest() {
    var best = BlockBest()
    best.block = block
    defer { blockBest = best }
    let end = wordCountStart &+ idCount
    guard keepsWordCounts, decodesFrequencies, idCount > 0, end <= blockView.count, let base = blockView.baseAddress
    else { return }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let counts = bytes + wordCountStart
    let long = UInt32(WordCounts.longMarker)
    if frequencyWidth == 0 {
      // Every posting's frequency word is 0: frequency 1, no flags.
      var shortest = UInt32.max
      for position in 0..<idCount { shortest = min(shortest, UInt32(counts[position])) }
      best.once = (0, shortest)
      best.known = shortest != long
      return
    }
    var offset = frequencyBits - 1
    guard
      BitPacking.unpack(bytes, &offset, blockView.count, count: blockPostingCount, into: frequencyScratch),
      blockPostingCount >= idCount
    else { return }
    // Stored words are `(frequency - 1) << 2 | flags`: below 4 for frequency 1. Each group
    // in one pass without a branch (a word of the other group counts as the longest).
    var onceShortest = UInt32.max
    var onceFlags: UInt32 = 0
    var moreShortest = UInt32.max
    var moreFlags: UInt32 = 0
    var highest: UInt32 = 0
    for position in 0..<idCount {
      let word = frequencyScratch[position]
      let count = UInt32(counts[position])
      let once = word < 4
      onceShortest = min(onceShortest, once ? count : .max)
      onceFlags |= once ? word & 3 : 0
      moreShortest = min(moreShortest, once ? .max : count)
      moreFlags |= once ? 0 : word & 3
      highest = max(highest, word)
    }
    if onceShortest != .max { best.once = (onceFlags, onceShortest) }
    if moreShortest != .max { best.more = (Self.frequencyWord(highest) >> 2, moreFlags, moreShortest) }
    best.known = onceShortest != long && moreShortest != long
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
  /// `position` of the current block: from the decoded block, or read alone from the
  /// packed words (bounds checked at `load`).
  @inline(__always)
  private func frequencyWord(_ position: Int) -> UInt32 {
    guard frequencyWidth > 0, let base = blockView.baseAddress else { return Self.frequencyWord(0) }
    return Self.frequencyWord(
      BitPacking.value(
        base.assumingMemoryBound(to: UInt8.self), at: position, start: frequencyBits, byteCount: frequencyBytes,
        end: blockView.count, width: frequencyWidth))
  }

  /// A stored frequency word (frequency - 1, capped, and flags) as the walks use it.
  @inline(__always)
  private static func frequencyWord(_ stored: UInt32) -> UInt32 { (min(stored >> 2, 1 << 20) + 1) << 2 | stored & 3 }

  /// Appends the (start, end) slots of the current posting.
  func positions(into output: inout [SlotRange]) {
    guard index < idCount else { return }
    if !positionGroupsRead { readPositionGroups() }
    // From the start of the posting's group, unless the last read was in it, before it.
    let group = index / PostingsWriter.positionGroup
    let groupFirst = group * PostingsWriter.positionGroup
    if positionsCursorIndex > index || positionsCursorIndex < groupFirst {
      positionsCursorIndex = groupFirst
      positionsCursorOffset = group == 0 ? positionsDataStart : groupStarts[group - 1]
    }
    if positionsCursorIndex < index {
      var skipped = 0
      for earlier in positionsCursorIndex..<index { skipped += Int(frequencyWord(earlier) >> 2) }
      positionsCursorOffset = skipPositions(skipped, from: positionsCursorOffset)
      positionsCursorIndex = index
    }
    var offset = positionsCursorOffset
    var slot: UInt32 = 0
    for _ in 0..<(frequencyWord(index) >> 2) {
      let value = ByteReader.varint(positionsView, &offset)
      slot = slot &+ (value >> 1)
      let span = value & 1 == 1 ? min(ByteReader.varint(positionsView, &offset), 1 << 16) : 0
      output.append(SlotRange(start: slot, end: slot &+ span))
    }
  }
}

extension PostingCursor {
  /// Reads the current block's group table: where the positions of every
  /// `PostingsWriter.positionGroup`-th posting begin (offsets from the end of the table,
  /// read as file offsets; a damaged one only points elsewhere in the file, whose reads
  /// are bounds-checked).
  fileprivate func readPositionGroups() {
    if let range = positionsToCopy { copyPositions(range) }
    var offset = positionsStart
    let entries = max(0, blockPostingCount - 1) / PostingsWriter.positionGroup
    for group in 0..<entries { groupStarts[group] = Int(ByteReader.varint(positionsView, &offset)) }
    positionsDataStart = offset
    for group in 0..<entries { groupStarts[group] = min(positionsDataStart + groupStarts[group], positionsView.count) }
    positionsCursorIndex = 0
    positionsCursorOffset = positionsDataStart
    positionGroupsRead = true
  }

  /// The offset past `count` positions from `start` (`PositionSkipping`).
  fileprivate func skipPositions(_ count: Int, from start: Int) -> Int {
    guard let base = positionsView.baseAddress else { return start }
    return PositionSkipping.skip(
      count, in: base.assumingMemoryBound(to: UInt8.self), from: start, end: positionsView.count)
  }
}

/// The slots a term occurrence covers, inclusive.
struct SlotRange: Equatable, Comparable, Sendable {
  var start: UInt32
  var end: UInt32
  static func < (a: SlotRange, b: SlotRange) -> Bool { (a.start, a.end) < (b.start, b.end) }
}

extension Array where Element == SlotRange {
  /// Sorts the ranges from `start` on and keeps one of each.
  mutating func sortUnique(from start: Int) {
    guard count - start > 1 else { return }
    // Already increasing (one form's places, the usual case): nothing to sort or drop.
    if (start + 1..<count).allSatisfy({ self[$0 - 1] < self[$0] }) { return }
    // Sorted in place (a slice of the array would be copied first).
    withUnsafeMutableBufferPointer { all in
      var tail = UnsafeMutableBufferPointer(rebasing: all[start...])
      tail.sort()
    }
    var write = start + 1
    for read in (start + 1)..<count where self[read] != self[write - 1] {
      self[write] = self[read]
      write += 1
    }
    removeSubrange(write...)
  }
}

/// A term's postings copied out of the file (short lists: one `pread` instead of faulting
/// pages of the map in, which would stay resident until the next release).
final class PostingsBuffer {
  /// `count` bytes, for the caller to fill (and to read no more of than it filled).
  let bytes: UnsafeMutableRawBufferPointer
  private let allocation: UnsafeMutableRawBufferPointer

  init(count: Int) {
    allocation = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 8)
    bytes = UnsafeMutableRawBufferPointer(rebasing: allocation[0..<max(0, count)])
  }

  deinit { allocation.deallocate() }
}

/// How a cursor reads the blocks it leaps to with `pread` (`PostingCursor.loadCopied`):
/// the descriptor of its postings file (a cursor lives within a query, which holds the
/// segment and so the file) and where their body begins in it. Not the file itself: a
/// call on an object from the walk would make every scorer over cursors retain them.
struct LeapReads {
  let descriptor: Int32
  let bodyOffset: Int
  /// The average leap, in blocks, from which it reads so (`SearchTuning.LeapCopying`).
  let averageBlocks: Int

  /// `buffer.count` bytes at `offset` of the postings body; whether all were read.
  func read(_ offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
    MappedFile.read(descriptor, at: bodyOffset + offset, into: buffer) == buffer.count
  }
}
