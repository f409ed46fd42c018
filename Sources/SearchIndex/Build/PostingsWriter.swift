/// Groups occurrences by term (a counting sort: no per-posting objects) and writes the
/// term dictionary and the postings (layout in FORMAT.md).
struct PostingsWriter {
  static let blockSize = 128
  static let termRecordLength = 28
  static let skipRecordLength = 16
  /// A block's positions begin with where those of every this many postings begin: a read
  /// of one posting's positions skips at most this many postings' (a rare word's passages
  /// in a common word's blocks are one or two a block, half a block's positions apart).
  static let positionGroup = 16

  let table: TermTable
  let averageWords: Double
  /// Each passage's length in words, capped as the store keeps it: what a posting's impact
  /// needs of its passage (the field boosts travel in the occurrences). Compact, because a
  /// posting's passage is anywhere in the corpus.
  let lengths: [UInt16]
  /// Prefix terms whose postings are their members' merged (no positions of their own).
  let storedPrefixes: StoredPrefixes

  init(table: TermTable, wordCounts: [UInt32], averageWords: Double, storedPrefixes: StoredPrefixes = .init()) {
    self.table = table
    self.averageWords = averageWords
    self.storedPrefixes = storedPrefixes
    lengths = wordCounts.map { UInt16(min($0, UInt32(UInt16.max))) }
  }

  /// One term's dictionary record, its offsets relative to the part that wrote it.
  struct TermRecord {
    var blobOffset: Int
    var length: Int
    var documentFrequency: Int
    var postingsOffset: Int
    var blockCount: Int
    var maxImpact: Float
    var keepsWordCounts: Bool
  }

  /// The records, term bytes and postings of a run of terms in dictionary order.
  struct Part {
    var records: [TermRecord] = []
    var blob: [UInt8] = []
    var postings = ByteWriter()
    var postingCount = 0
  }

  /// Occurrences grouped by term (positions in each term's range of `ids` and `packed`).
  struct Grouped {
    var starts: [Int]
    var ids: [UInt32]
    var packed: [UInt32]
  }

  /// What encoding needs: terms in dictionary order, occurrences grouped by term, and the
  /// terms split into `partCount` runs of about as many occurrences each.
  struct Prepared: Sendable {
    var sortedTerms: [UInt32]
    var grouped: Grouped
    var runs: [Range<Int>]
  }

  /// Parts encoded at once (one per core of a small machine).
  static let partCount = 2

  func prepare(_ occurrences: Occurrences) -> Prepared {
    let sortedTerms = sortedTermIds()
    let grouped = group(occurrences)
    // A stored prefix costs about as much to encode as its members' occurrences.
    func work(_ term: UInt32) -> Int {
      if let members = storedPrefixes.members[term] {
        return members.reduce(0) { $0 + grouped.starts[Int($1) + 1] - grouped.starts[Int($1)] }
      }
      return grouped.starts[Int(term) + 1] - grouped.starts[Int(term)]
    }
    let totalWork = storedPrefixes.members.keys.reduce(grouped.ids.count) { $0 + work($1) }
    var runs: [Range<Int>] = []
    var start = 0
    var counted = 0
    for part in 1...Self.partCount {
      var end = start
      // Up to this part's share of all the work (the last part takes the rest).
      let share = part == Self.partCount ? Int.max : totalWork * part / Self.partCount
      while end < sortedTerms.count && counted < share {
        counted += work(sortedTerms[end])
        end += 1
      }
      runs.append(start..<end)
      start = end
    }
    return Prepared(sortedTerms: sortedTerms, grouped: grouped, runs: runs)
  }

  /// Encodes run `index` of the prepared terms (each run on a thread of its own).
  func encode(run index: Int, of prepared: Prepared) -> Part {
    encode(prepared.sortedTerms[prepared.runs[index]], prepared.grouped)
  }

  /// The term dictionary and postings files from the encoded runs, in order.
  func assemble(_ parts: [Part], termCount: Int) throws(IndexBuildError) -> (terms: [UInt8], postings: [UInt8]) {
    let postingsBytes = parts.reduce(0) { $0 + $1.postings.count }
    guard postingsBytes < Int(UInt32.max) else { throw .tooLarge(reason: "postings exceed 4 GiB") }
    var postings = IndexFile.header(kind: "POST")
    postings.bytes.reserveCapacity(IndexFile.headerLength + postingsBytes + 4)
    var records = ByteWriter(capacity: termCount * Self.termRecordLength)
    var blobCount = 0
    for part in parts {
      let postingsBase = postings.count - IndexFile.headerLength
      for record in part.records {
        records.u32(UInt32(blobCount + record.blobOffset))
        records.u16(UInt16(record.length))
        records.u16(record.keepsWordCounts ? TermFlags.keepsWordCounts : 0)
        records.u32(UInt32(record.documentFrequency))
        records.u64(UInt64(postingsBase + record.postingsOffset))
        records.u32(UInt32(record.blockCount))
        records.f32(record.maxImpact)
      }
      blobCount += part.blob.count
      postings.append(part.postings.bytes)
    }
    IndexFile.finish(&postings)
    var terms = IndexFile.header(kind: "TERM")
    terms.u32(UInt32(termCount))
    terms.u32(UInt32(blobCount))
    terms.append(records.bytes)
    for part in parts { terms.append(part.blob) }
    IndexFile.finish(&terms)
    return (terms.bytes, postings.bytes)
  }

  /// Term ids in lexicographic order of their bytes.
  private func sortedTermIds() -> [UInt32] {
    var sortedTerms = Array(0..<UInt32(table.count))
    table.arena.withUnsafeBufferPointer { arena in
      guard let base = arena.baseAddress else { return }
      table.offsets.withUnsafeBufferPointer { offsets in
        table.lengths.withUnsafeBufferPointer { lengths in
          sortedTerms.sort { a, b in
            let aStart = base + Int(offsets[Int(a)])
            let bStart = base + Int(offsets[Int(b)])
            let aLength = Int(lengths[Int(a)])
            let bLength = Int(lengths[Int(b)])
            let common = min(aLength, bLength)
            var index = 0
            while index < common {
              if aStart[index] != bStart[index] { return aStart[index] < bStart[index] }
              index += 1
            }
            return aLength < bLength
          }
        }
      }
    }
    return sortedTerms
  }

  /// A counting sort of occurrences by term id (stable: keeps analyzer order), moving the
  /// data itself so that encoding reads sequentially.
  private func group(_ occurrences: Occurrences) -> Grouped {
    let termCount = table.count
    var starts = [Int](repeating: 0, count: termCount + 1)
    for term in occurrences.terms { starts[Int(term) + 1] += 1 }
    for index in 0..<termCount { starts[index + 1] += starts[index] }
    var sortedIds = [UInt32](repeating: 0, count: occurrences.count)
    var sortedPacked = [UInt32](repeating: 0, count: occurrences.count)
    var fill = starts
    sortedIds.withUnsafeMutableBufferPointer { ids in
      sortedPacked.withUnsafeMutableBufferPointer { packed in
        for index in 0..<occurrences.count {
          let term = Int(occurrences.terms[index])
          let target = fill[term]
          fill[term] = target + 1
          ids[target] = occurrences.ids[index]
          packed[target] = occurrences.packed[index]
        }
      }
    }
    return Grouped(starts: starts, ids: sortedIds, packed: sortedPacked)
  }

  /// Encodes `terms` (in dictionary order) into a part of their own.
  private func encode(_ terms: ArraySlice<UInt32>, _ grouped: Grouped) -> Part {
    var part = Part()
    part.records.reserveCapacity(terms.count)
    var block = BlockEncoder()
    var skips = ByteWriter()
    var data = ByteWriter()
    var positionData = ByteWriter()
    var positions: [(slot: UInt32, span: UInt32)] = []
    var counters: [UInt8] = []
    var merged: [(id: UInt32, frequency: UInt8)] = []
    for termId in terms {
      let term = table.term(Int(termId))
      let isPassageTerm = !TermSpace.isFieldTerm(term)
      var keepsWordCounts = false
      /// Whether a passage term of `frequency` passages keeps word counts in its blocks.
      func decideWordCounts(frequency: Int) {
        keepsWordCounts =
          isPassageTerm && TermFlags.keepsWordCounts(documentFrequency: frequency, passageCount: lengths.count)
        block.reset(keepingWordCounts: keepsWordCounts)
      }
      skips.bytes.removeAll(keepingCapacity: true)
      data.bytes.removeAll(keepingCapacity: true)
      positionData.bytes.removeAll(keepingCapacity: true)
      block.reset(previousId: nil)
      var documentFrequency = 0
      var maxImpact: Float = 0
      var blockCount = 0
      /// Ends the block when it is full or holds the term's last posting (`id`).
      func endBlock(ifLast isLast: Bool, after id: UInt32) {
        guard block.count == Self.blockSize || isLast else { return }
        block.flush(skips: &skips, data: &data, positions: &positionData)
        maxImpact = max(maxImpact, block.lastMaxImpact)
        blockCount += 1
        block.reset(previousId: id)
      }
      if let members = storedPrefixes.members[termId] {
        if counters.isEmpty { counters = [UInt8](repeating: 0, count: lengths.count) }
        StoredPrefixes.merge(members, grouped, counters: &counters, into: &merged)
        decideWordCounts(frequency: merged.count)
        for (index, posting) in merged.enumerated() {
          let score = BM25.saturation(
            frequency: Double(posting.frequency), length: Double(lengths[Int(posting.id)]),
            averageLength: averageWords)
          block.add(
            id: posting.id, frequency: Int(posting.frequency), impact: Float(score).nextUp,
            wordCount: wordCountByte(posting.id))
          endBlock(ifLast: index == merged.count - 1, after: posting.id)
        }
        documentFrequency = merged.count
      }
      var cursor = grouped.starts[Int(termId)]
      let end = grouped.starts[Int(termId) + 1]
      if cursor < end && storedPrefixes.members[termId] == nil {
        decideWordCounts(frequency: Self.passages(grouped.ids[cursor..<end]))
      }
      while cursor < end {
        // A passage term's occurrences carry its field flags above the passage id (the same
        // for every occurrence of the term in one passage).
        let raw = grouped.ids[cursor]
        let id = isPassageTerm ? raw & Occurrences.idMask : raw
        positions.removeAll(keepingCapacity: true)
        while cursor < end, grouped.ids[cursor] == raw {
          let packed = grouped.packed[cursor]
          positions.append((packed >> 8, packed & 0xFF))
          cursor += 1
        }
        if positions.count > 1 {
          if !positions.isSorted() {
            positions.sort { ($0.slot, $0.span) < ($1.slot, $1.span) }
          }
          dedupe(&positions)
        }
        var impact: Float = 0
        var flags: UInt32 = 0
        if isPassageTerm {
          flags = raw >> Occurrences.flagShift
          // Impacts include the title and heading boosts, so block maxima bound whole scores.
          var score = BM25.saturation(
            frequency: Double(positions.count), length: Double(lengths[Int(id)]), averageLength: averageWords)
          if flags & PostingFlags.inTitle != 0 { score += BM25.titleWeight }
          if flags & PostingFlags.inHeading != 0 { score += BM25.headingWeight }
          // Rounded up so that a bound is never below the score it bounds.
          impact = Float(score).nextUp
        }
        block.add(
          id: id, positions: positions, impact: impact, flags: flags,
          wordCount: isPassageTerm ? wordCountByte(id) : 0)
        documentFrequency += 1
        endBlock(ifLast: cursor == end, after: id)
      }
      part.postingCount += documentFrequency
      part.records.append(
        TermRecord(
          blobOffset: part.blob.count, length: term.count, documentFrequency: documentFrequency,
          postingsOffset: part.postings.count, blockCount: blockCount, maxImpact: maxImpact,
          keepsWordCounts: keepsWordCounts))
      part.blob.append(contentsOf: term)
      // The positions follow every block: their offsets, counted from the first position
      // byte, now count from the end of the skip records, as the blocks' do. (Postings of
      // 4 GiB or more, which would wrap, are refused by `assemble`.)
      let blocksLength = UInt32(truncatingIfNeeded: data.count)
      for record in 0..<blockCount {
        let at = record * Self.skipRecordLength + 8
        skips.patchU32(at: at, skips.u32(at: at) &+ blocksLength)
      }
      part.postings.append(skips.bytes)
      part.postings.append(data.bytes)
      part.postings.append(positionData.bytes)
    }
    return part
  }

  /// How many passages a term's grouped occurrences (`raw` ids, a passage's together) are in.
  private static func passages(_ raw: ArraySlice<UInt32>) -> Int {
    var count = 0
    var previous: UInt32?
    for id in raw where id != previous {
      count += 1
      previous = id
    }
    return count
  }

  /// The byte a block keeps of passage `id`'s word count: the store's own byte for it
  /// (`WordCounts`), 255 for a count the store keeps in its long counts.
  private func wordCountByte(_ id: UInt32) -> UInt8 {
    let length = lengths[Int(id)]
    return length < UInt16(WordCounts.longMarker) ? UInt8(length) : WordCounts.longMarker
  }

  private func dedupe(_ positions: inout [(slot: UInt32, span: UInt32)]) {
    guard positions.count > 1 else { return }
    var write = 1
    for read in 1..<positions.count
    where positions[read] != positions[write - 1] {
      positions[write] = positions[read]
      write += 1
    }
    positions.removeSubrange(write...)
  }
}

extension Array where Element == (slot: UInt32, span: UInt32) {
  func isSorted() -> Bool {
    guard count > 1 else { return true }
    for index in 1..<count where (self[index - 1].slot, self[index - 1].span) > (self[index].slot, self[index].span) {
      return false
    }
    return true
  }
}

/// One block of up to 128 postings: ids (gaps, bit-packed), frequency words (bit-packed),
/// their passages' word count bytes (where the term keeps them), then positions (varints,
/// after a table of where each group of postings' begin).
struct BlockEncoder {
  private var gaps: [UInt32] = []
  private var frequencies: [UInt32] = []
  private var wordCounts: [UInt8] = []
  private var positionBytes = ByteWriter()
  /// Where in `positionBytes` the positions of postings `positionGroup`, `2 * positionGroup`,
  /// ... begin.
  private var groupStarts: [Int] = []
  private var table = ByteWriter()
  private var previousId: UInt32?
  /// Whether `flush` writes the word counts (`TermFlags.keepsWordCounts`).
  private var keepsWordCounts = true
  private var lastId: UInt32 = 0
  private var maxImpact: Float = 0
  private(set) var count = 0
  private(set) var lastMaxImpact: Float = 0
  private var packed = ByteWriter()

  /// Starts a term: whether its blocks keep word counts.
  mutating func reset(keepingWordCounts: Bool) {
    keepsWordCounts = keepingWordCounts
  }

  mutating func reset(previousId: UInt32?) {
    gaps.removeAll(keepingCapacity: true)
    frequencies.removeAll(keepingCapacity: true)
    wordCounts.removeAll(keepingCapacity: true)
    positionBytes.bytes.removeAll(keepingCapacity: true)
    groupStarts.removeAll(keepingCapacity: true)
    self.previousId = previousId
    count = 0
    maxImpact = 0
  }

  mutating func add(
    id: UInt32, positions: [(slot: UInt32, span: UInt32)], impact: Float, flags: UInt32, wordCount: UInt8
  ) {
    if count > 0 && count % PostingsWriter.positionGroup == 0 { groupStarts.append(positionBytes.count) }
    add(id: id, frequency: positions.count, impact: impact, flags: flags, wordCount: wordCount)
    var previousSlot: UInt32 = 0
    for position in positions {
      let delta = position.slot - previousSlot
      previousSlot = position.slot
      if position.span == 0 {
        positionBytes.varint(delta << 1)
      } else {
        positionBytes.varint(delta << 1 | 1)
        positionBytes.varint(position.span)
      }
    }
  }

  /// A posting without positions (a stored prefix's): its frequency word and word count only.
  mutating func add(id: UInt32, frequency: Int, impact: Float, flags: UInt32 = 0, wordCount: UInt8) {
    // A term's first id is stored whole; later ones as the gap from the previous id.
    gaps.append(previousId.map { id - $0 } ?? id)
    previousId = id
    lastId = id
    // Frequency is at least 1: stored less one, so that most words are 0.
    frequencies.append(UInt32(max(frequency, 1) - 1) << 2 | flags)
    wordCounts.append(wordCount)
    maxImpact = max(maxImpact, impact)
    count += 1
  }

  /// Skip record: last id, data offset of the block, offset of its positions (here within
  /// `positions`, the term's positions after all its blocks: `PostingsWriter` makes it
  /// count from the end of the skip records), the block's highest impact.
  mutating func flush(skips: inout ByteWriter, data: inout ByteWriter, positions: inout ByteWriter) {
    packed.bytes.removeAll(keepingCapacity: true)
    BitPacking.pack(gaps, into: &packed)
    BitPacking.pack(frequencies, into: &packed)
    if keepsWordCounts { packed.append(wordCounts) }
    skips.u32(lastId)
    skips.u32(UInt32(data.count))
    skips.u32(UInt32(positions.count))
    skips.f32(maxImpact)
    data.append(packed.bytes)
    table.bytes.removeAll(keepingCapacity: true)
    for start in groupStarts { table.varint(UInt32(start)) }
    positions.append(table.bytes)
    positions.append(positionBytes.bytes)
    lastMaxImpact = maxImpact
  }
}

/// A term record's flags (its u16 after the text length).
enum TermFlags {
  /// The term's blocks keep each posting's word count byte after its frequency words.
  static let keepsWordCounts: UInt16 = 1
  /// A passage term keeps word counts up to a document frequency of this share of the
  /// segment's passages. A longer list (`the`, `of`: the 67 terms over an eighth hold two
  /// thirds of all postings) is read and walked far more than it is scored (its top hits
  /// are found by block bounds, and it mostly confirms rarer words), and its bytes would
  /// grow by half: its scorers read the store's table, which stays mapped between queries.
  static let wordCountsShare = 8

  static func keepsWordCounts(documentFrequency: Int, passageCount: Int) -> Bool {
    documentFrequency <= passageCount / wordCountsShare
  }
}

/// The low two bits of a posting's frequency word: the term is also in the passage's
/// document title, or in its heading.
enum PostingFlags {
  static let inHeading: UInt32 = 1
  static let inTitle: UInt32 = 2
}
