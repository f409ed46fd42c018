/// Skipping a block's positions without decoding them (FORMAT.md, "Positions"): a position
/// is a varint whose low bit says a span varint follows. A passage's positions follow those
/// of the block's earlier postings, so reaching them means skipping the earlier ones.
///
/// Both ways read as `ByteReader.varint` does: at most five bytes a varint, never past the
/// end. `skip` takes eight bytes at a time where it can and gives the offset `skipOneByOne`
/// gives for any bytes, damaged ones included (`PositionSkippingTests`).
enum PositionSkipping {
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The offset past `count` positions from `start`.
  static func skip(_ count: Int, in bytes: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var offset = start
    var remaining = count
    while remaining > 0 && offset < end {
      if end - offset >= 8, let whole = wholePositions(at: bytes + offset, upTo: remaining) {
        offset += whole.bytes
        remaining -= whole.positions
        continue
      }
      offset = skipOneByOne(1, in: bytes, from: offset, end: end)
      remaining -= 1
    }
    return offset
  }

  /// The bytes and the count of the positions wholly within the eight bytes at `chunk`
  /// (at most `limit` of them), when every varint there is one of a position without a
  /// span; nil when one has a span, one runs five bytes or more, or none ends in them.
  @inline(__always)
  private static func wholePositions(
    at chunk: UnsafePointer<UInt8>, upTo limit: Int
  ) -> (bytes: Int, positions: Int)? {
    let word = UInt64(littleEndian: UnsafeRawPointer(chunk).loadUnaligned(as: UInt64.self))
    var ends = ~word & highBits
    guard ends != 0 else { return nil }
    let continued = word & highBits
    // Five continued bytes in a row: a varint `skipOneByOne` would cut short.
    guard continued & (continued >> 8) & (continued >> 16) & (continued >> 24) & (continued >> 32) == 0 else {
      return nil
    }
    let count = ends.nonzeroBitCount
    if count > limit {
      // Keep the first `limit` ends only.
      for _ in 0..<(count - limit) { ends &= ~(UInt64(1) << (63 - UInt64(ends.leadingZeroBitCount))) }
    }
    let last = (63 - ends.leadingZeroBitCount) >> 3
    // A varint starts at byte 0 and after every end; its low bit says a span follows.
    let starts = (ends << 8 | 0x80) & highBits
    let spanFlags = (word << 7) & highBits
    let covered = last == 7 ? UInt64.max : (UInt64(1) << UInt64((last + 1) * 8)) - 1
    guard starts & spanFlags & covered == 0 else { return nil }
    return (last + 1, min(count, limit))
  }

  /// The offset past `count` positions from `start`, a byte at a time.
  static func skipOneByOne(_ count: Int, in bytes: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var offset = start
    /// Past one varint at `offset`.
    @inline(__always)
    func skipVarint() -> UInt8 {
      let first = bytes[offset]
      offset += 1
      var byte = first
      var length = 1
      while byte >= 0x80 && length < 5 && offset < end {
        byte = bytes[offset]
        offset += 1
        length += 1
      }
      return first
    }
    var remaining = count
    while remaining > 0 && offset < end {
      if skipVarint() & 1 == 1 && offset < end { _ = skipVarint() }
      remaining -= 1
    }
    return offset
  }
}
