/// Appends big-endian integers and LEB128 varints to a growing byte buffer.
struct ByteWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  var count: Int { bytes.count }

  mutating func u8(_ value: UInt8) { bytes.append(value) }
  mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(value >> 8))
    bytes.append(UInt8(value & 0xFF))
  }
  mutating func u32(_ value: UInt32) {
    bytes.append(UInt8(value >> 24))
    bytes.append(UInt8((value >> 16) & 0xFF))
    bytes.append(UInt8((value >> 8) & 0xFF))
    bytes.append(UInt8(value & 0xFF))
  }
  mutating func u64(_ value: UInt64) {
    u32(UInt32(value >> 32))
    u32(UInt32(value & 0xFFFF_FFFF))
  }
  mutating func f32(_ value: Float) { u32(value.bitPattern) }

  /// Unsigned LEB128.
  @inline(__always)
  mutating func varint(_ value: UInt32) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// The big-endian u32 written at `offset`.
  func u32(at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  mutating func patchU32(at offset: Int, _ value: UInt32) {
    bytes[offset] = UInt8(value >> 24)
    bytes[offset + 1] = UInt8((value >> 16) & 0xFF)
    bytes[offset + 2] = UInt8((value >> 8) & 0xFF)
    bytes[offset + 3] = UInt8(value & 0xFF)
  }
}
