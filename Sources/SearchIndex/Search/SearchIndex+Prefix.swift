/// A prefix of many terms that is the whole query, nothing filtering it, and common enough
/// that its passages are read back from per-passage counters: it is counted and ranked in
/// that one scan, without a list of its passages (`SearchIndex.collectPrefix`).
final class PrefixTermsMatcher: Matcher {
  let terms: [Int]

  init(terms: [Int]) {
    self.terms = terms
    super.init()
  }
}

extension SearchIndex {
  /// Counts and ranks the passages of a lone prefix's `terms`; the total.
  func collectPrefix(_ terms: [Int], context: ScoringContext, into collector: inout TopHits) -> Int {
    let passageCount = store.passageCount
    let counts = passageCounters.take(count: passageCount)
    defer { passageCounters.give(counts) }
    var seenCount = 0
    var total = 0
    MaterializedMatcher.accumulate(
      terms: terms, index: self, into: counts, seen: nil, seenCount: &seenCount, distinct: &total)
    let idf = BM25.idf(documentFrequency: total, count: passageCount)
    // Passages whose frequency cannot beat the threshold (saturation grows with frequency,
    // and length 0 is its best case) are passed over; their counters are cleared all the same.
    var minimumFrequency: UInt64 = 0
    let wantsHits = collector.limit > 0
    func consider(_ passage: Int, _ frequency: UInt64) {
      guard wantsHits, frequency >= minimumFrequency else { return }
      let score = idf * BM25.saturation(
        frequency: Double(frequency), length: Double(store.wordCount(passage)), averageLength: context.averageWords)
      let wasFull = collector.isFull
      let threshold = collector.threshold
      collector.insert(UInt32(passage), score)
      if collector.isFull && (!wasFull || collector.threshold != threshold) {
        while minimumFrequency < 256
          && idf * BM25.saturation(frequency: Double(minimumFrequency), length: 0, averageLength: 1)
            <= collector.threshold
        {
          minimumFrequency += 1
        }
      }
    }
    // Eight counters at a time: each non-zero byte of a word is one passage.
    let wordCount = passageCount / 8
    counts.baseAddress!.withMemoryRebound(to: UInt64.self, capacity: max(wordCount, 1)) { words in
      for wordIndex in 0..<wordCount where words[wordIndex] != 0 {
        var word = UInt64(littleEndian: words[wordIndex])
        words[wordIndex] = 0
        while word != 0 {
          let byte = word.trailingZeroBitCount >> 3
          consider(wordIndex * 8 + byte, (word >> UInt64(byte * 8)) & 0xFF)
          word &= ~(0xFF << UInt64(byte * 8))
        }
      }
    }
    for passage in (wordCount * 8)..<passageCount where counts[passage] != 0 {
      consider(passage, UInt64(counts[passage]))
      counts[passage] = 0
    }
    return total
  }
}
