/// A prefix standing for many terms: their postings merged once into ids and frequencies.
/// It has no positions (a prefix is not allowed inside a phrase).
final class MaterializedMatcher: Matcher {
  let ids: [UInt32]
  let frequencies: [UInt32]
  private var index = 0
  let idf: Double

  /// Merges the postings of `terms`, one term at a time (no cursor per term kept): each
  /// passage's frequencies are summed in a reused byte per passage (saturating at 255, far
  /// past where BM25 saturates), and the passages seen are listed as they first appear.
  init(terms: [Int], index: SearchIndex) {
    let passageCount = index.store.passageCount
    let total = terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
    var ids: [UInt32] = []
    var frequencies: [UInt32] = []
    let counts = index.passageCounters.take(count: passageCount)
    defer { index.passageCounters.give(counts) }
    // Passages as they first appear (only when few enough that a scan would cost more).
    let listsFirstSeen = total <= passageCount / 8
    var counter = PrefixCounter(counts: counts, listsSeen: listsFirstSeen, listsRepeated: false, expected: total)
    PrefixPostings(terms: terms, index: index).count(
      into: &counter, idLimit: passageCount, scratch: PostingCursor.DecodeScratch())
    let seenCount = counter.seen.count
    if !listsFirstSeen || seenCount > passageCount / 32 {
      // Many: read them back in passage order from the counters (a linear scan), so that
      // scoring reads the word counts in order too.
      ids.reserveCapacity(listsFirstSeen ? seenCount : passageCount / 4)
      frequencies.reserveCapacity(listsFirstSeen ? seenCount : passageCount / 4)
      // Eight counters at a time: each non-zero byte of a word is one passage.
      let wordCount = passageCount / 8
      counts.baseAddress!.withMemoryRebound(to: UInt64.self, capacity: max(wordCount, 1)) { words in
        for wordIndex in 0..<wordCount where words[wordIndex] != 0 {
          var word = UInt64(littleEndian: words[wordIndex])
          words[wordIndex] = 0
          while word != 0 {
            let byte = word.trailingZeroBitCount >> 3
            ids.append(UInt32(wordIndex * 8 + byte))
            frequencies.append(UInt32(truncatingIfNeeded: word >> UInt64(byte * 8)) & 0xFF)
            word &= ~(0xFF << UInt64(byte * 8))
          }
        }
      }
      for id in (wordCount * 8)..<passageCount where counts[id] != 0 {
        ids.append(UInt32(id))
        frequencies.append(UInt32(counts[id]))
        counts[id] = 0
      }
    } else {
      ids = counter.seen.sorted()
      frequencies.reserveCapacity(ids.count)
      for id in ids {
        frequencies.append(UInt32(counts[Int(id)]))
        counts[Int(id)] = 0
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
