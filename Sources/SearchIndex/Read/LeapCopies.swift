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

/// A cursor's own copies of the blocks its far leaps land in (`PostingCursor.loadCopied`):
/// a leaped-to block's ids, frequencies and word counts, and its positions, each read with
/// one `pread` (the buffers allocated on the first leap, the positions' grown as needed),
/// and the running average of its leaps that decides when to read so. Raw memory only, so
/// that the walk's calls into it release nothing; the cursor frees it (`deallocate`).
struct LeapCopies {
  private var blockCopy: UnsafeMutableRawBufferPointer?
  private var positionsCopy: UnsafeMutableRawBufferPointer?
  /// A running average of the cursor's leaps over blocks (in sixteenths of a block), the
  /// last weighing a quarter.
  private var averageLeap = 0
  /// Blocks read with `pread`, for tests.
  private(set) var copiedLoads = 0

  /// A block's ids, frequencies and word counts take at most 1,154 bytes (two widths of
  /// one byte, 128 values of 32 bits each twice, and 128 bytes), read with the 8 after them.
  private static let blockCopyBytes = 1_168

  /// Adds a leap from block `block` to block `target` to the average; whether the leaps
  /// average `averageBlocks` or more, so that the blocks they land in are read with `pread`.
  @inline(__always)
  mutating func leapsFar(from block: Int, to target: Int, averageBlocks: Int) -> Bool {
    averageLeap = (averageLeap &* 3 &+ (target &- block) &* 16) &>> 2
    return averageLeap >= averageBlocks &* 16
  }

  /// Reads `start..<end` of the postings body (`postingsCount` bytes long) and the 8 bytes
  /// after it where there are (the unpacking loads 8 bytes at once where they lie within
  /// what it reads from) into the block copy; nil where they do not fit it or the read
  /// fails.
  mutating func readBlock(
    _ start: Int, _ end: Int, postingsCount: Int, with reads: LeapReads
  ) -> UnsafeRawBufferPointer? {
    let buffer = blockCopy ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockCopyBytes, alignment: 8)
    blockCopy = buffer
    let read = min(end + 8, postingsCount) - start
    guard start <= end, end <= postingsCount, read <= buffer.count,
      reads.read(start, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<read]))
    else { return nil }
    copiedLoads += 1
    return UnsafeRawBufferPointer(rebasing: buffer[0..<read])
  }

  /// Reads `range` of the postings body (a block's positions) into the positions copy;
  /// nil past `SearchTuning.copiedPositionsBytes` or where the read fails.
  mutating func readPositions(_ range: Range<Int>, with reads: LeapReads) -> UnsafeRawBufferPointer? {
    guard range.count <= SearchTuning.copiedPositionsBytes else { return nil }
    if (positionsCopy?.count ?? 0) < range.count {
      positionsCopy?.deallocate()
      positionsCopy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(range.count, 1 << 10), alignment: 8)
    }
    guard let buffer = positionsCopy else { return nil }
    let copy = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<range.count])
    guard reads.read(range.lowerBound, into: copy) else { return nil }
    return UnsafeRawBufferPointer(copy)
  }

  /// Frees the copies (the cursor's `deinit`).
  func deallocate() {
    blockCopy?.deallocate()
    positionsCopy?.deallocate()
  }
}
