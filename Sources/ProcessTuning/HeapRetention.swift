import CMalloc

/// What a process of ours keeps of its heap after large frees: a setting of the process,
/// made by each executable at its start, never by the library.
public enum HeapRetention {
  /// The size from which an allocation gets a mapping of its own, given back at its free.
  public static let mappedFromBytes: Int32 = 4 << 20
  /// The free memory at the heap's top that it keeps for the next allocations.
  public static let keptAtTopBytes: Int32 = 8 << 20

  /// glibc raises its mapping threshold to the size of each mapped block freed, up to
  /// 32 MiB, and the trim threshold to twice that: once a query has freed a few MB of term
  /// ids, the next query's arrays of that size come from the heap, and the heap keeps
  /// their pages. A long-running server then holds the largest arrays it ever freed (about
  /// 10 MB after 200 queries at 30,000 talks). Fixed thresholds keep what is larger than
  /// 4 MiB mapped and returned, and what is smaller reused without new page faults (a
  /// threshold of 128 KiB cost prefix queries at 3,000 talks a quarter of their p95 in
  /// faults). macOS's allocator already returns large blocks at their free: nothing to set
  /// there.
  public static func bound() {
    // Darwin: its allocator returns large blocks at their free and has no mallopt.
    #if os(Linux)
      _ = mallopt(M_MMAP_THRESHOLD, mappedFromBytes)
      _ = mallopt(M_TRIM_THRESHOLD, keptAtTopBytes)
    #endif
  }

  /// Gives the system back the free pages inside the heap, not only those at its top: for
  /// a process that has just released most of what it held (the benchmark, after writing
  /// every engine's input from 10 GB of documents).
  public static func releaseFree() {
    // Darwin: no malloc_trim; its allocator's zones give free pages back by themselves.
    #if os(Linux)
      _ = malloc_trim(0)
    #endif
  }
}
