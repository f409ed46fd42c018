/// One query word: the union of the postings of its forms (verbatim, extras), scored as one
/// BM25 term whose frequency is the number of distinct positions.
final class TermMatcher: Matcher {
  let cursors: [PostingCursor]
  let idf: Double
  private var scratch: [SlotRange] = []
  /// The highest term factor: full saturation plus both field boosts.
  static let maximumFactor = BM25.k1 + 1 + BM25.titleWeight + BM25.headingWeight

  init(cursors: [PostingCursor], passageCount: Int) {
    self.cursors = cursors
    let frequency = min(passageCount, cursors.reduce(0) { $0 + $1.documentFrequency })
    idf = BM25.idf(documentFrequency: frequency, count: passageCount)
    super.init()
    current = cursors.reduce(PostingCursor.exhausted) { min($0, $1.current) }
  }

  override var inverseDocumentFrequency: Double { idf }
  override var cost: Int { cursors.reduce(0) { $0 + $1.documentFrequency } }

  override func advance(to target: UInt32) {
    guard current < target else { return }
    var lowest = PostingCursor.exhausted
    for cursor in cursors {
      cursor.advance(to: target)
      lowest = min(lowest, cursor.current)
    }
    current = lowest
  }

  override func positions(into output: inout [SlotRange]) {
    if cursors.count == 1 {
      cursors[0].positions(into: &output)
      return
    }
    let start = output.count
    for cursor in cursors where cursor.current == current { cursor.positions(into: &output) }
    if output.count - start > 1 {
      output[start...].sort()
      // The forms of one word at one place count once.
      var write = start + 1
      for read in (start + 1)..<output.count where output[read] != output[write - 1] {
        output[write] = output[read]
        write += 1
      }
      output.removeSubrange(write...)
    }
  }

  private func frequency() -> Int {
    if cursors.count == 1 { return cursors[0].frequency }
    var matched = 0
    var total = 0
    for cursor in cursors where cursor.current == current {
      matched += 1
      total += cursor.frequency
    }
    if matched <= 1 { return total }
    scratch.removeAll(keepingCapacity: true)
    positions(into: &scratch)
    return scratch.count
  }

  override func score(_ context: ScoringContext) -> Double {
    let passage = Int(current)
    let saturation = BM25.saturation(
      frequency: Double(frequency()), length: Double(context.store.wordCount(passage)),
      averageLength: context.averageWords)
    // The title and heading flags travel with the postings: no table lookups here.
    var flags: UInt32 = 0
    for cursor in cursors where cursor.current == current { flags |= cursor.flags }
    var boost = 0.0
    if flags & PostingFlags.inTitle != 0 { boost += BM25.titleWeight }
    if flags & PostingFlags.inHeading != 0 { boost += BM25.headingWeight }
    return idf * (saturation + boost)
  }

  override func upperBound() -> Double {
    // Block maxima include the field boosts. Saturation is concave, so the sum of the
    // forms' maxima bounds their union.
    var bound: Float = 0
    for cursor in cursors where cursor.current == current { bound += cursor.blockMaxImpact }
    return idf * min(Double(bound), Self.maximumFactor)
  }

  override func scoringLeaves(into output: inout [Matcher]) { output.append(self) }
}

/// A prefix standing for many terms: their postings merged once into ids and frequencies.
/// It has no positions (a prefix is not allowed inside a phrase).
final class MaterializedMatcher: Matcher {
  let ids: [UInt32]
  let frequencies: [UInt32]
  private var index = 0
  let idf: Double

  /// Merges the postings of `terms`, one term at a time (no cursor per term kept), into
  /// a dense count per passage when they are many, else by sorting.
  init(terms: [Int], index: SearchIndex) {
    let passageCount = index.store.passageCount
    let total = terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
    var ids: [UInt32] = []
    var frequencies: [UInt32] = []
    /// Reads each term's postings with `pread` (many small lists scattered over the file:
    /// cheaper than faulting their pages into the map, and they do not stay resident).
    func decodeEach(_ body: (UInt32, UInt32) -> Void) {
      for term in terms {
        var entry = index.dictionary.entry(term)
        let length = index.dictionary.postingsLength(term, postingsBytes: index.postings.count)
        let bytes = index.postingsFile.read(at: IndexFile.headerLength + entry.postingsOffset, count: length)
        entry.postingsOffset = 0
        bytes.withUnsafeBytes { buffer in
          PostingCursor.decodeAll(ByteReader(buffer, file: "postings.dki"), entry, idLimit: passageCount, body)
        }
      }
    }
    if total > passageCount / 16 {
      var dense = [UInt16](repeating: 0, count: passageCount)
      dense.withUnsafeMutableBufferPointer { dense in
        decodeEach { id, frequency in
          let sum = UInt32(dense[Int(id)]) + frequency
          dense[Int(id)] = UInt16(min(sum, UInt32(UInt16.max)))
        }
        var matched = 0
        for value in dense where value > 0 { matched += 1 }
        ids.reserveCapacity(matched)
        frequencies.reserveCapacity(matched)
        for id in 0..<dense.count where dense[id] > 0 {
          ids.append(UInt32(id))
          frequencies.append(UInt32(dense[id]))
        }
      }
    } else {
      var pairs: [UInt64] = []
      pairs.reserveCapacity(total)
      decodeEach { id, frequency in pairs.append(UInt64(id) << 32 | UInt64(frequency)) }
      pairs.sort()
      for pair in pairs {
        let id = UInt32(pair >> 32)
        let frequency = UInt32(pair & 0xFFFF_FFFF)
        if ids.last == id { frequencies[frequencies.count - 1] += frequency } else {
          ids.append(id)
          frequencies.append(frequency)
        }
      }
    }
    self.ids = ids
    self.frequencies = frequencies
    idf = BM25.idf(documentFrequency: ids.count, count: passageCount)
    super.init()
    current = ids.first ?? PostingCursor.exhausted
  }

  override var inverseDocumentFrequency: Double { idf }
  override var cost: Int { ids.count }

  override func next() {
    let nextIndex = index + 1
    index = nextIndex
    current = nextIndex < ids.count ? ids[nextIndex] : PostingCursor.exhausted
  }

  override func advance(to target: UInt32) {
    guard current < target else { return }
    var low = index + 1
    var high = ids.count
    if low < high && ids[low] < target {
      while low < high {
        let middle = (low + high) / 2
        if ids[middle] < target { low = middle + 1 } else { high = middle }
      }
    }
    index = low
    current = low < ids.count ? ids[low] : PostingCursor.exhausted
  }

  override func score(_ context: ScoringContext) -> Double {
    let passage = Int(current)
    return idf * BM25.saturation(
      frequency: Double(frequencies[index]), length: Double(context.store.wordCount(passage)),
      averageLength: context.averageWords)
  }

  /// Saturation grows with frequency and falls with length: length 0 bounds it.
  override func upperBound() -> Double {
    idf * BM25.saturation(frequency: Double(frequencies[index]), length: 0, averageLength: 1)
  }

  override func scoringLeaves(into output: inout [Matcher]) { output.append(self) }
}
