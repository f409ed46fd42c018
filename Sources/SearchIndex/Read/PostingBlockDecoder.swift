/// Decodes a block of a term's postings (layout in FORMAT.md): its ids from their packed
/// gaps and, where asked for, its frequency words (`frequency << 2 | flags`). Damage ends a
/// block early rather than making it crash: ids must increase and stay under the limit,
/// frequencies are capped, and what follows must fit.
enum PostingBlockDecoder {
  /// Decodes one block's ids and frequency words (`frequency << 2 | flags`) at `offset`;
  /// how many ids are good (damage ends a block early: ids must increase and stay under
  /// `idLimit`, frequencies are capped at 2^20, and the word counts after them, where the
  /// term keeps them, must fit).
  @inline(__always)
  static func decodeBlock(
    _ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, count: Int, previous: UInt32,
    isFirst: Bool, idLimit: UInt32, ids: UnsafeMutablePointer<UInt32>, frequencies: UnsafeMutablePointer<UInt32>?,
    keepsWordCounts: Bool
  ) -> Int {
    let idsStart = offset
    var good = count
    // A full block, the usual case: unpacked and summed in one pass; where that finds a gap
    // of 0 (the first id of a list may be 0) or above 2^31, or an id past the limit, or
    // cannot read it so, the passes below decide.
    if count == PostingsWriter.blockSize,
      let (total, gapsLessOne) = BitPacking.unpackRunningSum(
        bytes, &offset, end, count: count, from: isFirst ? 0 : UInt64(previous), into: ids),
      gapsLessOne & 0x8000_0000 == 0, total < UInt64(idLimit)
    {
      return decodeFrequencies(bytes, &offset, end, count: count, good: good, frequencies, keepsWordCounts)
    }
    offset = idsStart
    guard count > 0, BitPacking.unpack(bytes, &offset, end, count: count, into: ids) else { return 0 }
    if !prefixSum(ids, count: count, previous: previous, isFirst: isFirst, idLimit: idLimit) {
      // Damaged: decode again, keeping the ids up to the first bad one.
      var again = idsStart
      _ = BitPacking.unpack(bytes, &again, end, count: count, into: ids)
      good = checkedPrefixSum(ids, count: count, previous: previous, isFirst: isFirst, idLimit: idLimit)
    }
    return decodeFrequencies(bytes, &offset, end, count: count, good: good, frequencies, keepsWordCounts)
  }

  /// The rest of `decodeBlock` once `good` of its ids are decoded: the frequency words
  /// (where asked for), and the check that the word counts fit after them.
  @inline(__always)
  private static func decodeFrequencies(
    _ bytes: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, count: Int, good: Int,
    _ frequencies: UnsafeMutablePointer<UInt32>?, _ keepsWordCounts: Bool
  ) -> Int {
    guard let frequencies else { return good }
    // The word counts follow (where kept), a byte per posting: a block too short for them
    // is damaged.
    guard BitPacking.unpack(bytes, &offset, end, count: count, into: frequencies),
      !keepsWordCounts || count <= end - offset
    else { return 0 }
    for index in 0..<good { frequencies[index] = frequencyWord(frequencies[index]) }
    return good
  }

  /// Turns gaps into ids without a check per id; false when an id would not increase
  /// (a gap of 0, but for the very first id of a list) or reach `idLimit`, which a block
  /// of increasing ids shows in its last id alone (the sum cannot overflow 64 bits).
  ///
  /// A running sum is a chain of dependent additions, one per id: a full block is summed
  /// as four quarters at once (four independent chains), and each quarter then offset by
  /// the total before it. Ids are kept modulo 2^32 on the way; when the total is below
  /// `idLimit`, no sum on the way passed it (gaps are not negative), so all are exact.
  @inline(__always)
  private static func prefixSum(
    _ ids: UnsafeMutablePointer<UInt32>, count: Int, previous: UInt32, isFirst: Bool, idLimit: UInt32
  ) -> Bool {
    // The first id of a list is its own gap from 0.
    let start = isFirst ? 0 : UInt64(previous)
    let quarter = PostingsWriter.blockSize / 4
    guard count == PostingsWriter.blockSize else {
      let first = isFirst ? 1 : 0
      var smallestGap = UInt32.max
      for index in first..<max(first, count) { smallestGap = min(smallestGap, ids[index]) }
      var total = start
      for index in 0..<count {
        total &+= UInt64(ids[index])
        ids[index] = UInt32(truncatingIfNeeded: total)
      }
      return smallestGap > 0 && total < UInt64(idLimit)
    }
    guard !hasZeroOrHugeGap(ids, isFirst: isFirst) else { return false }
    var sums: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for index in 0..<quarter {
      sums.0 &+= UInt64(ids[index])
      ids[index] = UInt32(truncatingIfNeeded: sums.0)
      sums.1 &+= UInt64(ids[quarter + index])
      ids[quarter + index] = UInt32(truncatingIfNeeded: sums.1)
      sums.2 &+= UInt64(ids[2 * quarter + index])
      ids[2 * quarter + index] = UInt32(truncatingIfNeeded: sums.2)
      sums.3 &+= UInt64(ids[3 * quarter + index])
      ids[3 * quarter + index] = UInt32(truncatingIfNeeded: sums.3)
    }
    let offsets = (
      UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: start &+ sums.0),
      UInt32(truncatingIfNeeded: start &+ sums.0 &+ sums.1),
      UInt32(truncatingIfNeeded: start &+ sums.0 &+ sums.1 &+ sums.2)
    )
    for index in 0..<quarter {
      ids[index] &+= offsets.0
      ids[quarter + index] &+= offsets.1
      ids[2 * quarter + index] &+= offsets.2
      ids[3 * quarter + index] &+= offsets.3
    }
    let total = start &+ sums.0 &+ sums.1 &+ sums.2 &+ sums.3
    return total < UInt64(idLimit)
  }

  /// Whether a full block's gaps hold a 0 (but for the first of a list) or one of 2^31 or
  /// more, which no block of ids below `idLimit` holds (it is clamped below 2^31): a
  /// gap less 1 has its top bit set exactly then. In vectors of 8 (subtraction and OR,
  /// which compile to vector instructions), where a scalar minimum took a third of a
  /// block's decoding.
  @inline(__always)
  private static func hasZeroOrHugeGap(_ gaps: UnsafeMutablePointer<UInt32>, isFirst: Bool) -> Bool {
    let raw = UnsafeRawPointer(gaps)
    var lanes = SIMD8<UInt32>.zero
    for group in 0..<(PostingsWriter.blockSize / 8) {
      lanes |= raw.loadUnaligned(fromByteOffset: group &* 32, as: SIMD8<UInt32>.self) &- 1
    }
    // The first id of a list may be 0; its lane is looked at again without it.
    if isFirst && gaps[0] == 0 {
      lanes = .zero
      for index in 1..<PostingsWriter.blockSize { lanes[index & 7] |= gaps[index] &- 1 }
    }
    return (lanes & 0x8000_0000) != .zero
  }

  /// Turns gaps into ids one at a time, stopping at the first that would not increase,
  /// pass 2^32 or reach `idLimit`; how many are good.
  private static func checkedPrefixSum(
    _ ids: UnsafeMutablePointer<UInt32>, count: Int, previous: UInt32, isFirst: Bool, idLimit: UInt32
  ) -> Int {
    var previous = previous
    var good = 0
    for index in 0..<count {
      let gap = ids[index]
      let (id, overflow) = previous.addingReportingOverflow(gap)
      if overflow || id >= idLimit || (gap == 0 && !(isFirst && index == 0)) { break }
      ids[index] = id
      previous = id
      good += 1
    }
    return good
  }

  /// A stored frequency word (frequency - 1, capped, and flags) as the walks use it.
  @inline(__always)
  static func frequencyWord(_ stored: UInt32) -> UInt32 { (min(stored >> 2, 1 << 20) + 1) << 2 | stored & 3 }
}

/// Where a block's frequency words lie, packed (`BitPacking`): their width, where the
/// first begins and how many bytes they take. A walk reads one word where it needs one
/// (`word`), not the block's 128: where a passage matches, and for the postings whose
/// positions a read skips (at most a group's).
struct PackedFrequencies {
  var width = 0
  var start = 0
  var byteCount = 0

  /// The frequency word (`frequency << 2 | flags`, as `PostingBlockDecoder` makes it) of
  /// posting `position`, read alone from `block` (bounds checked when the block was loaded).
  @inline(__always)
  func word(_ position: Int, in block: UnsafeRawBufferPointer) -> UInt32 {
    guard width > 0, let base = block.baseAddress else { return PostingBlockDecoder.frequencyWord(0) }
    return PostingBlockDecoder.frequencyWord(
      BitPacking.value(
        base.assumingMemoryBound(to: UInt8.self), at: position, start: start, byteCount: byteCount,
        end: block.count, width: width))
  }
}
