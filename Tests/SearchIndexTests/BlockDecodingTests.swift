import DuoKBTestSupport
import Testing

@testable import SearchIndex

/// A block's ids are summed from gaps without a check per id, then checked at once; damage
/// must still end the block at the first bad id, as the rule in FORMAT.md says.
@Suite struct BlockDecodingTests {
  /// The ids the rule keeps: each gap added to the last id, up to the first that would not
  /// increase (a gap of 0, but for a list's very first id), pass 2^32 or reach `idLimit`.
  static func expected(_ gaps: [UInt32], previous: UInt32, isFirst: Bool, idLimit: UInt32) -> [UInt32] {
    var ids: [UInt32] = []
    var last = UInt64(previous)
    for (index, gap) in gaps.enumerated() {
      if gap == 0 && !(isFirst && index == 0) { break }
      let id = last + UInt64(gap)
      if id >= UInt64(idLimit) { break }
      ids.append(UInt32(id))
      last = id
    }
    return ids
  }

  /// `wordCounts`: how many of the block's word count bytes follow its frequencies;
  /// `keepsWordCounts`: whether its term keeps them (the decoder then asks for them all).
  static func decoded(
    _ gaps: [UInt32], previous: UInt32, isFirst: Bool, idLimit: UInt32, wordCounts: Int? = nil,
    keepsWordCounts: Bool = true
  ) -> [UInt32] {
    var writer = ByteWriter()
    BitPacking.pack(gaps, into: &writer)
    BitPacking.pack([UInt32](repeating: 4, count: gaps.count), into: &writer)
    writer.append([UInt8](repeating: 9, count: wordCounts ?? gaps.count))
    let bytes = writer.bytes
    let ids = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
    let frequencies = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
    defer {
      ids.deallocate()
      frequencies.deallocate()
    }
    let good = bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      return PostingBlockDecoder.decodeBlock(
        buffer.baseAddress!, &offset, buffer.count, count: gaps.count, previous: previous, isFirst: isFirst,
        idLimit: idLimit, ids: ids, frequencies: frequencies, keepsWordCounts: keepsWordCounts)
    }
    return Array(UnsafeBufferPointer(start: ids, count: good))
  }

  static let cases: [(name: String, gaps: [UInt32], previous: UInt32, isFirst: Bool, limit: UInt32)] = [
    ("first id 0", [0, 1, 1, 5], 0, true, 100),
    ("a gap of 0 later", [3, 1, 0, 4], 0, true, 100),
    ("a first gap of 0 past the first block", [0, 2], 40, false, 100),
    ("reaches the limit", [10, 20, 30, 40], 0, true, 60),
    ("last id just under the limit", [10, 20, 29], 0, true, 60),
    ("passes 2^32", [UInt32.max - 5, 3, 3, 3], 1, false, UInt32.max),
    ("largest gaps", [UInt32.max, UInt32.max], 0, true, UInt32.max),
    ("one id", [7], 9, false, 17),
  ]

  @Test("Ends a damaged block at its first bad id", arguments: cases.indices)
  func damage(index: Int) {
    let block = Self.cases[index]
    #expect(
      Self.decoded(block.gaps, previous: block.previous, isFirst: block.isFirst, idLimit: block.limit)
        == Self.expected(block.gaps, previous: block.previous, isFirst: block.isFirst, idLimit: block.limit),
      "\(block.name)")
  }

  /// The word counts follow the frequencies, a byte per posting, where the term keeps them:
  /// a block whose bytes end before its last word count is damaged, and decodes to nothing.
  @Test func aBlockShortOfItsWordCountsDecodesNothing() {
    let gaps: [UInt32] = [3, 1, 4, 1, 5, 9, 2, 6]
    #expect(Self.decoded(gaps, previous: 0, isFirst: true, idLimit: 100) == [3, 4, 8, 9, 14, 23, 25, 31])
    for short in 0..<gaps.count {
      #expect(Self.decoded(gaps, previous: 0, isFirst: true, idLimit: 100, wordCounts: short).isEmpty, "\(short)")
    }
    // A term that keeps none: its blocks end with their frequency words.
    #expect(
      Self.decoded(gaps, previous: 0, isFirst: true, idLimit: 100, wordCounts: 0, keepsWordCounts: false)
        == [3, 4, 8, 9, 14, 23, 25, 31])
  }

  /// Full blocks are summed in quarters: every id exact, and damage found wherever it lies
  /// (a gap of 0 in any quarter, or on a quarter's first id; a limit reached in the first
  /// or the last quarter only; a quarter whose gaps pass 2^32 between them).
  @Test func fullBlocksSummedInQuarters() {
    var random = SplitMix64(seed: 0x0F0B_10C5)
    let size = PostingsWriter.blockSize
    for round in 0..<3_000 {
      let width = UInt32(1 + random.next(below: 12))
      var gaps = (0..<size).map { _ in max(1, UInt32(truncatingIfNeeded: random.next()) >> (32 - width)) }
      switch round % 5 {
      case 0: gaps[random.next(below: size)] = 0
      case 1: gaps[[32, 64, 96][random.next(below: 3)]] = 0
      case 2: gaps[random.next(below: size)] = UInt32.max - UInt32(random.next(below: 1_000))
      default: break
      }
      let isFirst = random.next(below: 4) == 0
      let previous: UInt32 = isFirst ? 0 : UInt32(truncatingIfNeeded: random.next()) >> 4
      let sum = gaps.reduce(UInt64(previous)) { $0 + UInt64($1) }
      // About the last id: just past it, on it (the last id is cut), or a quarter in.
      let limits = [sum + 1, sum, UInt64(previous) + UInt64(gaps.prefix(40).reduce(0) { $0 + UInt64($1) }), 1 << 32]
      for limit in limits.map({ UInt32(clamping: $0) }) {
        #expect(
          Self.decoded(gaps, previous: previous, isFirst: isFirst, idLimit: limit)
            == Self.expected(gaps, previous: previous, isFirst: isFirst, idLimit: limit), "round \(round)")
      }
    }
  }

  /// A full first block may start at passage 0 (its first gap 0); a 0 anywhere after
  /// that, or a gap of 2^31 or more under a limit below it, still ends the block there.
  @Test func fullFirstBlocksStartingAtPassageZero() {
    let size = PostingsWriter.blockSize
    var starting = [UInt32](repeating: 3, count: size)
    starting[0] = 0
    var zeroLater = starting
    zeroLater[77] = 0
    var huge = starting
    huge[5] = 1 << 31
    for (gaps, limit) in [(starting, UInt32(1_000)), (zeroLater, 1_000), (huge, UInt32(Int32.max)), (huge, .max)] {
      for isFirst in [true, false] {
        let decoded = Self.decoded(gaps, previous: 0, isFirst: isFirst, idLimit: limit)
        #expect(decoded == Self.expected(gaps, previous: 0, isFirst: isFirst, idLimit: limit))
      }
    }
    #expect(Self.decoded(starting, previous: 0, isFirst: true, idLimit: 1_000).count == size)
    #expect(Self.decoded(zeroLater, previous: 0, isFirst: true, idLimit: 1_000).count == 77)
  }

  /// Full blocks are unpacked and summed in one pass where eight bytes can be loaded at
  /// every value: at every width, gaps as wide as it allows (sums passing 2^32 among
  /// them), the limit above, on or before the last id.
  @Test func fullBlocksOfEveryWidth() {
    var random = SplitMix64(seed: 0x5EED_F00D)
    let size = PostingsWriter.blockSize
    for width in UInt32(1)...32 {
      for round in 0..<20 {
        var gaps = (0..<size).map { _ in max(1, UInt32(truncatingIfNeeded: random.next()) >> (32 - width)) }
        if round % 4 == 0 { gaps[random.next(below: size)] = 0 }
        let previous = UInt32(truncatingIfNeeded: random.next()) >> 8
        let sum = gaps.reduce(UInt64(previous)) { $0 + UInt64($1) }
        for limit in [sum + 1, sum, 1 << 32].map({ UInt32(clamping: $0) }) {
          #expect(
            Self.decoded(gaps, previous: previous, isFirst: false, idLimit: limit)
              == Self.expected(gaps, previous: previous, isFirst: false, idLimit: limit), "width \(width)")
        }
      }
    }
  }

  /// A full block whose packed ids end the bytes (fewer than eight after them) is read
  /// value by value, to the same ids; one byte short of them, it decodes nothing.
  @Test func aFullBlockAtTheEndOfItsBytes() {
    let gaps = (0..<PostingsWriter.blockSize).map { UInt32(1 + $0 % 5) }
    var writer = ByteWriter()
    BitPacking.pack(gaps, into: &writer)
    let ids = UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
    defer { ids.deallocate() }
    for cut in [0, 1] {
      let bytes = Array(writer.bytes.dropLast(cut))
      let good = bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        return PostingBlockDecoder.decodeBlock(
          buffer.baseAddress!, &offset, buffer.count, count: gaps.count, previous: 10, isFirst: false,
          idLimit: 10_000, ids: ids, frequencies: nil, keepsWordCounts: false)
      }
      let expected = cut == 0 ? Self.expected(gaps, previous: 10, isFirst: false, idLimit: 10_000) : []
      #expect(Array(UnsafeBufferPointer(start: ids, count: good)) == expected, "cut \(cut)")
    }
  }

  @Test func randomBlocks() {
    var random = SplitMix64(seed: 0xB10C_DEC0DE)
    for _ in 0..<2_000 {
      var gaps: [UInt32] = []
      let width = UInt32(random.next(below: 33))
      for _ in 0..<(1 + random.next(below: PostingsWriter.blockSize)) {
        let gap = width == 0 ? 0 : UInt32(truncatingIfNeeded: random.next()) >> (32 - width)
        gaps.append(random.next(below: 50) == 0 ? 0 : gap)
      }
      let previous = UInt32(truncatingIfNeeded: random.next()) >> UInt32(random.next(below: 33))
      let isFirst = random.next(below: 4) == 0
      let limit = UInt32(truncatingIfNeeded: random.next()) >> UInt32(random.next(below: 8))
      let start: UInt32 = isFirst ? 0 : previous
      #expect(
        Self.decoded(gaps, previous: start, isFirst: isFirst, idLimit: limit)
          == Self.expected(gaps, previous: start, isFirst: isFirst, idLimit: limit))
    }
  }
}
