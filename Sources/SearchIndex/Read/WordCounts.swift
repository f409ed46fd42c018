/// Each passage's word count, the length BM25 normalizes by, in a byte per passage.
///
/// Every candidate of every query reads one, so the table is the part of `store.dki` that
/// ranking keeps resident: one byte instead of two halves it (13.5 MB at 30,000 talks).
/// Counts stay exact: a byte holds 0...254, and 255 says the count is in the long counts, a
/// short table of (passage, count) pairs in passage order, found by binary search. Most
/// passages are a sentence or two; only long sections of text go there. Counts are capped
/// at 65,535 as before, and averages are computed from the capped counts.
struct WordCounts: Sendable {
  /// A byte with this value sends the lookup to the long counts.
  static let longMarker: UInt8 = 255
  static let longRecordLength = 6
  /// The largest count stored, in the long counts.
  static let maximum = Int(UInt16.max)

  let short: ByteReader
  let long: ByteReader
  let longCount: Int

  @inline(__always)
  func count(_ passage: Int) -> Int { count(passage, stored: short.u8(at: passage)) }

  /// The count of `passage` whose byte (this table's, or a postings block's copy of it) is
  /// `byte`.
  @inline(__always)
  func count(_ passage: Int, stored byte: UInt8) -> Int {
    byte == Self.longMarker ? longTableCount(passage) : Int(byte)
  }

  /// The bytes of passages `passage` to `passage + 7` (byte k of the word is passage +
  /// k; 0 past the table, as `count` reads them; 255 where the count is a long one).
  @inline(__always)
  func eightBytes(from passage: Int) -> UInt64 {
    if passage >= 0, passage <= short.count - 8, let base = short.bytes.baseAddress {
      return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: passage, as: UInt64.self))
    }
    var word: UInt64 = 0
    for byte in 0..<8 { word |= UInt64(short.u8(at: passage + byte)) << UInt64(8 * byte) }
    return word
  }

  /// The passage's entry in the long counts; 255 when it has none (a damaged table), which
  /// is still a long passage's length, near enough to rank it.
  private func longTableCount(_ passage: Int) -> Int {
    var low = 0
    var high = longCount
    while low < high {
      let middle = (low + high) / 2
      let at = middle * Self.longRecordLength
      let found = Int(long.u32(at: at))
      if found == passage { return Int(long.u16(at: at + 4)) }
      if found < passage { low = middle + 1 } else { high = middle }
    }
    return Int(Self.longMarker)
  }

  /// Whether the long counts hold exactly the marked passages, in passage order, each
  /// longer than a byte holds (`verify()` and `duo-kb check`; a lookup stays in bounds
  /// without it).
  func check(file: String) throws(IndexFormatError) {
    var next = 0
    for passage in 0..<short.count where short.u8(at: passage) == Self.longMarker {
      let at = next * Self.longRecordLength
      guard next < longCount, Int(long.u32(at: at)) == passage, long.u16(at: at + 4) >= Self.longMarker else {
        throw .corrupt(file: file, reason: "long word counts lack passage \(passage) or are out of order")
      }
      next += 1
    }
    guard next == longCount else {
      throw .corrupt(file: file, reason: "\(longCount - next) long word counts are for no marked passage")
    }
  }

  /// The two tables for `counts`, one per passage in order: the bytes, and the long
  /// counts' records.
  static func encode(_ counts: [UInt32]) -> (short: [UInt8], long: [UInt8], longCount: Int) {
    var short = [UInt8](repeating: 0, count: counts.count)
    var long = ByteWriter()
    var longCount = 0
    for (passage, count) in counts.enumerated() {
      let capped = Int(min(count, UInt32(maximum)))
      if capped < Int(longMarker) {
        short[passage] = UInt8(capped)
      } else {
        short[passage] = longMarker
        long.u32(UInt32(passage))
        long.u16(UInt16(capped))
        longCount += 1
      }
    }
    return (short, long.bytes, longCount)
  }
}
