/// Walks one term's postings block by block (layout in FORMAT.md).
///
/// Damaged postings cannot make it crash or loop: every read is bounds-checked, ids that do
/// not increase or exceed `idLimit` end the block, and positions are clamped.
final class PostingCursor {
  static let exhausted = UInt32.max

  let postings: ByteReader
  let documentFrequency: Int
  let blockCount: Int
  let maxImpact: Float
  private let skipStart: Int
  private let dataStart: Int
  private let idLimit: UInt32

  private(set) var current: UInt32 = PostingCursor.exhausted
  private var block = -1
  private var ids: [UInt32] = []
  private var frequencies: [UInt32] = []
  private var index = 0
  private var positionsStart = 0
  private var positionsCursorIndex = 0
  private var positionsCursorOffset = 0

  init(postings: ByteReader, entry: TermDictionary.Entry, idLimit: Int) {
    self.postings = postings
    documentFrequency = entry.documentFrequency
    maxImpact = entry.maxImpact
    let maximumBlocks = max(0, (postings.count - entry.postingsOffset) / PostingsWriter.skipRecordLength)
    blockCount = min(entry.blockCount, maximumBlocks)
    skipStart = entry.postingsOffset
    dataStart = entry.postingsOffset + blockCount * PostingsWriter.skipRecordLength
    self.idLimit = UInt32(clamping: idLimit)
    ids.reserveCapacity(PostingsWriter.blockSize)
    frequencies.reserveCapacity(PostingsWriter.blockSize)
    if blockCount > 0 { load(block: 0) }
  }

  /// Calls `body` with every (id, frequency) of a term, decoding blocks directly.
  /// Damaged data ends the walk early, as in `load(block:)`.
  static func decodeAll(
    _ postings: ByteReader, _ entry: TermDictionary.Entry, idLimit: Int,
    _ body: (UInt32, UInt32) -> Void
  ) {
    let maximumBlocks = max(0, (postings.count - entry.postingsOffset) / PostingsWriter.skipRecordLength)
    let blockCount = min(entry.blockCount, maximumBlocks)
    let dataStart = entry.postingsOffset + blockCount * PostingsWriter.skipRecordLength
    let limit = UInt32(clamping: idLimit)
    var ids = [UInt32](repeating: 0, count: PostingsWriter.blockSize)
    var previous: UInt32? = nil
    for block in 0..<blockCount {
      let record = entry.postingsOffset + block * PostingsWriter.skipRecordLength
      var offset = dataStart + Int(postings.u32(at: record + 4))
      let count = max(0, min(PostingsWriter.blockSize, entry.documentFrequency - block * PostingsWriter.blockSize))
      var decoded = 0
      while decoded < count {
        let value = postings.varint(&offset)
        let (id, overflow) = previous.map { $0.addingReportingOverflow(value) } ?? (value, false)
        if overflow || id >= limit || (previous != nil && value == 0) { return }
        ids[decoded] = id
        previous = id
        decoded += 1
      }
      for index in 0..<decoded { body(ids[index], min(postings.varint(&offset), 1 << 22) >> 2) }
      previous = postings.u32(at: record)
    }
  }

  @inline(__always)
  private func skipLastId(_ block: Int) -> UInt32 {
    postings.u32(at: skipStart + block * PostingsWriter.skipRecordLength)
  }

  /// The highest impact of any posting in the current block.
  var blockMaxImpact: Float {
    block < blockCount ? postings.f32(at: skipStart + block * PostingsWriter.skipRecordLength + 12) : 0
  }

  /// The last id of the current block.
  var blockLastId: UInt32 { block < blockCount ? skipLastId(block) : PostingCursor.exhausted }

  private func load(block newBlock: Int) {
    block = newBlock
    ids.removeAll(keepingCapacity: true)
    frequencies.removeAll(keepingCapacity: true)
    index = 0
    guard newBlock < blockCount else {
      current = PostingCursor.exhausted
      return
    }
    let record = skipStart + newBlock * PostingsWriter.skipRecordLength
    let blockStart = dataStart + Int(postings.u32(at: record + 4))
    let remaining = documentFrequency - newBlock * PostingsWriter.blockSize
    let count = max(0, min(PostingsWriter.blockSize, remaining))
    var offset = blockStart
    var previous: UInt32? = newBlock == 0 ? nil : skipLastId(newBlock - 1)
    for _ in 0..<count {
      let value = postings.varint(&offset)
      let (id, overflow) = previous.map { $0.addingReportingOverflow(value) } ?? (value, false)
      if overflow || id >= idLimit || (previous != nil && value == 0) { break }
      ids.append(id)
      previous = id
    }
    for _ in 0..<ids.count {
      frequencies.append(min(postings.varint(&offset), 1 << 22))
    }
    positionsStart = blockStart + Int(postings.u32(at: record + 8))
    positionsCursorIndex = 0
    positionsCursorOffset = positionsStart
    current = ids.first ?? PostingCursor.exhausted
    if ids.isEmpty { block = blockCount }
  }

  @inline(__always)
  func next() {
    index += 1
    if index < ids.count {
      current = ids[index]
    } else {
      load(block: block + 1)
    }
  }

  /// Moves to the first id at or after `target`.
  func advance(to target: UInt32) {
    guard current < target else { return }
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
      load(block: low)
    }
    while current < target { next() }
  }

  /// Skips the rest of the current block.
  func nextBlock() { load(block: block + 1) }

  /// How often the term occurs in the current passage.
  var frequency: Int { index < frequencies.count ? Int(frequencies[index] >> 2) : 0 }
  /// `PostingFlags` of the current posting.
  var flags: UInt32 { index < frequencies.count ? frequencies[index] & 3 : 0 }

  /// Appends the (start, end) slots of the current posting.
  func positions(into output: inout [SlotRange]) {
    guard index < ids.count else { return }
    if positionsCursorIndex > index {
      positionsCursorIndex = 0
      positionsCursorOffset = positionsStart
    }
    while positionsCursorIndex < index {
      for _ in 0..<(frequencies[positionsCursorIndex] >> 2) {
        let value = postings.varint(&positionsCursorOffset)
        if value & 1 == 1 { _ = postings.varint(&positionsCursorOffset) }
      }
      positionsCursorIndex += 1
    }
    var offset = positionsCursorOffset
    var slot: UInt32 = 0
    for _ in 0..<(frequencies[index] >> 2) {
      let value = postings.varint(&offset)
      slot = slot &+ (value >> 1)
      let span = value & 1 == 1 ? min(postings.varint(&offset), 1 << 16) : 0
      output.append(SlotRange(start: slot, end: slot &+ span))
    }
  }
}

/// The slots a term occurrence covers, inclusive.
struct SlotRange: Equatable, Comparable, Sendable {
  var start: UInt32
  var end: UInt32
  static func < (a: SlotRange, b: SlotRange) -> Bool { (a.start, a.end) < (b.start, b.end) }
}
