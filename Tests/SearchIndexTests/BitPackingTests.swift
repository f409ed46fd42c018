import Testing

@testable import SearchIndex

@Suite struct BitPackingTests {
  static func packed(_ values: [UInt32]) -> [UInt8] {
    var writer = ByteWriter()
    BitPacking.pack(values, into: &writer)
    return writer.bytes
  }

  static func unpacked(_ bytes: [UInt8], count: Int, end: Int? = nil) -> [UInt32]? {
    var output = [UInt32](repeating: 0xDEAD, count: count)
    var offset = 0
    let ok = bytes.withUnsafeBufferPointer { buffer in
      output.withUnsafeMutableBufferPointer { output in
        BitPacking.unpack(buffer.baseAddress!, &offset, end ?? buffer.count, count: count, into: output.baseAddress!)
      }
    }
    return ok ? output : nil
  }

  @Test(
    "Round trips at every width, near the end of the buffer and far from it",
    arguments: [
      [0], [0, 0, 0], [1], [1, 2, 3, 4, 5], [255, 256, 7], [UInt32.max, 0, 1],
      Array(0..<128).map { UInt32($0) * 33_333 },
    ] as [[UInt32]])
  func roundTrips(values: [UInt32]) {
    let bytes = Self.packed(values)
    #expect(Int(bytes[0]) == BitPacking.width(values.reduce(0, |)))
    #expect(Self.unpacked(bytes, count: values.count) == values)
    #expect(Self.unpacked(bytes + [UInt8](repeating: 0xFF, count: 16), count: values.count) == values)
  }

  @Test("Every width, in runs of eight and a rest, by the loop of each width and the careful one")
  func everyWidthAndCount() {
    var state: UInt64 = 99
    for width in 1...32 {
      for count in [1, 7, 8, 9, 63, 100, 127, 128] {
        let top = UInt32(truncatingIfNeeded: (UInt64(1) << UInt64(width)) - 1)
        let values = (0..<count).map { index -> UInt32 in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          // The widest value once, so that the block takes exactly this width.
          return index == count / 2 ? top : UInt32(truncatingIfNeeded: state >> 29) & top
        }
        let bytes = Self.packed(values)
        #expect(Int(bytes[0]) == width)
        #expect(Self.unpacked(bytes, count: count) == values, "width \(width), \(count) values")
        #expect(
          Self.unpacked(bytes + [UInt8](repeating: 0xA5, count: 9), count: count) == values,
          "width \(width), \(count) values, room to load past them")
      }
    }
  }

  @Test func damageIsRefusedNotReadPastTheEnd() {
    let bytes = Self.packed([5, 6, 7, 8])
    #expect(Self.unpacked(bytes, count: 4, end: bytes.count - 1) == nil)
    #expect(Self.unpacked([33, 0, 0, 0, 0], count: 1) == nil, "a width over 32 bits")
    #expect(Self.unpacked([], count: 1, end: 0) == nil)
    #expect(Self.unpacked([8, 1], count: 2) == nil, "two 8-bit values in one byte")
  }
}
