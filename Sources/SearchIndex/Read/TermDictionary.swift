#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sorted term dictionary of `terms.dki`: fixed 28-byte records and a blob of term bytes,
/// read from the map. Every read is checked against the file's chunk checksums first: a
/// damaged record or term reads as absent (and is reported to the index's damage).
struct TermDictionary: Sendable {
  struct Entry: Sendable {
    var documentFrequency: Int
    var postingsOffset: Int
    var blockCount: Int
    var maxImpact: Float
    /// Its blocks keep each posting's word count byte (`TermFlags.keepsWordCounts`).
    var keepsWordCounts = false
  }

  let records: ByteReader
  let blob: ByteReader
  let count: Int
  let chunks: ChunkChecksums
  /// File offsets of the records and the blob, for the chunk checksums.
  private let recordsFileOffset: Int
  private let blobFileOffset: Int

  init(_ frame: IndexFile.Frame) throws(IndexFormatError) {
    let body = frame.body
    try body.require(body.count >= 8, "term dictionary header truncated")
    let count = Int(body.u32(at: 0))
    let blobLength = Int(body.u32(at: 4))
    let recordBytes = count.multipliedReportingOverflow(by: PostingsWriter.termRecordLength)
    try body.require(!recordBytes.overflow, "term count \(count) too large")
    try body.require(
      8 + recordBytes.partialValue + blobLength == body.count,
      "term dictionary sizes disagree (\(count) terms, \(blobLength) bytes of text, \(body.count) bytes)")
    records = try body.slice(8, recordBytes.partialValue, "term records")
    blob = try body.slice(8 + recordBytes.partialValue, blobLength, "term text")
    self.count = count
    chunks = frame.chunks
    recordsFileOffset = IndexFile.headerLength + 8
    blobFileOffset = recordsFileOffset + recordBytes.partialValue
  }

  /// The bytes of term `index` (empty when its record points outside the blob or is damaged).
  @inline(__always)
  func term(_ index: Int) -> UnsafeRawBufferPointer {
    let record = index * PostingsWriter.termRecordLength
    guard chunks.verify(recordsFileOffset + record, 6) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    let offset = Int(records.u32(at: record))
    let length = Int(records.u16(at: record + 4))
    guard offset + length <= blob.count, chunks.verify(blobFileOffset + offset, length) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(rebasing: blob.bytes[offset..<(offset + length)])
  }

  /// The record of term `index`; no postings when it is damaged.
  func entry(_ index: Int) -> Entry {
    let record = index * PostingsWriter.termRecordLength
    guard chunks.verify(recordsFileOffset + record, PostingsWriter.termRecordLength) else {
      return Entry(documentFrequency: 0, postingsOffset: 0, blockCount: 0, maxImpact: 0)
    }
    return Entry(
      documentFrequency: Int(records.u32(at: record + 8)),
      postingsOffset: Int(clamping: records.u64(at: record + 12)),
      blockCount: Int(records.u32(at: record + 20)),
      maxImpact: records.f32(at: record + 24),
      keepsWordCounts: records.u16(at: record + 6) & TermFlags.keepsWordCounts != 0)
  }

  /// Bytes of term `index`'s postings: up to the next term's (postings are written in term
  /// order), capped at 256 MiB.
  func postingsLength(_ index: Int, postingsBytes: Int) -> Int {
    let start = entry(index).postingsOffset
    let end = index + 1 < count ? entry(index + 1).postingsOffset : postingsBytes
    return min(max(0, min(end, postingsBytes) - start), 256 << 20)
  }

  /// Term `index` against `key`, bytewise: negative, zero or positive.
  @inline(__always)
  private func compare(_ index: Int, _ key: UnsafeRawBufferPointer) -> Int {
    let stored = term(index)
    let common = min(stored.count, key.count)
    if common > 0, let storedBase = stored.baseAddress, let keyBase = key.baseAddress {
      let order = memcmp(storedBase, keyBase, common)
      if order != 0 { return Int(order) }
    }
    return stored.count == key.count ? 0 : (stored.count < key.count ? -1 : 1)
  }

  /// The first index whose term is not less than `key`.
  func lowerBound(_ key: [UInt8]) -> Int {
    key.withUnsafeBytes { key in
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        if compare(middle, key) < 0 { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  func find(_ key: [UInt8]) -> Int? {
    let index = lowerBound(key)
    return index < count && key.withUnsafeBytes({ compare(index, $0) }) == 0 ? index : nil
  }

  /// Indices of the terms starting with `prefix`: they stand together in sorted order, so
  /// both ends are found by binary search (a prefix of many terms costs no walk of them).
  func range(prefix: [UInt8]) -> Range<Int> {
    let start = lowerBound(prefix)
    return prefix.withUnsafeBytes { prefix in
      var low = start
      var high = count
      while low < high {
        let middle = (low + high) / 2
        if hasPrefix(middle, prefix) { low = middle + 1 } else { high = middle }
      }
      return start..<low
    }
  }

  /// Whether term `index` starts with `prefix` (false when it is damaged).
  @inline(__always)
  private func hasPrefix(_ index: Int, _ prefix: UnsafeRawBufferPointer) -> Bool {
    let stored = term(index)
    guard stored.count >= prefix.count else { return false }
    guard let storedBase = stored.baseAddress, let prefixBase = prefix.baseAddress else { return true }
    return memcmp(storedBase, prefixBase, prefix.count) == 0
  }
}
