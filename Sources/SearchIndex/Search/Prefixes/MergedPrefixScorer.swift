/// A prefix standing for many terms (more than `SearchTuning.maximumPrefixCursors`). It has
/// no positions (a prefix is not allowed inside a phrase).
///
/// Alone at the root of a plan, it is counted and ranked by `SearchIndex.collectPrefix` in
/// any order, never listed. Walked (inside another scorer, under a filter, or by the
/// exhaustive walk), its terms' postings are merged first, once, into ids and frequencies
/// in passage order.
final class MergedPrefixScorer: OwnWalk {
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

  /// Merges the postings of `terms` into ids and frequencies in passage order, each
  /// passage's frequencies summed (saturating at 255, far past where BM25 saturates), as
  /// `collectPrefix` counts them. Few postings (at most one per
  /// `SearchTuning.prefixBlockRankingShare` passages) are gathered and sorted; more are
  /// added into byte counters a window of passages at a time (`PrefixWindows`) and read
  /// back in order, eight counters at a time. No counter per passage of the whole index is
  /// needed either way (13.5 MB at 30,000 talks).
  static func merge(
    terms: [Int], index: IndexSegment, windowPassages: Int = SearchTuning.prefixWindowPassages
  ) -> (ids: [UInt32], frequencies: [UInt32]) {
    let passageCount = index.store.passageCount
    let postings = PrefixPostings(terms: terms, index: index)
    let total = terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
    var ids: [UInt32] = []
    var frequencies: [UInt32] = []
    guard total > passageCount / SearchTuning.prefixBlockRankingShare else {
      // Passage and frequency in one word, so that sorting orders by passage.
      var pairs: [UInt64] = []
      pairs.reserveCapacity(total)
      postings.forEachBlock(idLimit: passageCount, scratch: PostingCursor.DecodeScratch()) {
        _, _, blockIds, words, count in
        for position in 0..<count {
          pairs.append(UInt64(blockIds[position]) << 8 | UInt64(PrefixBits.frequency(words[position])))
        }
      }
      pairs.sort()
      for pair in pairs {
        let id = UInt32(truncatingIfNeeded: pair >> 8)
        let frequency = UInt32(pair & 0xFF)
        if let last = ids.last, last == id {
          frequencies[frequencies.count - 1] = min(255, frequencies[frequencies.count - 1] + frequency)
        } else {
          ids.append(id)
          frequencies.append(frequency)
        }
      }
      return (ids, frequencies)
    }
    ids.reserveCapacity(min(total, passageCount))
    frequencies.reserveCapacity(min(total, passageCount))
    _ = index.countByWindows(postings, windowPassages: windowPassages) { start, window in
      let counters = UnsafeRawPointer(window.baseAddress!)
      for wordIndex in 0..<(window.count / 8) {
        let word = UInt64(littleEndian: counters.loadUnaligned(fromByteOffset: wordIndex * 8, as: UInt64.self))
        var set = ByteMasks.above(word, 0)
        while set != 0 {
          let offset = wordIndex * 8 + set.trailingZeroBitCount >> 3
          ids.append(UInt32(start + offset))
          frequencies.append(UInt32(window[offset]))
          set &= set &- 1
        }
      }
      for offset in (window.count / 8 * 8)..<window.count where window[offset] != 0 {
        ids.append(UInt32(start + offset))
        frequencies.append(UInt32(window[offset]))
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
  // A leaf: it scores wherever it stands.
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

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
