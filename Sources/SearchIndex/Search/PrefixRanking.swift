extension IndexSegment {
  /// Counts and ranks the passages of a lone prefix's `terms`; the total (and the matches
  /// among the collector's `dropped` passages).
  ///
  /// How depends on how many postings there are. Up to one per
  /// `SearchTuning.prefixBlockRankingShare` passages, a bit per passage counts them
  /// (`PrefixBits`), and only what can enter the top hits is scored: passages of several
  /// terms one by one with their summed frequencies, then the rest block by block, best
  /// block bound first, until no remaining block's bound (its highest impact, frequency
  /// and length included) can beat the threshold. Beyond that, every posting is added into
  /// a counter per passage (a byte, saturating at 255: far past where BM25 saturates),
  /// read back in passage order (a linear scan, cheaper than so many blocks), scoring only
  /// passages whose length is within the limit for their frequency.
  func collectPrefix(
    _ terms: [Int], documentFrequency: Int? = nil, context: ScoringContext, into collector: inout TopHits
  ) -> Int {
    let passageCount = store.passageCount
    let postings = PrefixPostings(terms: terms, index: self)
    let occurrences = terms.reduce(0) { $0 + dictionary.entry($1).documentFrequency }
    guard occurrences > passageCount / SearchTuning.prefixBlockRankingShare else {
      return collectFewPrefixPostings(
        postings, occurrences: occurrences, documentFrequency: documentFrequency, context: context, into: &collector)
    }
    let counts = passageCounters.take(count: passageCount, touchesMost: true)
    defer { passageCounters.give(counts) }
    var counter = PrefixCounter(counts: counts, listsSeen: false, expected: occurrences)
    postings.count(into: &counter, idLimit: passageCount, scratch: PostingCursor.DecodeScratch())
    let total = counter.distinct
    if !collector.dropped.isEmpty {
      var among = 0
      for range in collector.dropped {
        for id in range where Int(id) < passageCount && counts[Int(id)] != 0 { among += 1 }
      }
      collector.droppedMatches = among
    }
    let idf = BM25.idf(documentFrequency: documentFrequency ?? total, count: context.passageCount)
    rankByScan(counts: counts, idf: idf, context: context, into: &collector)
    return total
  }

  private func prefixScore(_ id: Int, frequency: UInt8, idf: Double, context: ScoringContext) -> Double {
    idf
      * BM25.saturation(
        frequency: Double(frequency), length: Double(store.wordCount(id)), averageLength: context.averageWords)
  }

  /// Counts in a bit per passage and ranks by block bounds (see `collectPrefix`).
  private func collectFewPrefixPostings(
    _ postings: PrefixPostings, occurrences: Int, documentFrequency: Int?, context: ScoringContext,
    into collector: inout TopHits
  ) -> Int {
    let passageCount = store.passageCount
    let buffer = passageCounters.take(count: PrefixBits.bytes(passageCount: passageCount))
    let bits = PrefixBits(buffer, postings: occurrences)
    defer {
      bits.clear()
      passageCounters.give(buffer)
    }
    // The blocks counted of each term: a damaged block ends its term's walk, and what was
    // not counted is not ranked either.
    var counted = postings.runs.map { [Int](repeating: 0, count: $0.entries.count) }
    postings.forEachBlock(idLimit: passageCount, scratch: PostingCursor.DecodeScratch()) {
      run, entry, ids, words, count in
      bits.add(ids, words, count: count)
      counted[run][entry] += 1
    }
    let total = bits.distinct
    if !collector.dropped.isEmpty {
      var among = 0
      for range in collector.dropped {
        for id in range where Int(id) < passageCount && bits.contains(id) { among += 1 }
      }
      collector.droppedMatches = among
    }
    guard collector.limit > 0 else { return total }
    let idf = BM25.idf(documentFrequency: documentFrequency ?? total, count: context.passageCount)
    // A block's bound holds for its term alone: passages of several terms are scored first,
    // with their sums, and their bits (all that are set now) keep any block from scoring
    // them again.
    for (id, frequency) in bits.sumRepeated() {
      collector.insert(id, prefixScore(Int(id), frequency: frequency, idf: idf, context: context))
    }
    var blocks: [(bound: Float, run: Int, entry: Int, block: Int)] = []
    for (runIndex, run) in postings.runs.enumerated() {
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        for (entryIndex, entry) in run.entries.enumerated() {
          for block in 0..<counted[runIndex][entryIndex] {
            // A damaged bound (not a number, negative) cannot rule its block out.
            let bound = PostingCursor.blockMaxImpact(reader, entry, block: block)
            blocks.append((bound.isFinite && bound >= 0 ? bound : .infinity, runIndex, entryIndex, block))
          }
        }
      }
    }
    blocks.sort { $0.bound > $1.bound }
    let scratch = PostingCursor.DecodeScratch()
    for block in blocks {
      // The bounds were made with the average length in full precision, the store keeps
      // it as a Float: a little slack keeps rounding from ruling out a passage that ties.
      if collector.isFull && idf * Double(block.bound) * (1 + 1e-6) < collector.threshold { break }
      let run = postings.runs[block.run]
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        let count = PostingCursor.decodeIds(
          reader, run.entries[block.entry], block: block.block, idLimit: passageCount, into: scratch.ids,
          frequencies: scratch.frequencies)
        for index in 0..<count where !bits.contains(scratch.ids[index]) {
          let id = scratch.ids[index]
          let frequency = PrefixBits.frequency(scratch.frequencies[index])
          collector.insert(id, prefixScore(Int(id), frequency: frequency, idf: idf, context: context))
        }
      }
    }
    return total
  }

  /// Ranks by reading the counters back in passage order (see `collectPrefix`), then clears
  /// them all. Passages of frequency 2 or more come first: they are few, and usually fill
  /// the top hits so well that no passage of frequency 1 can enter, and those (most of
  /// them) are then never looked at one by one.
  private func rankByScan(
    counts: UnsafeMutableBufferPointer<UInt8>, idf: Double, context: ScoringContext, into collector: inout TopHits
  ) {
    defer { counts.update(repeating: 0) }
    guard collector.limit > 0 else { return }
    var ranker = ScanRanker(idf: idf, averageLength: context.averageWords)
    let words = UnsafeRawPointer(counts.baseAddress!)
    let wordCount = counts.count / 8
    let candidates = Self.wordsWithCounters(words, count: wordCount, above: 1)
    // Eight counters to a word, in memory order: byte k of a word is passage 8 w + k.
    func visit(_ passage: Int, _ frequency: Int) {
      guard ranker.admits(frequency: frequency) else { return }
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
    for passage in (wordCount * 8)..<counts.count where counts[passage] >= 2 { visit(passage, Int(counts[passage])) }
    guard ranker.admitsFrequencyOne else { return }
    for wordIndex in 0..<wordCount where words.load(fromByteOffset: wordIndex * 8, as: UInt64.self) != 0 {
      for byte in 0..<8 where counts[wordIndex * 8 + byte] == 1 { visit(wordIndex * 8 + byte, 1) }
    }
    for passage in (wordCount * 8)..<counts.count where counts[passage] == 1 { visit(passage, 1) }
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
