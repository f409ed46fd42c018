/// The positions of a cursor's current block (FORMAT.md): its group table, where the
/// positions of every `PostingsWriter.positionGroup`-th posting begin, read when positions
/// are first asked for, and the place the last read reached, so that the postings of a
/// group asked for in order read each position once.
struct BlockPositions {
  /// The bytes the positions are read from: the postings (offsets in the map), or a copy
  /// of the block's positions (offsets in the copy).
  private(set) var view: UnsafeRawBufferPointer
  /// Where the block's positions begin in `view`, its group table first.
  private(set) var start = 0
  /// Where the block's positions lie in the postings while they are still to be copied (a
  /// block `PostingCursor.loadCopied` read, its positions not asked for yet).
  var toCopy: Range<Int>?
  /// Whether the group table was read: then `groupStarts` and `dataStart` hold where the
  /// block's postings' positions begin.
  private var groupsRead = false
  private var dataStart = 0
  private let groupStarts: UnsafeMutablePointer<Int>
  /// The posting the last read was of, and where its positions begin.
  private var readIndex = 0
  private var readOffset = 0

  /// `groupStarts`: room for a block's group table, which the cursor owns.
  init(_ view: UnsafeRawBufferPointer, groupStarts: UnsafeMutablePointer<Int>) {
    self.view = view
    self.groupStarts = groupStarts
  }

  /// Stands at a newly loaded block, whose positions begin at `start` of `view`.
  @inline(__always)
  mutating func move(to start: Int, in view: UnsafeRawBufferPointer) {
    self.start = start
    self.view = view
    toCopy = nil
    groupsRead = false
  }

  /// Reads the block's positions from `copy`, a copy of `range` of the postings.
  mutating func read(from copy: UnsafeRawBufferPointer, copyOf range: Range<Int>) {
    view = copy
    start -= range.lowerBound
  }

  /// Appends the (start, end) slots of posting `index` of the block (of `postingCount`),
  /// whose frequency words `frequencies` reads from `block`.
  @inline(__always)
  mutating func append(
    posting index: Int, of postingCount: Int, frequencies: PackedFrequencies, in block: UnsafeRawBufferPointer,
    into output: inout [SlotRange]
  ) {
    if !groupsRead { readGroups(postingCount) }
    // From the start of the posting's group, unless the last read was in it, before it.
    let group = index / PostingsWriter.positionGroup
    let groupFirst = group * PostingsWriter.positionGroup
    if readIndex > index || readIndex < groupFirst {
      readIndex = groupFirst
      readOffset = group == 0 ? dataStart : groupStarts[group - 1]
    }
    if readIndex < index {
      var skipped = 0
      for earlier in readIndex..<index { skipped += Int(frequencies.word(earlier, in: block) >> 2) }
      readOffset = skip(skipped, from: readOffset)
      readIndex = index
    }
    var offset = readOffset
    var slot: UInt32 = 0
    for _ in 0..<(frequencies.word(index, in: block) >> 2) {
      let value = ByteReader.varint(view, &offset)
      slot = slot &+ (value >> 1)
      let span = value & 1 == 1 ? min(ByteReader.varint(view, &offset), 1 << 16) : 0
      output.append(SlotRange(start: slot, end: slot &+ span))
    }
  }

  /// Reads the group table of a block of `postingCount` postings: offsets from the end of
  /// the table, read as offsets of `view` (a damaged one only points elsewhere in it, whose
  /// reads are bounds-checked).
  private mutating func readGroups(_ postingCount: Int) {
    var offset = start
    let entries = max(0, postingCount - 1) / PostingsWriter.positionGroup
    for group in 0..<entries { groupStarts[group] = Int(ByteReader.varint(view, &offset)) }
    dataStart = offset
    for group in 0..<entries { groupStarts[group] = min(dataStart + groupStarts[group], view.count) }
    readIndex = 0
    readOffset = dataStart
    groupsRead = true
  }

  /// The offset past `count` positions from `start` (`PositionSkipping`).
  private func skip(_ count: Int, from start: Int) -> Int {
    guard let base = view.baseAddress else { return start }
    return PositionSkipping.skip(count, in: base.assumingMemoryBound(to: UInt8.self), from: start, end: view.count)
  }
}
