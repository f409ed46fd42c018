/// Adds a prefix's postings into byte counters one window of passages at a time
/// (`SearchTuning.prefixWindowPassages`), so that the counters being written stay in the
/// core's cache: at 30,000 talks one counter per passage is 13.5 MB, and adding millions
/// of postings into it at random waited on memory for most of its time.
///
/// Each term keeps its place between windows: the block it reads next, and the rest of a
/// block that reached past the window (decoded once, kept until the window that holds
/// them). A block whose skip record says it starts past the window is not decoded yet.
/// As in `PostingCursor.forEachBlock`, a term's walk ends at its first damaged block.
final class PrefixWindows {
  private let postings: PrefixPostings
  private let idLimit: Int
  /// Per term, in the runs' order: where it stands.
  private let terms: UnsafeMutableBufferPointer<Term>
  /// The decoded rest of each term's current block: ids, and frequencies as counted (1-255).
  private let pendingIds: UnsafeMutablePointer<UInt32>
  private let pendingFrequencies: UnsafeMutablePointer<UInt8>
  private let scratch = PostingCursor.DecodeScratch()

  private struct Term {
    let run: Int
    let entry: TermDictionary.Entry
    let blockCount: Int
    var nextBlock = 0
    var pendingStart = 0
    var pendingEnd = 0
    /// A damaged block was met: nothing after it is read.
    var isDone = false
  }

  init(_ postings: PrefixPostings, idLimit: Int) {
    self.postings = postings
    self.idLimit = idLimit
    var terms: [Term] = []
    for (runIndex, run) in postings.runs.enumerated() {
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        for entry in run.entries {
          terms.append(Term(run: runIndex, entry: entry, blockCount: PostingCursor.blockCount(reader, entry)))
        }
      }
    }
    self.terms = .allocate(capacity: terms.count)
    _ = self.terms.initialize(from: terms)
    let size = max(terms.count, 1) * PostingsWriter.blockSize
    pendingIds = .allocate(capacity: size)
    pendingFrequencies = .allocate(capacity: size)
  }

  deinit {
    terms.deallocate()
    pendingIds.deallocate()
    pendingFrequencies.deallocate()
  }

  /// Adds every posting of the passages from `start` on (as many as `counts` holds) into
  /// `counts` (zeroed, one byte per passage of the window, saturating at 255); how many of
  /// its counters were 0. Windows are given in increasing order.
  func count(window start: Int, into counts: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let end = start + counts.count
    var distinct = 0
    for index in terms.indices {
      while true {
        if terms[index].pendingStart < terms[index].pendingEnd {
          distinct += add(term: index, start: start, end: end, into: counts)
          if terms[index].pendingStart < terms[index].pendingEnd { break }
        }
        guard decodeNextBlock(of: index, before: end) else { break }
      }
    }
    return distinct
  }

  /// Adds the term's pending postings below `end` (ids below `start` could only come of a
  /// damaged skip record, and are passed over); how many counters were 0.
  private func add(term index: Int, start: Int, end: Int, into counts: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let counters = counts.baseAddress!
    var position = terms[index].pendingStart
    let last = terms[index].pendingEnd
    var added = 0
    while position < last {
      let id = Int(pendingIds[position])
      guard id < end else { break }
      if id >= start {
        let current = counters[id - start]
        added &+= current == 0 ? 1 : 0
        counters[id - start] = UInt8(min(255, Int(current) &+ Int(pendingFrequencies[position])))
      }
      position += 1
    }
    terms[index].pendingStart = position
    return added
  }

  /// Decodes the term's next block into its pending postings, unless there is none or its
  /// skip record shows that it starts at `end` or later; whether it did.
  private func decodeNextBlock(of index: Int, before end: Int) -> Bool {
    let term = terms[index]
    guard !term.isDone, term.nextBlock < term.blockCount else { return false }
    let block = term.nextBlock
    return postings.runs[term.run].bytes.withUnsafeBytes { buffer -> Bool in
      let reader = ByteReader(buffer, file: "postings.dki")
      if block > 0 {
        // Ids of a block follow the previous block's last id, which its record holds.
        let record = term.entry.postingsOffset + (block - 1) * PostingsWriter.skipRecordLength
        if Int(reader.u32(at: record)) + 1 >= end { return false }
      }
      let slot = index * PostingsWriter.blockSize
      let expected = min(PostingsWriter.blockSize, term.entry.documentFrequency - block * PostingsWriter.blockSize)
      let count = PostingCursor.decodeIds(
        reader, term.entry, block: block, idLimit: idLimit, into: pendingIds + slot, frequencies: scratch.frequencies)
      for position in 0..<count {
        pendingFrequencies[slot + position] = PrefixBits.frequency(scratch.frequencies[position])
      }
      terms[index].nextBlock = block + 1
      terms[index].pendingStart = slot
      terms[index].pendingEnd = slot + count
      terms[index].isDone = count < expected
      return true
    }
  }
}

extension IndexSegment {
  /// Counts `postings` a window of `windowPassages` passages at a time into counters from
  /// the pool (`PrefixWindows`): `body` is given each window's first passage and counters,
  /// which are zeroed for the next window after it; how many passages matched in all.
  func countByWindows(
    _ postings: PrefixPostings, windowPassages: Int,
    _ body: (_ start: Int, _ counts: UnsafeMutableBufferPointer<UInt8>) -> Void
  ) -> Int {
    let passageCount = store.passageCount
    let windowSize = max(1, min(passageCount, windowPassages))
    let counts = passageCounters.take(count: windowSize)
    defer { passageCounters.give(counts) }
    let windows = PrefixWindows(postings, idLimit: passageCount)
    var total = 0
    var start = 0
    while start < passageCount {
      let window = UnsafeMutableBufferPointer(rebasing: counts[0..<min(windowSize, passageCount - start)])
      total += windows.count(window: start, into: window)
      body(start, window)
      window.update(repeating: 0)
      start += window.count
    }
    return total
  }
}
