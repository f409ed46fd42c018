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
    let passageCount = store.passageCount
    let windowSize = max(1, min(passageCount, windowPassages))
    let counts = passageCounters.take(count: windowSize)
    defer { passageCounters.give(counts) }
    let windows = PrefixWindows(postings, idLimit: passageCount)
    var ranker = ScanRanker(idf: idf, averageLength: context.averageWords)
    var total = 0
    var droppedMatches = 0
    var start = 0
    while start < passageCount {
      let window = UnsafeMutableBufferPointer(rebasing: counts[0..<min(windowSize, passageCount - start)])
      total += windows.count(window: start, into: window)
      for range in collector.dropped {
        let low = max(Int(range.lowerBound), start)
        let high = min(Int(range.upperBound), start + window.count)
        for id in low..<max(low, high) where window[id - start] != 0 { droppedMatches += 1 }
      }
      rankWindow(window, start: start, ranker: &ranker, idf: idf, context: context, into: &collector)
      window.update(repeating: 0)
      start += window.count
    }
    if !collector.dropped.isEmpty { collector.droppedMatches = droppedMatches }
    return total
  }

  /// Scores the passages of one window of counters (passage `start` + its offset) that can
  /// enter the top hits. Passages of frequency 2 or more come first: they are few, and
  /// usually fill the top hits so well that no passage of frequency 1 can enter, and those
  /// (most of them) are then never looked at one by one.
  private func rankWindow(
    _ counts: UnsafeMutableBufferPointer<UInt8>, start: Int, ranker: inout ScanRanker, idf: Double,
    context: ScoringContext, into collector: inout TopHits
  ) {
    guard collector.limit > 0 else { return }
    let words = UnsafeRawPointer(counts.baseAddress!)
    let wordCount = counts.count / 8
    // Words with a counter that can still enter: of 2 or more, or more as the top hits fill.
    let floor = UInt64(min(127, max(1, ranker.minimumFrequency - 1)))
    let candidates = Self.wordsWithCounters(words, count: wordCount, above: floor)
    // Eight counters to a word, in memory order: byte k of a word is passage 8 w + k.
    func visit(_ offset: Int, _ frequency: Int) {
      guard ranker.admits(frequency: frequency) else { return }
      let passage = start + offset
      ranker.consider(passage, frequency, length: store.wordCount(passage), into: &collector) { passage, frequency in
        prefixScore(passage, frequency: UInt8(frequency), idf: idf, context: context)
      }
    }
    for wordIndex in candidates {
      for byte in 0..<8 {
        let frequency = Int(counts[wordIndex * 8 + byte])
        if frequency >= 2 { visit(wordIndex * 8 + byte, frequency) }
      }
    }
    for offset in (wordCount * 8)..<counts.count where counts[offset] >= 2 { visit(offset, Int(counts[offset])) }
    guard ranker.admitsFrequencyOne else { return }
    for wordIndex in 0..<wordCount where words.load(fromByteOffset: wordIndex * 8, as: UInt64.self) != 0 {
      for byte in 0..<8 where counts[wordIndex * 8 + byte] == 1 { visit(wordIndex * 8 + byte, 1) }
    }
    for offset in (wordCount * 8)..<counts.count where counts[offset] == 1 { visit(offset, 1) }
  }

  /// Indices of the 8-byte words of `words` that hold a byte above `n` (0-127), in order.
  static func wordsWithCounters(_ words: UnsafeRawPointer, count: Int, above n: UInt64) -> [Int] {
    // A byte exceeds n exactly when adding 127 - n to it sets its high bit, or it was set.
    let addend = 0x0101_0101_0101_0101 &* (127 - n)
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let list = UnsafeMutablePointer<Int>.allocate(capacity: max(count, 1))
    defer { list.deallocate() }
    var listed = 0
    var index = 0
    // Branch-free: every index is written, and kept only when its word qualifies.
    while index < count {
      let word = words.load(fromByteOffset: index &* 8, as: UInt64.self)
      list[listed] = index
      listed &+= ((word &+ addend) | word) & highBits != 0 ? 1 : 0
      index &+= 1
    }
    return Array(UnsafeBufferPointer(start: list, count: listed))
  }
}
