extension IndexSegment {
  /// Counts and ranks a lone prefix of many postings (see `collectPrefix`): every posting
  /// is added into a byte counter per passage a window at a time (`PrefixWindows`), and
  /// each window is scanned for what can enter the top hits before the next is counted.
  ///
  /// The idf needs the total, known only after the last window, but it multiplies every
  /// passage's score alike: the windows are ranked by saturation alone (an idf of 1),
  /// keeping some more passages than asked for, and those are scored with the idf at the
  /// end. Multiplying keeps the order but where two saturations a rounding apart come to
  /// the same score; `cutHolds` checks that none left out could, and where it cannot tell,
  /// the windows are walked again with the idf.
  /// `windowPassages`: the window's size (tests make it small).
  func collectManyPrefixPostings(
    _ postings: PrefixPostings, documentFrequency: Int?, context: ScoringContext, into collector: inout TopHits,
    windowPassages: Int = SearchTuning.prefixWindowPassages
  ) -> Int {
    let limit = collector.limit
    var bySaturation = TopHits(limit: limit == 0 ? 0 : limit + max(limit, 8))
    bySaturation.dropped = collector.dropped
    let total = rankByWindows(
      postings, idf: 1, context: context, into: &bySaturation, windowPassages: windowPassages)
    collector.droppedMatches = bySaturation.droppedMatches
    let idf = BM25.idf(documentFrequency: documentFrequency ?? total, count: context.passageCount)
    let ranked = bySaturation.sorted()
    var scored = TopHits(limit: limit)
    for candidate in ranked { scored.insert(candidate.passage, idf * candidate.score) }
    let best = scored.sorted()
    if bySaturation.isFull, let worst = ranked.last, let cut = best.last,
      !Self.cutHolds(idf: idf, worstKept: worst, cut: cut)
    {
      _ = rankByWindows(postings, idf: idf, context: context, into: &collector, windowPassages: windowPassages)
      return total
    }
    for hit in best { collector.insert(hit.passage, hit.score) }
    return total
  }

  /// Whether the best passages by score among those kept by saturation are the best of
  /// all: `worstKept` is the last kept by saturation (every passage left out has a smaller
  /// saturation, or the same and a later passage), `cut` the last of the best by score.
  /// A passage left out scores at most `idf` × the worst kept's saturation: below the cut,
  /// it cannot enter; equal to it, it cannot either when no smaller saturation rounds to
  /// that score and the worst kept comes no earlier than the cut's passage.
  static func cutHolds(idf: Double, worstKept: TopHits.Candidate, cut: TopHits.Candidate) -> Bool {
    guard idf > 0, idf.isFinite else { return false }
    let leftOut = idf * worstKept.score
    if leftOut < cut.score { return true }
    return leftOut == cut.score && idf * worstKept.score.nextDown < leftOut && worstKept.passage >= cut.passage
  }

  /// Counts the postings window by window, ranks each window into `collector` with `idf`
  /// (and counts the matches among its `dropped` passages); the total.
  func rankByWindows(
    _ postings: PrefixPostings, idf: Double, context: ScoringContext, into collector: inout TopHits,
    windowPassages: Int = SearchTuning.prefixWindowPassages
  ) -> Int {
    var ranker = ScanRanker(idf: idf, averageLength: context.averageWords)
    var droppedMatches = 0
    let total = countByWindows(postings, windowPassages: windowPassages) { start, window in
      for range in collector.dropped {
        let low = max(Int(range.lowerBound), start)
        let high = min(Int(range.upperBound), start + window.count)
        for id in low..<max(low, high) where window[id - start] != 0 { droppedMatches += 1 }
      }
      rankWindow(window, start: start, ranker: &ranker, idf: idf, context: context, into: &collector)
    }
    if !collector.dropped.isEmpty { collector.droppedMatches = droppedMatches }
    return total
  }

  /// Scores the passages of one window of counters (passage `start` + its offset) that can
  /// enter the top hits. Passages of frequency 2 or more come first: they are few, and
  /// usually fill the top hits so well that no passage of frequency 1 can enter, and those
  /// (most of them) are then never looked at one by one.
  ///
  /// Eight counters are compared at a time (`ByteMasks`), with the eight passages' word
  /// counts where the frequency alone does not decide, without a branch per word: a run of
  /// words is masked first, then only the passages left are visited. What can enter is
  /// taken at the start of each run; it only narrows as the top hits fill, so a run's masks
  /// let through all that can, and each visit decides.
  private func rankWindow(
    _ counts: UnsafeMutableBufferPointer<UInt8>, start: Int, ranker: inout ScanRanker, idf: Double,
    context: ScoringContext, into collector: inout TopHits
  ) {
    guard collector.limit > 0 else { return }
    let counters = UnsafeRawPointer(counts.baseAddress!)
    let wordCount = counts.count / 8
    let runWords = 2_048
    let listed = UnsafeMutablePointer<(word: Int, mask: UInt64)>.allocate(capacity: runWords)
    defer { listed.deallocate() }
    func visit(_ offset: Int, _ frequency: Int) {
      guard ranker.admits(frequency: frequency) else { return }
      let passage = start + offset
      ranker.consider(passage, frequency, length: store.wordCount(passage), into: &collector) { passage, frequency in
        prefixScore(passage, frequency: UInt8(frequency), idf: idf, context: context)
      }
    }
    /// Masks every word of the window in runs (`mask`: counters, word counts), then visits
    /// the bytes left.
    func scan(_ mask: (_ counters: UInt64, _ lengths: UInt64) -> UInt64) {
      var first = 0
      while first < wordCount {
        let end = min(wordCount, first + runWords)
        var count = 0
        for index in first..<end {
          let word = UInt64(littleEndian: counters.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
          let found = mask(word, store.wordCounts.eightBytes(from: start + index * 8))
          listed[count] = (index, found)
          count &+= found != 0 ? 1 : 0
        }
        for entry in 0..<count {
          var found = listed[entry].mask
          while found != 0 {
            let offset = listed[entry].word * 8 + found.trailingZeroBitCount >> 3
            visit(offset, Int(counts[offset]))
            found &= found &- 1
          }
        }
        first = end
      }
    }
    /// The longest passage of `frequency` that can enter (any, until the top hits are full).
    func lengthLimit(_ frequency: Int) -> Int {
      collector.isFull ? ranker.lengthLimit(frequency: frequency) : Int.max
    }
    // Frequencies that can still enter: 3 or more, and 2 when short enough; or more as the
    // top hits fill (a floor past 127 lets more through, each decided on its visit).
    let least = max(2, ranker.minimumFrequency)
    if least > 2 {
      let floor = UInt64(min(127, least - 1))
      scan { counters, _ in ByteMasks.above(counters, floor) }
    } else {
      let limit = lengthLimit(2)
      scan { counters, lengths in
        ByteMasks.above(counters, 2) | ByteMasks.equal(counters, 2) & ByteMasks.atMost(lengths, limit)
      }
    }
    for offset in (wordCount * 8)..<counts.count where counts[offset] >= 2 { visit(offset, Int(counts[offset])) }
    guard ranker.admitsFrequencyOne else { return }
    let limit = lengthLimit(1)
    scan { counters, lengths in ByteMasks.equal(counters, 1) & ByteMasks.atMost(lengths, limit) }
    for offset in (wordCount * 8)..<counts.count where counts[offset] == 1 { visit(offset, 1) }
  }
}
