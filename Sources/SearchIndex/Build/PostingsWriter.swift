/// Groups occurrences by term (a counting sort: no per-posting objects) and writes the
/// term dictionary and the postings (layout in FORMAT.md).
struct PostingsWriter {
  static let blockSize = 128
  static let termRecordLength = 28
  static let skipRecordLength = 16

  let table: TermTable
  let wordCounts: [UInt32]
  let averageWords: Double
  /// The document and heading string id of each passage, for the field boosts.
  let passageDocuments: [UInt32]
  let headingIds: [UInt32]
  private(set) var postingCount = 0

  init(table: TermTable, wordCounts: [UInt32], averageWords: Double, passageDocuments: [UInt32],
       headingIds: [UInt32]) {
    self.table = table
    self.wordCounts = wordCounts
    self.averageWords = averageWords
    self.passageDocuments = passageDocuments
    self.headingIds = headingIds
  }

  /// The ids in the postings of the field term `marker + term`, if any.
  private func fieldIds(_ marker: UInt8, _ term: ArraySlice<UInt8>, _ sortedIds: [UInt32],
                        _ starts: [Int]) -> Set<UInt32> {
    guard let fieldTerm = table.find([marker] + term) else { return [] }
    return Set(sortedIds[starts[Int(fieldTerm)]..<starts[Int(fieldTerm) + 1]])
  }

  mutating func write(_ occurrences: Occurrences) throws(IndexBuildError) -> (terms: [UInt8], postings: [UInt8]) {
    let termCount = table.count
    // Lexicographic order of terms.
    var sortedTerms = Array(0..<UInt32(termCount))
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
    // Counting sort of occurrences by term id (stable: keeps analyzer order), moving the
    // data itself so the writing loop below reads sequentially.
    var starts = [Int](repeating: 0, count: termCount + 1)
    for term in occurrences.terms { starts[Int(term) + 1] += 1 }
    for index in 0..<termCount { starts[index + 1] += starts[index] }
    var sortedIds = [UInt32](repeating: 0, count: occurrences.count)
    var sortedPacked = [UInt32](repeating: 0, count: occurrences.count)
    do {
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
    }
    var records = ByteWriter(capacity: termCount * Self.termRecordLength)
    var blob = ByteWriter()
    var postings = IndexFile.header(kind: "POST")
    var block = BlockEncoder()
    var skips = ByteWriter()
    var data = ByteWriter()
    var positions: [(slot: UInt32, span: UInt32)] = []
    for termId in sortedTerms {
      let term = table.term(Int(termId))
      let isPassageTerm = term.first.map { $0 != TermSpace.titleMarker && $0 != TermSpace.headingMarker } ?? true
      // Impacts include the title and heading boosts, so block maxima bound whole scores.
      let titleDocuments = isPassageTerm ? fieldIds(TermSpace.titleMarker, term, sortedIds, starts) : []
      let headings = isPassageTerm ? fieldIds(TermSpace.headingMarker, term, sortedIds, starts) : []
      skips.bytes.removeAll(keepingCapacity: true)
      data.bytes.removeAll(keepingCapacity: true)
      block.reset(previousId: nil)
      var documentFrequency = 0
      var maxImpact: Float = 0
      var blockCount = 0
      var cursor = starts[Int(termId)]
      let end = starts[Int(termId) + 1]
      while cursor < end {
        let id = sortedIds[cursor]
        positions.removeAll(keepingCapacity: true)
        while cursor < end, sortedIds[cursor] == id {
          let packed = sortedPacked[cursor]
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
          let length = Double(wordCounts[Int(id)])
          let frequency = Double(positions.count)
          var score = BM25.saturation(frequency: frequency, length: length, averageLength: averageWords)
          if !titleDocuments.isEmpty && titleDocuments.contains(passageDocuments[Int(id)]) {
            score += BM25.titleWeight
            flags |= PostingFlags.inTitle
          }
          if !headings.isEmpty && headings.contains(headingIds[Int(id)]) {
            score += BM25.headingWeight
            flags |= PostingFlags.inHeading
          }
          // Rounded up so that a bound is never below the score it bounds.
          impact = Float(score).nextUp
        }
        block.add(id: id, positions: positions, impact: impact, flags: flags)
        documentFrequency += 1
        if block.count == Self.blockSize || cursor == end {
          block.flush(skips: &skips, data: &data)
          maxImpact = max(maxImpact, block.lastMaxImpact)
          blockCount += 1
          block.reset(previousId: id)
        }
      }
      postingCount += documentFrequency
      guard postings.count < Int(UInt32.max) else {
        throw .tooLarge(reason: "postings exceed 4 GiB")
      }
      records.u32(UInt32(blob.count))
      records.u16(UInt16(term.count))
      records.u16(0)
      records.u32(UInt32(documentFrequency))
      records.u64(UInt64(postings.count - IndexFile.headerLength))
      records.u32(UInt32(blockCount))
      records.f32(maxImpact)
      blob.bytes.append(contentsOf: term)
      postings.append(skips.bytes)
      postings.append(data.bytes)
    }
    IndexFile.appendChecksum(&postings)

    var terms = IndexFile.header(kind: "TERM")
    terms.u32(UInt32(termCount))
    terms.u32(UInt32(blob.count))
    terms.append(records.bytes)
    terms.append(blob.bytes)
    IndexFile.appendChecksum(&terms)
    return (terms.bytes, postings.bytes)
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

/// One block of up to 128 postings: ids (delta), frequencies, then positions.
struct BlockEncoder {
  private var ids = ByteWriter()
  private var frequencies = ByteWriter()
  private var positionBytes = ByteWriter()
  private var previousId: UInt32?
  private var lastId: UInt32 = 0
  private var maxImpact: Float = 0
  private(set) var count = 0
  private(set) var lastMaxImpact: Float = 0

  mutating func reset(previousId: UInt32?) {
    ids.bytes.removeAll(keepingCapacity: true)
    frequencies.bytes.removeAll(keepingCapacity: true)
    positionBytes.bytes.removeAll(keepingCapacity: true)
    self.previousId = previousId
    count = 0
    maxImpact = 0
  }

  mutating func add(id: UInt32, positions: [(slot: UInt32, span: UInt32)], impact: Float, flags: UInt32) {
    // A term's first id is stored whole; later ones as the gap from the previous id.
    ids.varint(previousId.map { id - $0 } ?? id)
    previousId = id
    lastId = id
    frequencies.varint(UInt32(positions.count) << 2 | flags)
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
    maxImpact = max(maxImpact, impact)
    count += 1
  }

  /// Skip record: last id, data offset of the block, offset of its positions (relative to
  /// the block), the block's highest impact.
  mutating func flush(skips: inout ByteWriter, data: inout ByteWriter) {
    skips.u32(lastId)
    skips.u32(UInt32(data.count))
    skips.u32(UInt32(ids.count + frequencies.count))
    skips.f32(maxImpact)
    data.append(ids.bytes)
    data.append(frequencies.bytes)
    data.append(positionBytes.bytes)
    lastMaxImpact = maxImpact
  }
}

/// The low two bits of a posting's frequency word: the term is also in the passage's
/// document title, or in its heading.
enum PostingFlags {
  static let inHeading: UInt32 = 1
  static let inTitle: UInt32 = 2
}
