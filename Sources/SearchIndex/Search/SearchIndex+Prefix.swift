/// A prefix of many terms that is the whole query, nothing filtering it: counted and ranked
/// by `SearchIndex.collectPrefix`, without a list of its passages in passage order.
final class PrefixTermsMatcher: Matcher {
  let terms: [Int]

  init(terms: [Int]) {
    self.terms = terms
    super.init()
  }
}

/// The postings of a prefix's terms, read into memory: terms of one prefix are neighbours
/// in the dictionary and their postings neighbours in the file, so each run of them is one
/// `pread` (not faulted into the map, so they do not stay resident).
struct PrefixPostings {
  /// One run of neighbouring terms' postings.
  struct Run {
    let bytes: [UInt8]
    /// Dictionary entries of the run's terms, their offsets made relative to `bytes`.
    let entries: [TermDictionary.Entry]
  }
  let runs: [Run]

  init(terms: [Int], index: SearchIndex) {
    var runs: [Run] = []
    var first = 0
    while first < terms.count {
      var last = first
      while last + 1 < terms.count && terms[last + 1] == terms[last] + 1 { last += 1 }
      let start = index.dictionary.entry(terms[first]).postingsOffset
      let end = index.dictionary.entry(terms[last]).postingsOffset
        + index.dictionary.postingsLength(terms[last], postingsBytes: index.postings.count)
      let bytes = index.postingsFile.read(at: IndexFile.headerLength + start, count: max(0, end - start))
      let entries = terms[first...last].map { term in
        var entry = index.dictionary.entry(term)
        entry.postingsOffset -= start
        return entry
      }
      runs.append(Run(bytes: bytes, entries: entries))
      first = last + 1
    }
    self.runs = runs
  }

  /// Calls `body` with every (id, frequency) of every term, term by term.
  func decodeAll(idLimit: Int, scratch: PostingCursor.DecodeScratch, _ body: (UInt32, UInt32) -> Void) {
    for run in runs {
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        for entry in run.entries {
          PostingCursor.decodeAll(reader, entry, idLimit: idLimit, scratch: scratch, body)
        }
      }
    }
  }
}

extension SearchIndex {
  /// Counts and ranks the passages of a lone prefix's `terms`; the total.
  ///
  /// Every posting is added into a counter per passage (a byte, saturating at 255: far past
  /// where BM25 saturates), which gives the exact total and each passage's frequency. Then
  /// only what can enter the top hits is scored: passages of several terms one by one, and
  /// the others block by block, best block bound first, until no remaining block's bound
  /// (its highest impact, frequency and length included) can beat the threshold.
  func collectPrefix(_ terms: [Int], context: ScoringContext, into collector: inout TopHits) -> Int {
    let passageCount = store.passageCount
    let postings = PrefixPostings(terms: terms, index: self)
    let counts = passageCounters.take(count: passageCount)
    defer { passageCounters.give(counts) }
    let occurrences = terms.reduce(0) { $0 + dictionary.entry($1).documentFrequency }
    // Passages as they first appear, to clear their counters (when a scan would cost more).
    let listsFirstSeen = occurrences <= passageCount / 8
    var seen: [UInt32] = []
    if listsFirstSeen { seen.reserveCapacity(occurrences) }
    // Passages met again in a later term.
    var repeated: [UInt32] = []
    var total = 0
    let scratch = PostingCursor.DecodeScratch()
    postings.decodeAll(idLimit: passageCount, scratch: scratch) { id, frequency in
      let count = counts[Int(id)]
      if count == 0 {
        total += 1
        if listsFirstSeen { seen.append(id) }
      } else {
        repeated.append(id)
      }
      counts[Int(id)] = UInt8(min(255, Int(count) + Int(max(frequency, 1))))
    }
    defer {
      if listsFirstSeen {
        for id in seen { counts[Int(id)] = 0 }
      } else {
        counts.update(repeating: 0)
      }
    }
    guard collector.limit > 0 else { return total }
    let idf = BM25.idf(documentFrequency: total, count: passageCount)
    func score(_ id: UInt32) -> Double {
      idf * BM25.saturation(
        frequency: Double(counts[Int(id)]), length: Double(store.wordCount(Int(id))),
        averageLength: context.averageWords)
    }
    // A block's bound holds for its term alone: passages of several terms are scored first,
    // and their counters zeroed so that no block scores them again.
    for id in repeated where counts[Int(id)] != 0 {
      collector.insert(id, score(id))
      counts[Int(id)] = 0
    }
    var blocks: [(bound: Float, run: Int, entry: Int, block: Int)] = []
    for (runIndex, run) in postings.runs.enumerated() {
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        for (entryIndex, entry) in run.entries.enumerated() {
          for block in 0..<PostingCursor.blockCount(reader, entry) {
            // A damaged bound (not a number, negative) cannot rule its block out.
            let bound = PostingCursor.blockMaxImpact(reader, entry, block: block)
            blocks.append((bound.isFinite && bound >= 0 ? bound : .infinity, runIndex, entryIndex, block))
          }
        }
      }
    }
    blocks.sort { $0.bound > $1.bound }
    for block in blocks {
      // The bounds were made with the average length in full precision, the store keeps
      // it as a Float: a little slack keeps rounding from ruling out a passage that ties.
      if collector.isFull && idf * Double(block.bound) * (1 + 1e-6) < collector.threshold { break }
      let run = postings.runs[block.run]
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        let count = PostingCursor.decodeIds(
          reader, run.entries[block.entry], block: block.block, idLimit: passageCount, into: scratch.ids)
        for index in 0..<count where counts[Int(scratch.ids[index])] != 0 {
          let id = scratch.ids[index]
          collector.insert(id, score(id))
        }
      }
    }
    return total
  }
}
