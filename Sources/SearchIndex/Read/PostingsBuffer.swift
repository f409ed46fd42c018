/// A term's postings copied out of the file (short lists: one `pread` instead of faulting
/// pages of the map in, which would stay resident until the next release).
final class PostingsBuffer {
  /// `count` bytes, for the caller to fill (and to read no more of than it filled).
  let bytes: UnsafeMutableRawBufferPointer
  private let allocation: UnsafeMutableRawBufferPointer

  init(count: Int) {
    allocation = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 8)
    bytes = UnsafeMutableRawBufferPointer(rebasing: allocation[0..<max(0, count)])
  }

  deinit { allocation.deallocate() }
}
