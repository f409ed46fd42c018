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
    let start = UnsafeRawPointer(bytes + offset)
    if byteCount + 8 <= end - offset {
      // Eight-byte loads that never pass the end, each value found from its index alone
      // (`count * width` is small: a block holds at most 128 values of 32 bits).
      unpackLoaded(start, width: width, count: count, into: output)
    } else {
      for index in 0..<count {
        output[index] = value(bytes, at: index, start: offset, byteCount: byteCount, end: end, width: width)
      }
    }
    offset += byteCount
    return true
  }

  /// Value `index` of values of `width` bits (1-32) packed in the `byteCount` bytes from
  /// `start` (within `end`, as `unpack` checked), read on its own: eight bytes at once
  /// where they lie within `end`, else byte by byte within the packed bytes.
  @inline(__always)
  static func value(
    _ bytes: UnsafePointer<UInt8>, at index: Int, start: Int, byteCount: Int, end: Int, width: Int
  ) -> UInt32 {
    let mask: UInt64 = (1 << UInt64(width)) - 1
    let bit = index &* width
    let first = start + bit >> 3
    var word: UInt64 = 0
    if first + 8 <= end {
      word = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: first, as: UInt64.self))
    } else {
      let last = min(start + (bit + width - 1) >> 3, start + byteCount - 1)
      for byte in stride(from: last, through: first, by: -1) { word = word << 8 | UInt64(bytes[byte]) }
    }
    return UInt32(truncatingIfNeeded: (word >> UInt64(bit & 7)) & mask)
  }

  /// `unpack` where eight bytes can be loaded at every value's first byte. Each width has
  /// its own loop (the compiler folds a constant width's shifts and offsets for each run of
  /// eight values, which take `width` bytes): about twice as fast as one loop for all.
  @inline(__always)
  private static func unpackLoaded(
    _ start: UnsafeRawPointer, width: Int, count: Int, into output: UnsafeMutablePointer<UInt32>
  ) {
    _ = withConstantWidth(width) { unpackLoaded(start, fixedWidth: $0, count: count, into: output) }
  }

  @inline(__always)
  private static func unpackLoaded(
    _ start: UnsafeRawPointer, fixedWidth width: Int, count: Int, into output: UnsafeMutablePointer<UInt32>
  ) {
    forEachLoaded(start, fixedWidth: width, count: count) { index, value in output[index] = value }
  }

  /// Calls `body` with each of `count` values of `width` bits packed from `start`, in
  /// order, with its index, where eight bytes can be loaded at every value's first byte.
  /// Eight values take `width` bytes: each run of eight is read at offsets the compiler
  /// folds for a constant width.
  @inline(__always)
  private static func forEachLoaded(
    _ start: UnsafeRawPointer, fixedWidth width: Int, count: Int, _ body: (Int, UInt32) -> Void
  ) {
    let mask: UInt64 = (1 << UInt64(width)) - 1
    var first = 0
    while first + 8 <= count {
      let run = start + (first &>> 3) &* width
      for index in 0..<8 {
        let bit = index &* width
        let word = UInt64(littleEndian: run.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self))
        body(first &+ index, UInt32(truncatingIfNeeded: (word &>> UInt64(bit & 7)) & mask))
      }
      first &+= 8
    }
    for index in first..<count {
      let bit = index &* width
      let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self))
      body(index, UInt32(truncatingIfNeeded: (word &>> UInt64(bit & 7)) & mask))
    }
  }

  /// `unpack` of gaps fused with their running sum from `base` (ids from gaps), for a
  /// block whose values can all be loaded eight bytes at a time (`unpack`'s fast case):
  /// one pass instead of unpacking, checking and summing in three. Nil when the width is
  /// impossible or the values run past `end` (`offset` then where it was); else the last
  /// sum and every gap less 1, ORed (its top bit is set where a gap is 0 or above 2^31),
  /// `offset` advanced past the values. Each id is stored modulo 2^32; the total, summed in
  /// 64 bits, is exact.
  @inline(__always)
  static func unpackRunningSum(
    _ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, count: Int, from base: UInt64,
    into output: UnsafeMutablePointer<UInt32>
  ) -> (total: UInt64, gapsLessOne: UInt32)? {
    guard offset < end else { return nil }
    let width = Int(bytes[offset])
    guard width >= 1, width <= 32 else { return nil }
    let byteCount = (count * width + 7) >> 3
    guard byteCount + 8 <= end - offset - 1 else { return nil }
    let start = UnsafeRawPointer(bytes + offset + 1)
    offset += 1 + byteCount
    return withConstantWidth(width) { runningSum(start, fixedWidth: $0, count: count, from: base, into: output) }
  }

  /// `body` of `width` given as a literal, for each width of 1 to 32 (nil for any other):
  /// inlined into each case, a loop over packed values has its shifts and offsets folded
  /// for that width. The one switch that every such loop goes through.
  @inline(__always)
  private static func withConstantWidth<Result>(_ width: Int, _ body: (Int) -> Result) -> Result? {
    switch width {
    case 1: return body(1)
    case 2: return body(2)
    case 3: return body(3)
    case 4: return body(4)
    case 5: return body(5)
    case 6: return body(6)
    case 7: return body(7)
    case 8: return body(8)
    case 9: return body(9)
    case 10: return body(10)
    case 11: return body(11)
    case 12: return body(12)
    case 13: return body(13)
    case 14: return body(14)
    case 15: return body(15)
    case 16: return body(16)
    case 17: return body(17)
    case 18: return body(18)
    case 19: return body(19)
    case 20: return body(20)
    case 21: return body(21)
    case 22: return body(22)
    case 23: return body(23)
    case 24: return body(24)
    case 25: return body(25)
    case 26: return body(26)
    case 27: return body(27)
    case 28: return body(28)
    case 29: return body(29)
    case 30: return body(30)
    case 31: return body(31)
    case 32: return body(32)
    default: return nil
    }
  }

  @inline(__always)
  private static func runningSum(
    _ start: UnsafeRawPointer, fixedWidth width: Int, count: Int, from base: UInt64,
    into output: UnsafeMutablePointer<UInt32>
  ) -> (total: UInt64, gapsLessOne: UInt32) {
    var sum = base
    var gapsLessOne: UInt32 = 0
    forEachLoaded(start, fixedWidth: width, count: count) { index, gap in
      gapsLessOne |= gap &- 1
      sum &+= UInt64(gap)
      output[index] = UInt32(truncatingIfNeeded: sum)
    }
    return (sum, gapsLessOne)
  }
}
