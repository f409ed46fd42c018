import Testing

@testable import SearchIndex

@Suite("Zeroed pages: zero at every size, mapped or from the heap")
struct ZeroedPagesTests {
  @Test("Blocks come zeroed, below and past the mapping size, after dirty ones were freed")
  func blocksComeZeroed() {
    let sizes = [0, 1, 4_095, ZeroedPages.mappedFromBytes - 1, ZeroedPages.mappedFromBytes, 1 << 20]
    // Dirty blocks of each size freed first: the heap would hand their bytes out again.
    for size in sizes {
      let dirty = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 8)
      dirty.initializeMemory(as: UInt8.self, repeating: 0xA5, count: max(size, 1))
      dirty.deallocate()
    }
    for size in sizes {
      let block = ZeroedPages.allocate(bytes: size)
      let bytes = UnsafeBufferPointer(start: block.assumingMemoryBound(to: UInt8.self), count: max(size, 1))
      #expect(bytes.allSatisfy { $0 == 0 }, "\(size) bytes")
      block.initializeMemory(as: UInt8.self, repeating: 7, count: max(size, 1))
      ZeroedPages.deallocate(block, bytes: size)
    }
  }
}
