/// Fixed-width bit packing of a block's values (FORMAT.md, "Block"): one byte of width
/// (0-32 bits), then each value in that many bits, least significant bit first, padded to
/// a byte.
enum BitPacking {
  /// Bits needed for `value`.
  @inline(__always)
  static func width(_ value: UInt32) -> Int { value == 0 ? 0 : 32 - value.leadingZeroBitCount }

  static func pack(_ values: [UInt32], into writer: inout ByteWriter) {
    let width = Self.width(values.reduce(0, |))
    writer.u8(UInt8(width))
    guard width > 0 else { return }
    var accumulator: UInt64 = 0
    var bits = 0
    for value in values {
      accumulator |= UInt64(value) << UInt64(bits)
      bits += width
      while bits >= 8 {
        writer.u8(UInt8(truncatingIfNeeded: accumulator))
        accumulator >>= 8
        bits -= 8
      }
    }
    if bits > 0 { writer.u8(UInt8(truncatingIfNeeded: accumulator)) }
  }

  /// Reads `count` values at `offset` (advanced past them) into `output`; false when the
  /// width is impossible or the values run past `end` (damage).
  @inline(__always)
  static func unpack(
    _ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, count: Int,
    into output: UnsafeMutablePointer<UInt32>
  ) -> Bool {
    guard offset < end else { return false }
    let width = Int(bytes[offset])
    offset += 1
    guard width <= 32 else { return false }
    let byteCount = (count * width + 7) >> 3
    guard byteCount <= end - offset else { return false }
    if width == 0 {
      output.update(repeating: 0, count: count)
      return true
    }
    let mask: UInt64 = (1 << UInt64(width)) - 1
    let start = UnsafeRawPointer(bytes + offset)
    if byteCount + 8 <= end - offset {
      // Eight-byte loads that never pass the end, each value found from its index alone
      // (`count * width` is small: a block holds at most 128 values of 32 bits).
      for index in 0..<count {
        let bit = index &* width
        let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self))
        output[index] = UInt32(truncatingIfNeeded: (word &>> UInt64(bit & 7)) & mask)
      }
    } else {
      var bit = 0
      for index in 0..<count {
        var word: UInt64 = 0
        let first = bit >> 3
        let last = min((bit + width - 1) >> 3, byteCount - 1)
        for byte in stride(from: last, through: first, by: -1) {
          word = word << 8 | UInt64(bytes[offset + byte])
        }
        output[index] = UInt32(truncatingIfNeeded: (word >> UInt64(bit & 7)) & mask)
        bit += width
      }
    }
    offset += byteCount
    return true
  }
}
