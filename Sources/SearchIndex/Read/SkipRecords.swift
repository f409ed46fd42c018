/// A term's skip records (FORMAT.md), a record per block ahead of the blocks: the block's
/// last id, where its ids and its positions begin, and its highest impact. A cursor leaps
/// over blocks with them, and bounds a block's scores before decoding anything of it. Reads
/// are bounds-checked (`ByteReader`): a damaged record only points elsewhere in the file.
struct SkipRecords {
  let postings: ByteReader
  /// Where the first record begins.
  let start: Int
  /// The term's blocks (fewer where the file is too short for their records).
  let blockCount: Int
  /// Where the blocks begin, after the records (their offsets are from here).
  let dataStart: Int

  init(_ postings: ByteReader, _ entry: TermDictionary.Entry) {
    self.postings = postings
    let maximumBlocks = max(0, (postings.count - entry.postingsOffset) / PostingsWriter.skipRecordLength)
    blockCount = min(entry.blockCount, maximumBlocks)
    start = entry.postingsOffset
    dataStart = entry.postingsOffset + blockCount * PostingsWriter.skipRecordLength
  }

  /// Where block `block`'s record begins.
  @inline(__always)
  func record(_ block: Int) -> Int { start + block * PostingsWriter.skipRecordLength }

  /// The last id of block `block`.
  @inline(__always)
  func lastId(_ block: Int) -> UInt32 { postings.u32(at: record(block)) }

  /// Where block `block`'s ids begin in `postings`.
  @inline(__always)
  func idsStart(_ block: Int) -> Int { dataStart + Int(postings.u32(at: record(block) + 4)) }

  /// Where block `block`'s positions (its group table first) begin in `postings`.
  @inline(__always)
  func positionsStart(_ block: Int) -> Int { dataStart + Int(postings.u32(at: record(block) + 8)) }

  /// The highest impact of any posting in block `block`.
  @inline(__always)
  func maxImpact(_ block: Int) -> Float { postings.f32(at: record(block) + 12) }

  /// The first block after `block` whose last id is at or above `target` (`blockCount`
  /// where none is): a gallop, then a binary search over the records.
  func firstBlock(after block: Int, notBelow target: UInt32) -> Int {
    var low = block + 1
    var step = 1
    var high = low
    while high < blockCount && lastId(high) < target {
      low = high + 1
      high += step
      step *= 2
    }
    high = min(high, blockCount)
    while low < high {
      let middle = (low + high) / 2
      if lastId(middle) < target { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first block after `block` whose highest impact `cannotEnter` does not rule out
  /// (`blockCount` where none is), reading only records.
  @inline(__always)
  func firstBlock(after block: Int, skipping cannotEnter: (Float) -> Bool) -> Int {
    var next = block + 1
    while next < blockCount && cannotEnter(maxImpact(next)) { next += 1 }
    return next
  }

  /// The ids of the `count` blocks with the highest impacts among the first `among` (of
  /// equal ones, the earlier), in order: each block's first id (past the one before's
  /// last) through its last. Empty when the records do not rise (damaged postings), so
  /// that the ranges never overlap.
  func bestBlocks(_ count: Int, among: Int) -> [ClosedRange<UInt32>] {
    guard count > 0, blockCount > 0 else { return [] }
    // The best so far, highest impact first (a short list, kept by insertion).
    var best: [(impact: Float, block: Int)] = []
    best.reserveCapacity(count + 1)
    for block in 0..<min(blockCount, max(among, count)) {
      let impact = maxImpact(block)
      guard best.count < count || impact > best[best.count - 1].impact else { continue }
      var slot = best.count
      while slot > 0 && best[slot - 1].impact < impact { slot -= 1 }
      best.insert((impact, block), at: slot)
      if best.count > count { best.removeLast() }
    }
    var ranges: [ClosedRange<UInt32>] = []
    for block in best.map(\.block).sorted() {
      let first = block == 0 ? 0 : lastId(block - 1) &+ 1
      let last = lastId(block)
      guard first <= last, block == 0 || first > 0, ranges.last.map({ $0.upperBound < first }) ?? true else {
        return []
      }
      ranges.append(first...last)
    }
    return ranges
  }
}
