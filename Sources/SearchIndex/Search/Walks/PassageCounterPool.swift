import Locking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Zeroed counters, a byte or a bit per passage (merging a prefix's postings, counting two
/// words' passages), reused between queries (a user zeroes what it touched before giving
/// it back); safe to share between threads.
/// It keeps at most `keptBytes`: a larger corpus's counters are given back to the system
/// after each use, so that idle memory does not grow with the corpus.
///
/// Counters are anonymous maps, not the allocator's: their pages always come zeroed from
/// the system and are touched only where a query counts, and unmapping gives them back at
/// once. (glibc, after freeing a large block, serves blocks up to that size from its heap:
/// calloc would then clear all 13.5 MB of a counter at 30,000 talks, and the heap keeps it.)
final class PassageCounterPool: @unchecked Sendable {
  private let lock = Lock()
  private var idle: [UnsafeMutableBufferPointer<UInt8>] = []

  /// Bytes kept for reuse at most: a byte and a bit per passage of 1.3 million passages
  /// (3,000 talks) twice over. Past that, mapping fresh zeroed pages costs little beside
  /// the walk over the postings that fills them.
  static let keptBytes = 4 << 20

  /// `touchesMost`: the user will write to most of the counters (a dense walk of many
  /// postings). On Linux such counters of `hugePageMinimum` or more are then mapped in huge
  /// pages, whole (their size rounded up to `hugePageBytes`, their start aligned to it): a
  /// walk that writes at random across 13.5 MB of counters (30,000 talks) spent a third of
  /// its time on 4 KiB page faults and address translation, and a fresh process's first
  /// walk over a bit per passage (1.7 MB) faulted 415 pages in one by one. The counters
  /// given may then be longer than `count`, zeroed all the same.
  func take(count: Int, touchesMost: Bool = false) -> UnsafeMutableBufferPointer<UInt8> {
    let huge = Self.mapsHugePages && touchesMost && count >= Self.hugePageMinimum
    let size = huge ? (count + Self.hugePageBytes - 1) / Self.hugePageBytes * Self.hugePageBytes : max(count, 8)
    lock.lock()
    if let index = idle.lastIndex(where: { $0.count == size }) {
      let found = idle.remove(at: index)
      lock.unlock()
      return found
    }
    lock.unlock()
    let address = huge ? Self.mapHugePages(size) : Self.map(size)
    return UnsafeMutableBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
  }

  /// Whether `writes` scattered writes touch most 4 KiB pages of `bytes` of counters (as
  /// `take`'s `touchesMost`): twice as many writes as pages touch 86 % of them.
  static func touchesMost(bytes: Int, writes: Int) -> Bool { writes >= 2 * (bytes / 4_096) }

  /// Whether `touchesMost` counters are mapped in huge pages (Linux's transparent ones).
  #if os(Linux)
    static let mapsHugePages = true
  #else
    static let mapsHugePages = false
  #endif
  static let hugePageBytes = 2 << 20
  /// The fewest bytes of counters mapped in huge pages: zeroing one costs about what
  /// faulting in a hundred 4 KiB pages does, and a dense walk writes to every page.
  static let hugePageMinimum = 1 << 20

  /// `size` bytes of zeroed pages. A failed map traps, as a failed Swift allocation does.
  private static func map(_ size: Int) -> UnsafeMutableRawPointer {
    guard let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0),
      address != MAP_FAILED
    else { fatalError("no memory for \(size) passage counters") }
    return address
  }

  /// `size` bytes (a multiple of `hugePageBytes`) of zeroed pages starting at a multiple of
  /// `hugePageBytes`, to be mapped in huge pages: mapped with a huge page to spare, then
  /// cut to the aligned part.
  private static func mapHugePages(_ size: Int) -> UnsafeMutableRawPointer {
    let spare = map(size + hugePageBytes)
    let skipped = (hugePageBytes - Int(bitPattern: spare) % hugePageBytes) % hugePageBytes
    let address = spare + skipped
    if skipped > 0 { munmap(spare, skipped) }
    munmap(address + size, hugePageBytes - skipped)
    // Darwin: no transparent huge pages to ask for (mapsHugePages is false there).
    #if os(Linux)
      _ = madvise(address, size, MADV_HUGEPAGE)
    #endif
    return address
  }

  /// Takes back counters that are all zero again; the least recently given go first. One
  /// larger than `keptBytes` goes straight back to the system, and the kept stay.
  func give(_ counters: UnsafeMutableBufferPointer<UInt8>) {
    guard counters.count <= Self.keptBytes else {
      Self.release(counters)
      return
    }
    lock.lock()
    defer { lock.unlock() }
    idle.append(counters)
    var bytes = idle.reduce(0) { $0 + $1.count }
    while bytes > Self.keptBytes {
      let oldest = idle.removeFirst()
      bytes -= oldest.count
      Self.release(oldest)
    }
  }

  /// Bytes of the counters kept for reuse.
  var idleBytes: Int {
    lock.lock()
    defer { lock.unlock() }
    return idle.reduce(0) { $0 + $1.count }
  }

  private static func release(_ counters: UnsafeMutableBufferPointer<UInt8>) {
    munmap(counters.baseAddress, counters.count)
  }

  deinit { for counters in idle { Self.release(counters) } }
}
