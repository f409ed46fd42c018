import Locking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The CRC-32 of each chunk of an index file's header and body, checked the first time a
/// read touches the chunk: an open reads no more than its headers, and a damaged region is
/// still found before it is used. A chunk that does not match is reported to `damage` and
/// stays unusable (every later read of it fails too).
///
/// Safe to share between threads: chunks are checked and marked under a lock. A read of
/// an already checked chunk (nearly every read) tests its bit without the lock: bits only
/// ever go from 0 to 1, each word is read and written whole (aligned 64-bit words), and
/// they stand for bytes that never change (a read-only map), so a reader that sees a bit
/// still 0 just takes the lock and looks again; one that sees 1 sees a chunk that was
/// checked.
final class ChunkChecksums: @unchecked Sendable {
  let file: MappedFile
  let layout: IndexFile.Layout
  let damage: IndexDamage
  private let lock = Lock()
  /// One bit per chunk: checked and intact.
  private let intact: UnsafeMutablePointer<UInt64>
  private let wordCount: Int
  /// log2 of the chunk size (a power of two).
  private let chunkShift: Int
  private var damaged = Set<Int>()

  init(file: MappedFile, layout: IndexFile.Layout, damage: IndexDamage) {
    self.file = file
    self.layout = layout
    self.damage = damage
    chunkShift = layout.chunkBytes.trailingZeroBitCount
    wordCount = max(1, (layout.chunkCount + 63) / 64)
    intact = ZeroedPages.allocate(bytes: wordCount * 8).bindMemory(to: UInt64.self, capacity: wordCount)
  }

  deinit { ZeroedPages.deallocate(UnsafeMutableRawPointer(intact), bytes: wordCount * 8) }

  @inline(__always)
  private func isIntact(_ chunk: Int) -> Bool { intact[chunk >> 6] & (1 << UInt64(chunk & 63)) != 0 }

  /// Whether every chunk holding a byte of `offset..<offset + count` (offsets in the file)
  /// matches its checksum. Bytes outside the covered part are not this type's to check
  /// (reads there are bounds-checked).
  @inline(__always)
  func verify(_ offset: Int, _ count: Int) -> Bool {
    guard count > 0, offset >= 0, offset < layout.coveredBytes else { return true }
    let first = offset >> chunkShift
    let last = (offset + min(count, layout.coveredBytes - offset) - 1) >> chunkShift
    // Nearly every read: one chunk, checked before (tested inline, without a call).
    if first == last && isIntact(first) { return true }
    return verify(chunks: first...last)
  }

  @inline(never)
  private func verify(chunks: ClosedRange<Int>) -> Bool {
    for chunk in chunks where !isIntact(chunk) {
      guard markChecked(chunk, matching: matches(chunk, stored: storedChecksum(chunk))) else { return false }
    }
    return true
  }

  /// Records the check of `chunk`: intact when it `matching` and not found damaged
  /// before, else damaged (reported once). Whether it is intact.
  private func markChecked(_ chunk: Int, matching: Bool) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !damaged.contains(chunk) else { return false }
    guard matching else {
      damaged.insert(chunk)
      damage.record(
        .corrupt(
          file: file.name,
          reason: "bytes \(chunk * layout.chunkBytes) to \(end(of: chunk)) do not match their checksum"))
      return false
    }
    intact[chunk >> 6] |= 1 << UInt64(chunk & 63)
    return true
  }

  /// The bytes `offset..<offset + count` of the file read with `pread`, widened to whole
  /// chunks when some are not checked yet, so that they are checked on the very bytes returned;
  /// nil when one does not match or the file ends early. For the reads of a hit, which
  /// must not go through the map: the page cache may hold a file in folios of up to 2 MiB,
  /// a fault maps a whole one, and a few records read from the map would keep megabytes
  /// of the store resident. Bytes past the covered part are read unchecked.
  func read(_ offset: Int, _ count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, count <= file.bytes.count, offset <= file.bytes.count - count else {
      return nil
    }
    guard count > 0 else { return [] }
    guard offset < layout.coveredBytes else {
      let bytes = file.read(at: offset, count: count)
      return bytes.count == count ? bytes : nil
    }
    let first = offset >> chunkShift
    let last = (offset + min(count, layout.coveredBytes - offset) - 1) >> chunkShift
    if (first...last).allSatisfy(isIntact) {
      // Checked before (nearly every read): only the bytes asked for.
      let bytes = file.read(at: offset, count: count)
      return bytes.count == count ? bytes : nil
    }
    let start = first << chunkShift
    let length = max(end(of: last), offset + count) - start
    let bytes = file.read(at: start, count: length)
    guard bytes.count == length else { return nil }
    for chunk in first...last where !isIntact(chunk) {
      let from = (chunk << chunkShift) - start
      let stored = storedChecksum(chunk)
      let computed = bytes.withUnsafeBytes {
        CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[from..<(end(of: chunk) - start)]))
      }
      guard markChecked(chunk, matching: computed == stored) else { return nil }
    }
    return Array(bytes[(offset - start)..<(offset - start + count)])
  }

  /// `read(_:_:)` into `buffer` (`buffer.count` bytes at `offset`), without an allocation
  /// when every chunk it touches was checked before; false as `read` returns nil.
  func read(_ offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
    let count = buffer.count
    guard offset >= 0, count <= file.bytes.count, offset <= file.bytes.count - count else { return false }
    guard count > 0 else { return true }
    if offset < layout.coveredBytes {
      let first = offset >> chunkShift
      let last = (offset + min(count, layout.coveredBytes - offset) - 1) >> chunkShift
      guard (first...last).allSatisfy(isIntact) else {
        // A chunk to check first: the widened read.
        guard let bytes = read(offset, count) else { return false }
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return true
      }
    }
    return file.read(at: offset, into: buffer) == count
  }

  /// Checks every chunk (as `duo-kb check` does); the number that do not match. The
  /// checksums are read in order from the map here, where every one of them is wanted.
  func verifyAll() -> Int {
    let checksums = ByteReader(file.bytes, file: file.name)
    return (0..<layout.chunkCount).reduce(0) { damagedCount, chunk in
      guard !isIntact(chunk) else { return damagedCount }
      let stored =
        layout.coveredBytes + chunk * 4 + 4 <= file.bytes.count
        ? checksums.u32(at: layout.coveredBytes + chunk * 4) : nil
      return damagedCount + (markChecked(chunk, matching: matches(chunk, stored: stored)) ? 0 : 1)
    }
  }

  private func end(of chunk: Int) -> Int { min(layout.coveredBytes, (chunk + 1) * layout.chunkBytes) }

  /// Whether `chunk`'s bytes in the map have the checksum `stored` (false when there is none).
  private func matches(_ chunk: Int, stored: UInt32?) -> Bool {
    guard let stored else { return false }
    let start = chunk * layout.chunkBytes
    return CRC32.checksum(UnsafeRawBufferPointer(rebasing: file.bytes[start..<end(of: chunk)])) == stored
  }

  /// The checksum stored for `chunk`, read with `pread`; nil when the file ends before it.
  /// Not from the map: the checksums lie together past the covered bytes, the chunks a
  /// search checks are scattered over the file, and so are theirs. A fault there would map
  /// a whole page-cache folio of checksums (up to 2 MiB where the kernel keeps large ones)
  /// for 4 bytes, and unmap it again when the index closes: at 30,000 talks the checksums
  /// of the store alone fill 5 MB, and faults on them grew with the corpus.
  private func storedChecksum(_ chunk: Int) -> UInt32? {
    var stored: UInt32 = 0
    let read = withUnsafeMutableBytes(of: &stored) { file.read(at: layout.coveredBytes + chunk * 4, into: $0) }
    return read == 4 ? UInt32(bigEndian: stored) : nil
  }
}

/// The first damage the reads of an opened index found; safe to share between threads.
final class IndexDamage: @unchecked Sendable {
  private let lock = Lock()
  private var found: IndexFormatError?

  func record(_ error: IndexFormatError) {
    lock.lock()
    defer { lock.unlock() }
    if found == nil { found = error }
  }

  var first: IndexFormatError? {
    lock.lock()
    defer { lock.unlock() }
    return found
  }
}
