import Foundation

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
  private let lock = NSLock()
  private var idle: [UnsafeMutableBufferPointer<UInt8>] = []

  /// Bytes kept for reuse at most: a byte and a bit per passage of 1.3 million passages
  /// (3,000 talks) twice over. Past that, mapping fresh zeroed pages costs little beside
  /// the walk over the postings that fills them.
  static let keptBytes = 4 << 20

  /// `touchesMost`: the user will write to most of the counters (a dense walk of many
  /// postings). On Linux such counters of 2 MiB or more are then mapped in huge pages: a
  /// walk that writes at random across 13.5 MB of counters (30,000 talks) spent a third
  /// of its time on 4 KiB page faults and address translation.
  func take(count: Int, touchesMost: Bool = false) -> UnsafeMutableBufferPointer<UInt8> {
    let size = max(count, 8)
    lock.lock()
    if let index = idle.lastIndex(where: { $0.count == size }) {
      let found = idle.remove(at: index)
      lock.unlock()
      return found
    }
    lock.unlock()
    // A failed map traps, as a failed Swift allocation does.
    guard let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0),
      address != MAP_FAILED
    else { fatalError("no memory for \(size) passage counters") }
    #if os(Linux)
      if touchesMost && size >= 2 << 20 { _ = madvise(address, size, MADV_HUGEPAGE) }
    #endif
    return UnsafeMutableBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
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
