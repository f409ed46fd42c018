import Testing

@testable import SearchIndex

@Suite("Passage counters: zeroed, reused, and bounded when idle")
struct PassageCounterPoolTests {
  @Test("Counters come zeroed, and one given back is taken again")
  func reusesWhatWasGivenBack() {
    let pool = PassageCounterPool()
    let first = pool.take(count: 1_000)
    #expect(first.count == 1_000)
    #expect(first.allSatisfy { $0 == 0 })
    first[17] = 3
    first[17] = 0
    pool.give(first)
    #expect(pool.idleBytes == 1_000)
    let second = pool.take(count: 1_000)
    #expect(second.baseAddress == first.baseAddress)
    #expect(second.allSatisfy { $0 == 0 })
    #expect(pool.idleBytes == 0)
    pool.give(second)
  }

  @Test("Idle counters never hold more than the kept bytes; the oldest go first")
  func boundsIdleBytes() {
    let pool = PassageCounterPool()
    let small = pool.take(count: 4_096)
    let large = pool.take(count: PassageCounterPool.keptBytes)
    pool.give(small)
    #expect(pool.idleBytes == 4_096)
    pool.give(large)
    // Both together exceed the bound: the older, small one is let go.
    #expect(pool.idleBytes == PassageCounterPool.keptBytes)
    let kept = pool.take(count: PassageCounterPool.keptBytes)
    let huge = pool.take(count: PassageCounterPool.keptBytes * 2)
    #expect(huge.allSatisfy { $0 == 0 })
    pool.give(huge)
    #expect(pool.idleBytes <= PassageCounterPool.keptBytes)
    #expect(pool.idleBytes == 0)
    // One too large to keep does not push out those kept.
    pool.give(kept)
    let another = pool.take(count: PassageCounterPool.keptBytes * 2)
    pool.give(another)
    #expect(pool.idleBytes == PassageCounterPool.keptBytes)
  }

  @Test("Counters most of which will be written come zeroed at every size, and are kept as any others")
  func countersForDenseWalks() {
    let pool = PassageCounterPool()
    let hugePage = PassageCounterPool.hugePageBytes
    for size in [
      1_000, PassageCounterPool.hugePageMinimum - 1, 1_700_000, 2 << 20, PassageCounterPool.keptBytes,
      PassageCounterPool.keptBytes + 1,
    ] {
      let counters = pool.take(count: size, touchesMost: true)
      if PassageCounterPool.mapsHugePages && size >= PassageCounterPool.hugePageMinimum {
        // Whole huge pages: rounded up, and aligned.
        #expect(counters.count == (size + hugePage - 1) / hugePage * hugePage)
        #expect(Int(bitPattern: counters.baseAddress) % hugePage == 0)
      } else {
        #expect(counters.count == size)
      }
      #expect(counters.allSatisfy { $0 == 0 })
      counters.update(repeating: 7)
      counters.update(repeating: 0)
      pool.give(counters)
    }
    #expect(pool.idleBytes <= PassageCounterPool.keptBytes)
    let again = pool.take(count: PassageCounterPool.keptBytes)
    #expect(again.allSatisfy { $0 == 0 })
    pool.give(again)
  }
}
