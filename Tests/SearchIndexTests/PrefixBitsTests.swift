import Testing

@testable import SearchIndex

@Suite("A lone prefix's postings in a bit per passage: total, sums of repeated passages")
struct PrefixBitsTests {
  /// One block: ids and frequency words (`frequency << 2 | flags`).
  private func add(_ bits: PrefixBits, _ postings: [(id: UInt32, frequency: UInt32)]) {
    let ids = postings.map(\.id)
    let words = postings.map { $0.frequency << 2 | 1 }
    ids.withUnsafeBufferPointer { ids in
      words.withUnsafeBufferPointer { words in
        bits.add(ids.baseAddress!, words.baseAddress!, count: postings.count)
      }
    }
  }

  @Test("Distinct passages are the total; a passage of several terms sums them, as the byte counters do")
  func countsAndSums() {
    let pool = PassageCounterPool()
    let passageCount = 200
    let buffer = pool.take(count: PrefixBits.bytes(passageCount: passageCount))
    let bits = PrefixBits(buffer, postings: 9)
    // Three terms: 63 and 64 sit either side of a word of bits; 199 is the last passage.
    add(bits, [(0, 1), (63, 2), (64, 1), (199, 300)])
    add(bits, [(63, 5), (199, 1)])
    add(bits, [(5, 1), (63, 1), (199, 1)])
    #expect(bits.distinct == 5)
    for id: UInt32 in [0, 5, 63, 64, 199] { #expect(bits.contains(id)) }
    for id: UInt32 in [1, 62, 65, 198, 200, 10_000] { #expect(!bits.contains(id)) }
    let sums = Dictionary(uniqueKeysWithValues: bits.sumRepeated().map { ($0.passage, $0.frequency) })
    // 255 at most, as a byte counter saturates; a frequency of 0 counts as 1.
    #expect(sums == [63: 8, 199: 255])
    // From here on, only the repeated passages are marked.
    #expect(bits.contains(63) && bits.contains(199))
    #expect(!bits.contains(0) && !bits.contains(5) && !bits.contains(64))
    bits.clear()
    #expect(buffer.allSatisfy { $0 == 0 })
    pool.give(buffer)
  }

  @Test("Postings past the room given (a damaged dictionary) are not added, and nothing is written out of bounds")
  func boundedByTheRoomGiven() {
    let buffer = PassageCounterPool().take(count: PrefixBits.bytes(passageCount: 64))
    let bits = PrefixBits(buffer, postings: 2)
    add(bits, [(1, 1), (2, 1), (3, 1)])
    add(bits, [(1, 1)])
    #expect(bits.distinct == 2)
    #expect(!bits.contains(3))
    #expect(bits.sumRepeated().isEmpty)
    let none = PrefixBits(buffer, postings: 0)
    add(none, [(1, 1)])
    #expect(none.distinct == 0)
  }

  @Test("Frequency words: at least 1, at most 255")
  func frequencies() {
    #expect(PrefixBits.frequency(0) == 1)
    #expect(PrefixBits.frequency(1 << 2 | 3) == 1)
    #expect(PrefixBits.frequency(7 << 2) == 7)
    #expect(PrefixBits.frequency(UInt32.max) == 255)
  }

  @Test("Sums of many passages, colliding in the table, are each their own")
  func sumsAtScale() {
    var sums = PassageSums(capacity: 5_000)
    var expected: [UInt32: Int] = [:]
    var state: UInt64 = 42
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Multiples of 4,096 collide in the high bits the table hashes into.
      let passage = UInt32((state >> 33) % 5_000) * 4_096
      let amount = Int(state >> 60)
      sums.add(passage, amount)
      expected[passage, default: 0] += amount
    }
    let entries = sums.entries
    #expect(entries.count == expected.count)
    #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.passage, $0.sum) }) == expected)
  }
}
