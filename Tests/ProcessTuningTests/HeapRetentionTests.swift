import CMalloc
import ProcessTuning
import Testing

@Suite struct HeapRetentionTests {
  #if os(Linux)
    /// Left to itself, glibc would raise its threshold to 16 MiB when the first block is
    /// freed, and serve the second from the heap, which would keep its pages after its free.
    @Test func aLargeBlockIsMappedEvenAfterALargerOneWasFreed() {
      HeapRetention.bound()
      free(malloc(16 << 20))
      let mapped = mallinfo2().hblks
      let large = malloc(6 << 20)
      #expect(mallinfo2().hblks == mapped + 1)
      free(large)
      #expect(mallinfo2().hblks == mapped)
      // Below the threshold, a block comes from the heap, reused without new page faults.
      let small = malloc(1 << 20)
      #expect(mallinfo2().hblks == mapped)
      free(small)
    }
  #endif
}
