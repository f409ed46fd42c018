import DuoKBTestSupport
import Testing

@testable import SearchIndex

/// `PositionSkipping.skip` takes eight bytes at a time; it must land where the byte-at-a-time
/// reader does, for written positions and for any bytes at all.
@Suite struct PositionSkippingTests {
  /// Positions as the postings writer lays them out: a varint of the gap and a span flag,
  /// then the span's varint when there is one.
  static func encoded(_ positions: [Position]) -> [UInt8] {
    var writer = ByteWriter()
    for position in positions {
      writer.varint(position.gap << 1 | (position.span > 0 ? 1 : 0))
      if position.span > 0 { writer.varint(position.span) }
    }
    return writer.bytes
  }

  /// Both skips from every start and for every count, up to two past what the bytes hold.
  static func expectSameSkips(_ bytes: [UInt8], _ name: String) {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for start in 0...bytes.count {
        for count in 0...(bytes.count - start + 2) {
          let fast = PositionSkipping.skip(count, in: base, from: start, end: bytes.count)
          let slow = PositionSkipping.skipOneByOne(count, in: base, from: start, end: bytes.count)
          #expect(fast == slow, "\(name): start \(start), count \(count)")
          if fast != slow { return }
        }
      }
    }
  }

  typealias Position = (gap: UInt32, span: UInt32)

  /// `count` positions, the gap and span of each from its index.
  static func positions(_ count: Int, _ make: (UInt32) -> Position) -> [Position] {
    var result: [Position] = []
    for index in 0..<UInt32(count) { result.append(make(index)) }
    return result
  }

  static let oneBytePositions = positions(40) { index -> Position in (index % 60, 0) }
  static let twoByteGaps = positions(30) { index -> Position in (100 + index * 37, 0) }
  static let largestGaps = positions(12) { _ -> Position in (UInt32.max >> 1, 0) }
  static let someSpans = positions(30) { index -> Position in
    let span: UInt32 = index % 7 == 3 ? index * 50 : 0
    return (index, span)
  }
  static let allSpans = positions(20) { _ -> Position in (1, 2) }
  static let longRuns: [UInt8] = {
    var bytes = [UInt8](repeating: 0x80, count: 6)
    bytes += [1, 2, 3]
    bytes += [UInt8](repeating: 0xFF, count: 7)
    bytes.append(0)
    return bytes
  }()
  static let continuedToTheEnd: [UInt8] = {
    var bytes: [UInt8] = [2, 4, 6]
    bytes += [UInt8](repeating: 0x80, count: 12)
    return bytes
  }()

  static let cases: [(name: String, bytes: [UInt8])] = [
    ("one-byte positions", encoded(oneBytePositions)),
    ("two-byte gaps", encoded(twoByteGaps)),
    ("largest gaps", encoded(largestGaps)),
    ("a span now and then", encoded(someSpans)),
    ("a span at every position", encoded(allSpans)),
    ("runs of six continued bytes", longRuns),
    ("continued to the end", continuedToTheEnd),
    ("shorter than a word", [2, 4, 0x81]),
    ("nothing", []),
  ]

  @Test("Lands where the byte-at-a-time reader does", arguments: cases.indices)
  func sameAsOneByOne(index: Int) {
    Self.expectSameSkips(Self.cases[index].bytes, Self.cases[index].name)
  }

  @Test func counted() {
    let bytes = Self.encoded([(1, 0), (200, 0), (3, 9), (4, 0), (70_000, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0)])
    let lengths = [1, 2, 2, 1, 3, 1, 1, 1, 1, 1]
    bytes.withUnsafeBufferPointer { buffer in
      for count in 0...lengths.count {
        let expected = lengths.prefix(count).reduce(0, +)
        #expect(PositionSkipping.skip(count, in: buffer.baseAddress!, from: 0, end: bytes.count) == expected)
      }
    }
  }

  @Test func randomBytesAndPositions() {
    var random = SplitMix64(seed: 0x5EED_0F_5C1F)
    for round in 0..<300 {
      var bytes: [UInt8] = []
      if round % 2 == 0 {
        // Bytes biased to the ones that matter: ends, continuations and span flags.
        for _ in 0..<random.next(below: 48) {
          let byte = UInt8(truncatingIfNeeded: random.next())
          switch random.next(below: 4) {
          case 0: bytes.append(byte | 0x80)
          case 1: bytes.append(byte & 0x7E)
          default: bytes.append(byte)
          }
        }
      } else {
        var written: [Position] = []
        for _ in 0..<random.next(below: 24) {
          let gap = UInt32(truncatingIfNeeded: random.next()) >> UInt32(random.next(below: 32))
          let span: UInt32 = random.next(below: 8) == 0 ? UInt32(random.next(below: 300)) : 0
          written.append((gap >> 1, span))
        }
        bytes = Self.encoded(written)
      }
      Self.expectSameSkips(bytes, "round \(round)")
    }
  }
}
