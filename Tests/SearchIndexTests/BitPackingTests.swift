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

  @Test func damageIsRefusedNotReadPastTheEnd() {
    let bytes = Self.packed([5, 6, 7, 8])
    #expect(Self.unpacked(bytes, count: 4, end: bytes.count - 1) == nil)
    #expect(Self.unpacked([33, 0, 0, 0, 0], count: 1) == nil, "a width over 32 bits")
    #expect(Self.unpacked([], count: 1, end: 0) == nil)
    #expect(Self.unpacked([8, 1], count: 2) == nil, "two 8-bit values in one byte")
  }
}
