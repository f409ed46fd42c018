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
  private var ids: [UInt32] = []
  private var frequencies: [UInt32] = []
  private var index = 0
  let idf: Double

  /// Merges the postings of `terms`, one term at a time (no cursor per term kept).
  init(terms: [Int], index: SearchIndex) {
    let passageCount = index.store.passageCount
    let entries = terms.map { index.dictionary.entry($0) }
    let total = entries.reduce(0) { $0 + $1.documentFrequency }
    if total > passageCount / 16 {
      var dense = [UInt32](repeating: 0, count: passageCount)
      dense.withUnsafeMutableBufferPointer { dense in
        for entry in entries {
          PostingCursor.decodeAll(index.postings, entry, idLimit: passageCount) { id, frequency in
            dense[Int(id)] &+= frequency
          }
        }
      }
      for (id, frequency) in dense.enumerated() where frequency > 0 {
        ids.append(UInt32(id))
        frequencies.append(frequency)
      }
    } else {
      var pairs: [(UInt32, UInt32)] = []
      pairs.reserveCapacity(total)
      for entry in entries {
        PostingCursor.decodeAll(index.postings, entry, idLimit: passageCount) { id, frequency in
          pairs.append((id, frequency))
        }
      }
      pairs.sort { $0.0 < $1.0 }
      for (id, frequency) in pairs {
        if ids.last == id { frequencies[frequencies.count - 1] += frequency } else {
          ids.append(id)
          frequencies.append(frequency)
        }
      }
    }
    idf = BM25.idf(documentFrequency: ids.count, count: passageCount)
    super.init()
    current = ids.first ?? PostingCursor.exhausted
  }

  override var inverseDocumentFrequency: Double { idf }

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
    current = index < ids.count ? ids[index] : PostingCursor.exhausted
  }

  override func score(_ context: ScoringContext) -> Double {
    let passage = Int(current)
    return idf * BM25.saturation(
      frequency: Double(frequencies[index]), length: Double(context.store.wordCount(passage)),
      averageLength: context.averageWords)
  }

  override func upperBound() -> Double { idf * (BM25.k1 + 1) }
  override func scoringLeaves(into output: inout [Matcher]) { output.append(self) }
}
