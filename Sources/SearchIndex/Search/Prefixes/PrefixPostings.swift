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

  init(terms: [Int], index: IndexSegment) {
    var runs: [Run] = []
    var first = 0
    while first < terms.count {
      var last = first
      while last + 1 < terms.count && terms[last + 1] == terms[last] + 1 { last += 1 }
      let start = index.dictionary.entry(terms[first]).postingsOffset
      let end =
        index.dictionary.entry(terms[last]).postingsOffset
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
}

extension PrefixPostings {
  /// Calls `body` with each block of each term in turn: its run and entry (indices), its
  /// ids and frequency words. A term's walk ends at its first damaged block.
  func forEachBlock(
    idLimit: Int, scratch: PostingCursor.DecodeScratch,
    _ body: (_ run: Int, _ entry: Int, UnsafePointer<UInt32>, UnsafePointer<UInt32>, Int) -> Void
  ) {
    for (runIndex, run) in runs.enumerated() {
      run.bytes.withUnsafeBytes { buffer in
        let reader = ByteReader(buffer, file: "postings.dki")
        for (entryIndex, entry) in run.entries.enumerated() {
          PostingCursor.forEachBlock(reader, entry, idLimit: idLimit, scratch: scratch) { ids, words, count in
            body(runIndex, entryIndex, ids, words, count)
          }
        }
      }
    }
  }
}
