/// The best postings of a cursor's block, as far as BM25 can tell them apart without their
/// scores (`PostingCursor.forEachBlockBest`): among those of frequency 1, and among the
/// others, the highest frequency, the flags of any and the lowest word count. No posting
/// of a group scores above one of all three of its group, so the higher of their scores
/// bounds the block, exactly where one posting holds all three.
struct BlockBest {
  /// The block it was read of (-1: none yet).
  var block = -1
  /// False where the term keeps no word counts, or where a group's postings all have long
  /// counts (their bytes then give no length).
  var known = false
  var once: (flags: UInt32, shortest: UInt32)?
  var more: (frequency: UInt32, flags: UInt32, shortest: UInt32)?

  /// Reads block `block`'s best: its `idCount` good postings (of `postingCount`), whose
  /// word count bytes begin at `wordCountStart` of `view` and whose frequency words
  /// `frequencies` finds there; `scratch` takes them unpacked.
  init(
    block: Int, view: UnsafeRawBufferPointer, wordCountStart: Int, idCount: Int, postingCount: Int,
    frequencies: PackedFrequencies, scratch: UnsafeMutablePointer<UInt32>
  ) {
    self.block = block
    let end = wordCountStart &+ idCount
    guard idCount > 0, end <= view.count, let base = view.baseAddress else { return }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let counts = bytes + wordCountStart
    let long = UInt32(WordCounts.longMarker)
    if frequencies.width == 0 {
      // Every posting's frequency word is 0: frequency 1, no flags.
      var shortest = UInt32.max
      for position in 0..<idCount { shortest = min(shortest, UInt32(counts[position])) }
      once = (0, shortest)
      known = shortest != long
      return
    }
    var offset = frequencies.start - 1
    guard
      BitPacking.unpack(bytes, &offset, view.count, count: postingCount, into: scratch),
      postingCount >= idCount
    else { return }
    // Stored words are `(frequency - 1) << 2 | flags`: below 4 for frequency 1. Each group
    // in one pass without a branch (a word of the other group counts as the longest).
    var onceShortest = UInt32.max
    var onceFlags: UInt32 = 0
    var moreShortest = UInt32.max
    var moreFlags: UInt32 = 0
    var highest: UInt32 = 0
    for position in 0..<idCount {
      let word = scratch[position]
      let count = UInt32(counts[position])
      let once = word < 4
      onceShortest = min(onceShortest, once ? count : .max)
      onceFlags |= once ? word & 3 : 0
      moreShortest = min(moreShortest, once ? .max : count)
      moreFlags |= once ? 0 : word & 3
      highest = max(highest, word)
    }
    if onceShortest != .max { once = (onceFlags, onceShortest) }
    if moreShortest != .max {
      more = (PostingBlockDecoder.frequencyWord(highest) >> 2, moreFlags, moreShortest)
    }
    known = onceShortest != long && moreShortest != long
  }

  init() {}
}
