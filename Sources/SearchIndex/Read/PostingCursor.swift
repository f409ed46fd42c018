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
  /// The current block, decoded: ids and frequency words (`frequency << 2 | flags`).
  private let ids = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
  private let frequencies = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
  private var idCount = 0
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
    if blockCount > 0 { load(block: 0) }
  }

  deinit {
    ids.deallocate()
    frequencies.deallocate()
  }

  /// Unsigned LEB128 from `bytes` at `offset`, at most five bytes; 0 past `end`.
  @inline(__always)
  static func varint(_ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int) -> UInt32 {
    guard offset < end else { return 0 }
    let first = bytes[offset]
    offset += 1
    if first < 0x80 { return UInt32(first) }
    var result = UInt32(first & 0x7F)
    var shift: UInt32 = 7
    while offset < end && shift < 35 {
      let byte = bytes[offset]
      offset += 1
      result |= UInt32(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
    return result
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
    guard let base = postings.bytes.baseAddress else { return }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let end = postings.count
    var ids = [UInt32](repeating: 0, count: PostingsWriter.blockSize)
    var previous: UInt32 = 0
    ids.withUnsafeMutableBufferPointer { ids in
      for block in 0..<blockCount {
        let record = entry.postingsOffset + block * PostingsWriter.skipRecordLength
        var offset = dataStart + Int(postings.u32(at: record + 4))
        let count = max(0, min(PostingsWriter.blockSize, entry.documentFrequency - block * PostingsWriter.blockSize))
        var decoded = 0
        while decoded < count {
          let value = varint(bytes, &offset, end)
          let (id, overflow) = previous.addingReportingOverflow(value)
          if overflow || id >= limit || ((block > 0 || decoded > 0) && value == 0) { return }
          ids[decoded] = id
          previous = id
          decoded += 1
        }
        for index in 0..<decoded { body(ids[index], min(varint(bytes, &offset, end), 1 << 22) >> 2) }
        previous = postings.u32(at: record)
      }
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
    idCount = 0
    index = 0
    guard newBlock < blockCount, let base = postings.bytes.baseAddress else {
      block = blockCount
      current = PostingCursor.exhausted
      return
    }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let end = postings.count
    let record = skipStart + newBlock * PostingsWriter.skipRecordLength
    let blockStart = dataStart + Int(postings.u32(at: record + 4))
    let remaining = documentFrequency - newBlock * PostingsWriter.blockSize
    let count = max(0, min(PostingsWriter.blockSize, remaining))
    var offset = blockStart
    var previous: UInt32 = newBlock == 0 ? 0 : skipLastId(newBlock - 1)
    var isFirst = newBlock == 0
    while idCount < count {
      let value = Self.varint(bytes, &offset, end)
      let (id, overflow) = previous.addingReportingOverflow(value)
      if overflow || id >= idLimit || (!isFirst && value == 0) { break }
      ids[idCount] = id
      idCount += 1
      previous = id
      isFirst = false
    }
    for position in 0..<idCount {
      frequencies[position] = min(Self.varint(bytes, &offset, end), 1 << 22)
    }
    positionsStart = blockStart + Int(postings.u32(at: record + 8))
    positionsCursorIndex = 0
    positionsCursorOffset = positionsStart
    if idCount == 0 {
      block = blockCount
      current = PostingCursor.exhausted
    } else {
      current = ids[0]
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
  var frequency: Int { index < idCount ? Int(frequencies[index] >> 2) : 0 }
  /// `PostingFlags` of the current posting.
  var flags: UInt32 { index < idCount ? frequencies[index] & 3 : 0 }

  /// Appends the (start, end) slots of the current posting.
  func positions(into output: inout [SlotRange]) {
    guard index < idCount else { return }
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
