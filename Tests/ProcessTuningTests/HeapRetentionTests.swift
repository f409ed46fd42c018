import CMalloc
import ProcessTuning
import Testing

@Suite struct HeapRetentionTests {
  #if os(Linux)
    /// Whether glibc mapped `block` on its own: bit 1 of the size word just before a block
    /// (`IS_MMAPPED` in glibc's malloc.c). Read from the block itself, so that other tests'
    /// allocations, on other threads, change nothing.
    static func isMapped(_ block: UnsafeMutableRawPointer) -> Bool {
      block.load(fromByteOffset: -MemoryLayout<UInt64>.size, as: UInt64.self) & 0x2 != 0
    }

    /// Left to itself, glibc would raise its threshold to 16 MiB when the first block is
    /// freed, and serve the second from the heap, which would keep its pages after its free.
    @Test func aLargeBlockIsMappedEvenAfterALargerOneWasFreed() throws {
      HeapRetention.bound()
      free(malloc(16 << 20))
      let large = try #require(malloc(6 << 20))
      #expect(Self.isMapped(large))
      free(large)
      // Below the threshold, a block comes from the heap, reused without new page faults.
      let small = try #require(malloc(1 << 20))
      #expect(!Self.isMapped(small))
      free(small)
    }
  #endif
}
