import Foundation

/// The CRC-32 of each chunk of an index file's header and body, checked the first time a
/// read touches the chunk: an open reads no more than its headers, and a damaged region is
/// still found before it is used. A chunk that does not match is reported to `damage` and
/// stays unusable (every later read of it fails too).
///
/// Safe to share between threads: the record of checked chunks is behind a lock.
final class ChunkChecksums: @unchecked Sendable {
  let file: MappedFile
  let layout: IndexFile.Layout
  let damage: IndexDamage
  private let lock = NSLock()
  /// One bit per chunk: checked and intact.
  private var intact: [UInt64]
  private var damaged = Set<Int>()

  init(file: MappedFile, layout: IndexFile.Layout, damage: IndexDamage) {
    self.file = file
    self.layout = layout
    self.damage = damage
    intact = [UInt64](repeating: 0, count: (layout.chunkCount + 63) / 64)
  }

  /// Whether every chunk holding a byte of `offset..<offset + count` (offsets in the file)
  /// matches its checksum. Bytes outside the covered part are not this type's to check
  /// (reads there are bounds-checked).
  func verify(_ offset: Int, _ count: Int) -> Bool {
    guard count > 0, offset >= 0, offset < layout.coveredBytes else { return true }
    let first = offset / layout.chunkBytes
    let last = (offset + min(count, layout.coveredBytes - offset) - 1) / layout.chunkBytes
    lock.lock()
    defer { lock.unlock() }
    for chunk in first...last where intact[chunk >> 6] & (1 << UInt64(chunk & 63)) == 0 {
      guard !damaged.contains(chunk) else { return false }
      guard matches(chunk) else {
        damaged.insert(chunk)
        damage.record(
          .corrupt(
            file: file.name,
            reason: "bytes \(chunk * layout.chunkBytes) to \(end(of: chunk)) do not match their checksum"))
        return false
      }
      intact[chunk >> 6] |= 1 << UInt64(chunk & 63)
    }
    return true
  }

  /// Checks every chunk (as `duo-kb check` does); the number that do not match.
  func verifyAll() -> Int {
    (0..<layout.chunkCount).reduce(0) { damagedCount, chunk in
      let start = chunk * layout.chunkBytes
      return damagedCount + (verify(start, end(of: chunk) - start) ? 0 : 1)
    }
  }

  private func end(of chunk: Int) -> Int { min(layout.coveredBytes, (chunk + 1) * layout.chunkBytes) }

  private func matches(_ chunk: Int) -> Bool {
    let start = chunk * layout.chunkBytes
    let bytes = file.bytes
    let stored = ByteReader(bytes, file: file.name).u32(at: layout.coveredBytes + chunk * 4)
    return CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[start..<end(of: chunk)])) == stored
  }
}

/// The first damage the reads of an opened index found; safe to share between threads.
final class IndexDamage: @unchecked Sendable {
  private let lock = NSLock()
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
