import Testing

@testable import SearchIndex

@Suite("Eight bytes compared at once, each on its own")
struct ByteMasksTests {
  /// The mask a comparison should give, byte by byte.
  private func expected(_ word: UInt64, _ holds: (UInt8) -> Bool) -> UInt64 {
    (0..<8).reduce(0) { mask, byte in
      holds(UInt8(truncatingIfNeeded: word >> UInt64(8 * byte))) ? mask | 0x80 << UInt64(8 * byte) : mask
    }
  }

  /// Words where every byte value stands at every place, beside neighbours that would carry
  /// into it or borrow from it (0, 0x7F, 0x80, 0xFF) and beside random ones.
  private var words: [UInt64] {
    var result: [UInt64] = []
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for value in 0...255 {
      for place in 0..<8 {
        for neighbour: UInt64 in [0, 0x7F, 0x80, 0xFF] {
          let others = neighbour &* ByteMasks.ones
          result.append(others & ~(0xFF << UInt64(8 * place)) | UInt64(value) << UInt64(8 * place))
        }
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        result.append(state & ~(0xFF << UInt64(8 * place)) | UInt64(value) << UInt64(8 * place))
      }
    }
    return result
  }

  @Test("above n, for every n a counter floor can take")
  func above() {
    let words = self.words
    for n in 0...127 {
      for word in words {
        #expect(ByteMasks.above(word, UInt64(n)) == expected(word) { Int($0) > n })
      }
    }
  }

  @Test("equal to every byte value")
  func equal() {
    for value in 0...255 {
      for word in words {
        #expect(ByteMasks.equal(word, UInt64(value)) == expected(word) { Int($0) == value })
      }
    }
  }

  @Test("at most n, for limits below, inside and past a byte")
  func atMost() {
    let words = self.words
    for n in [-5, -1, 0, 1, 2, 7, 126, 127, 128, 129, 200, 254, 255, 256, Int.max] {
      for word in words {
        #expect(ByteMasks.atMost(word, n) == expected(word) { Int($0) <= n }, "n \(n)")
      }
    }
  }
}
