/// A prefix standing for many terms (more than `SearchTuning.maximumPrefixCursors`). It has
/// no positions (a prefix is not allowed inside a phrase).
///
/// Alone at the root of a plan, it is counted and ranked by `SearchIndex.collectPrefix` in
/// any order, never listed. Walked (inside another scorer, under a filter, or by the
/// exhaustive walk), its terms' postings are merged first, once, into ids and frequencies
/// in passage order.
final class MergedPrefixScorer: Scorer {
  let terms: [Int]
  private let index: IndexSegment
  private var ids: [UInt32] = []
  private var frequencies: [UInt32] = []
  private var position = 0
  private var idf = 0.0
  private var isMerged = false
  private var merged = PostingCursor.exhausted

  /// `documentFrequency`: live passages of the prefix over every segment (by default
  /// this segment's union).
  init(terms: [Int], index: IndexSegment, documentFrequency: Int? = nil) {
    self.terms = terms
    self.index = index
    givenFrequency = documentFrequency
  }

  private let givenFrequency: Int?

  private func mergeOnce() {
    guard !isMerged else { return }
    isMerged = true
    (ids, frequencies) = Self.merge(terms: terms, index: index)
    idf = BM25.idf(documentFrequency: givenFrequency ?? ids.count, count: index.statistics.passageCount)
    merged = ids.first ?? PostingCursor.exhausted
  }

  var current: UInt32 {
    mergeOnce()
    return merged
  }

  /// Merges the postings of `terms`, one term at a time (no cursor per term kept): each
  /// passage's frequencies are summed in a reused byte per passage (saturating at 255, far
  /// past where BM25 saturates), and the passages seen are listed as they first appear.
  private static func merge(terms: [Int], index: IndexSegment) -> (ids: [UInt32], frequencies: [UInt32]) {
    let passageCount = index.store.passageCount
    let total = terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
    var ids: [UInt32] = []
    var frequencies: [UInt32] = []
    // Passages as they first appear (only when few enough that a scan would cost more).
    let listsFirstSeen = total <= passageCount / SearchTuning.prefixBlockRankingShare
    let counts = index.passageCounters.take(count: passageCount, touchesMost: !listsFirstSeen)
    defer { index.passageCounters.give(counts) }
    var counter = PrefixCounter(counts: counts, listsSeen: listsFirstSeen, expected: total)
    PrefixPostings(terms: terms, index: index).count(
      into: &counter, idLimit: passageCount, scratch: PostingCursor.DecodeScratch())
    let seenCount = counter.seen.count
    if !listsFirstSeen || seenCount > passageCount / SearchTuning.mergedPrefixScanShare {
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
    return (ids, frequencies)
  }

  var inverseDocumentFrequency: Double {
    mergeOnce()
    return idf
  }

  var cost: Int {
    mergeOnce()
    return ids.count
  }

  func next() {
    mergeOnce()
    let nextIndex = position + 1
    position = nextIndex
    merged = nextIndex < ids.count ? ids[nextIndex] : PostingCursor.exhausted
  }

  func advance(to target: UInt32) {
    mergeOnce()
    guard merged < target else { return }
    var low = position + 1
    var high = ids.count
    if low < high && ids[low] < target {
      while low < high {
        let middle = (low + high) / 2
        if ids[middle] < target { low = middle + 1 } else { high = middle }
      }
    }
    position = low
    merged = low < ids.count ? ids[low] : PostingCursor.exhausted
  }

  func positions(into output: inout [SlotRange]) {}

  func score(_ context: ScoringContext) -> Double {
    let passage = Int(merged)
    return idf
      * BM25.saturation(
        frequency: Double(frequencies[position]), length: Double(context.store.wordCount(passage)),
        averageLength: context.averageWords)
  }

  /// Saturation grows with frequency and falls with length: length 0 bounds it.
  func upperBound() -> Double {
    idf * BM25.saturation(frequency: Double(frequencies[position]), length: 0, averageLength: 1)
  }

  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }

  /// Matches everywhere: its words are found again in the text by their prefix.
  func highlighter() -> any Scorer { RangeScorer(0..<UInt32(index.store.passageCount)) }

  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    var none = TopHits(limit: 0)
    return collectTop(into: &none, filter: filter, context: context)
  }

  /// Unfiltered and not yet walked: by counters (`collectPrefix`). Otherwise walked.
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil, !isMerged else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    return index.collectPrefix(terms, documentFrequency: givenFrequency, context: context, into: &collector)
  }
}
