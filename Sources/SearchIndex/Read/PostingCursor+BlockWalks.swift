/// Walks over a term's blocks without a cursor: each block decoded in turn into buffers the
/// caller reuses (`DecodeScratch`), or one block alone, for the walks that read whole blocks
/// (bits per passage, prefixes, counts).
extension PostingCursor {
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
      let decoded = PostingBlockDecoder.decodeBlock(
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
    let good = PostingBlockDecoder.decodeBlock(
      bytes, &offset, postings.count, count: count, previous: previous,
      isFirst: block == 0, idLimit: UInt32(clamping: idLimit), ids: ids, frequencies: frequencies,
      keepsWordCounts: entry.keepsWordCounts)
    // `decodeBlock` leaves `offset` after the frequencies, where the word counts begin, and
    // has checked that they fit.
    guard let wordCounts, frequencies != nil, entry.keepsWordCounts, good > 0 else { return (good, false) }
    wordCounts.update(from: bytes + offset, count: good)
    return (good, true)
  }
}
