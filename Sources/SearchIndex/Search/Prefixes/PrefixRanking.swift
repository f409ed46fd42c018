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
  /// a counter per passage (a byte, saturating at 255: far past where BM25 saturates), a
  /// window of passages at a time, and each window is read back in passage order (a linear
  /// scan, cheaper than so many blocks), scoring only passages whose length is within the
  /// limit for their frequency.
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
    return collectManyPrefixPostings(
      postings, documentFrequency: documentFrequency, context: context, into: &collector)
  }

  func prefixScore(_ id: Int, frequency: UInt8, idf: Double, context: ScoringContext) -> Double {
    prefixScore(words: store.wordCount(id), frequency: frequency, idf: idf, context: context)
  }

  /// The score of a passage of `words` words where the prefix's terms occur `frequency` times.
  func prefixScore(words: Int, frequency: UInt8, idf: Double, context: ScoringContext) -> Double {
    idf * BM25.saturation(frequency: Double(frequency), length: Double(words), averageLength: context.averageWords)
  }

  /// Counts in a bit per passage and ranks by block bounds (see `collectPrefix`).
  private func collectFewPrefixPostings(
    _ postings: PrefixPostings, occurrences: Int, documentFrequency: Int?, context: ScoringContext,
    into collector: inout TopHits
  ) -> Int {
    let passageCount = store.passageCount
    let bytes = PrefixBits.bytes(passageCount: passageCount)
    let buffer = passageCounters.take(
      count: bytes, touchesMost: PassageCounterPool.touchesMost(bytes: bytes, writes: occurrences))
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
        let (count, keepsWordCounts) = PostingCursor.decodeIds(
          reader, run.entries[block.entry], block: block.block, idLimit: passageCount, into: scratch.ids,
          frequencies: scratch.frequencies, wordCounts: scratch.wordCounts)
        for index in 0..<count where !bits.contains(scratch.ids[index]) {
          let id = Int(scratch.ids[index])
          // The block's copy of the word count where it keeps one: the store's table is a
          // page fault away for each posting (13.5 MB at 30,000 talks).
          let words =
            keepsWordCounts ? store.wordCount(id, stored: scratch.wordCounts[index]) : store.wordCount(id)
          let frequency = PrefixBits.frequency(scratch.frequencies[index])
          collector.insert(UInt32(id), prefixScore(words: words, frequency: frequency, idf: idf, context: context))
        }
      }
    }
    return total
  }
}
