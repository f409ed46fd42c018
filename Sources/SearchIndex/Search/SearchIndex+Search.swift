import Normalize

extension SearchIndex {
  /// Runs `query`; `limit` best hits (BM25 with title and heading weights and a proximity
  /// bonus), `total` counting every match. `verbatim` matches words only as written (case
  /// and diacritics aside). Filters given here and in the query must all hold. The text of
  /// every returned hit is checked against its CRC-32: `.index(.corrupt)` when one is
  /// damaged, so a hit always quotes the exact stored text.
  public func search(
    _ query: String, limit: Int, verbatim: Bool = false, filters: SearchFilters = .init()
  ) throws(SearchError) -> SearchResults {
    let parsed: ParsedQuery
    do throws(QueryError) {
      parsed = try QueryParser.parse(query)
    } catch {
      throw .query(error)
    }
    return try search(parsed: parsed, limit: limit, verbatim: verbatim, filters: filters)
  }

  private func search(
    parsed: ParsedQuery, limit: Int, verbatim: Bool, filters: SearchFilters
  ) throws(SearchError) -> SearchResults {
    var allFilters = filters
    allFilters.merge(parsed.filters)
    var compiler = QueryCompiler(index: self, verbatim: verbatim)
    var filter = PassageFilter(index: self, filters: allFilters)
    if filter.isEmpty, case .prefix = parsed.root { compiler.sortsMergedPrefixes = false }
    let matcher: Matcher
    if case .and(let parts) = parsed.root, parts.isEmpty {
      matcher = RangeMatcher(filter.range)
    } else {
      do throws(QueryError) {
        matcher = try compiler.compile(parsed.root) ?? EmptyMatcher()
      } catch {
        throw .query(error)
      }
    }
    var collector = TopHits(limit: max(0, min(limit, 10_000)))
    let context = ScoringContext(store: store, averageWords: store.averageWords)
    var total = 0
    if filter.isEmpty, let single = matcher as? TermMatcher, single.cursors.count == 1 {
      total = single.cursors[0].documentFrequency
      collectSingleTerm(single, context: context, into: &collector)
    } else if filter.isEmpty, let prefix = matcher as? PrefixTermsMatcher {
      total = collectPrefix(prefix.terms, context: context, into: &collector)
    } else if filter.isEmpty, let excluding = collectExcluding(matcher, context: context, into: &collector) {
      total = excluding
    } else if filter.isEmpty, let either = collectEither(matcher, context: context, into: &collector) {
      total = either
    } else {
      total = collect(matcher, filter: &filter, context: context, into: &collector)
    }
    let candidates = collector.sorted()
    // Every hit's text is read once and checked: a damaged one fails the search.
    var texts: [UInt32: [UInt8]] = [:]
    for candidate in candidates {
      do throws(IndexFormatError) {
        texts[candidate.passage] = try store.verifiedTextBytes(Int(candidate.passage))
      } catch {
        throw .index(error)
      }
    }
    // One fresh matcher walks the hits in passage order to find what matched where.
    var ranges: [UInt32: [Range<Int>]] = [:]
    compiler.sortsMergedPrefixes = true
    compiler.isHighlighting = true
    if !candidates.isEmpty, let highlighter = (try? compiler.compile(parsed.root)) ?? nil {
      var prefixes: [[UInt8]] = []
      Self.positivePrefixes(parsed.root, into: &prefixes)
      for passage in candidates.map(\.passage).sorted() {
        ranges[passage] = highlights(
          highlighter, prefixes: prefixes, verbatim: verbatim, passage: passage, text: texts[passage] ?? [])
      }
    }
    let hits = candidates.map { candidate -> SearchHit in
      let (doc, passage) = location(ofPassage: Int(candidate.passage))
      let matched = ranges[candidate.passage] ?? []
      return SearchHit(
        documentIndex: doc, passageIndex: passage, score: candidate.score, matchedRanges: matched,
        matchStartMilliseconds: matchStart(passage: Int(candidate.passage), matchedRanges: matched))
    }
    if releaseBudget.spend(compiler.readEstimate.bytes, limit: Self.releaseThresholdBytes) { releasePostingsPages() }
    return SearchResults(total: total, hits: hits)
  }

  /// The start of the cue holding the first matched byte of a passage (global number), or
  /// the passage's start; nil for a passage without times.
  func matchStart(passage: Int, matchedRanges: [Range<Int>]) -> Int? {
    let start = store.passageField(passage, 3)
    guard start != StoreWriter.none else { return nil }
    guard let first = matchedRanges.map(\.lowerBound).min() else { return Int(start) }
    let cueStart = store.cueStarts(passage).last { $0.utf8Offset <= first }?.startMilliseconds
    return max(Int(start), cueStart ?? 0)
  }

  /// After queries that together read more postings than this (an estimate), their pages are
  /// released (`MappedFile.releasePages`): resident memory stays near one query's needs.
  static let releaseThresholdBytes = 256 << 10

  private func collect(
    _ matcher: Matcher, filter: inout PassageFilter, context: ScoringContext, into collector: inout TopHits
  ) -> Int {
    var total = 0
    var leaves: [Matcher] = []
    var proximity = Proximity()
    matcher.allScoringLeaves(into: &leaves)
    // Proximity bound for the whole query, once: every pair bonus is at most weight * idf.
    let bonusBound = leaves.count > 1
      ? Proximity.weight * leaves.reduce(0) { $0 + $1.inverseDocumentFrequency } : 0
    let range = filter.range
    let isFiltered = !filter.isEmpty
    let wantsHits = collector.limit > 0
    matcher.advance(to: range.lowerBound)
    while matcher.current < range.upperBound {
      let passage = matcher.current
      if !isFiltered || filter.accepts(passage) {
        total += 1
        if wantsHits && (!collector.isFull || matcher.upperBound() + bonusBound > collector.threshold) {
          let score = matcher.score(context)
          // The leaves here, and the bonus (which reads positions), only when it could lift
          // the passage into the top hits.
          if !collector.isFull || score + bonusBound > collector.threshold {
            leaves.removeAll(keepingCapacity: true)
            matcher.scoringLeaves(into: &leaves)
            if !collector.isFull || score + Proximity.bound(leaves) > collector.threshold {
              collector.insert(passage, score + proximity.bonus(leaves))
            }
          }
        }
      }
      matcher.next()
    }
    return total
  }

  /// One term, no filters: the total is its document frequency, and whole blocks whose
  /// best impact cannot enter the top hits are skipped without being decoded further.
  private func collectSingleTerm(_ matcher: TermMatcher, context: ScoringContext, into collector: inout TopHits) {
    guard collector.limit > 0 else { return }
    let cursor = matcher.cursors[0]
    while cursor.current != PostingCursor.exhausted {
      if collector.isFull
        && matcher.idf * Double(cursor.blockMaxImpact) <= collector.threshold
      {
        cursor.nextBlock()
        matcher.advance(to: cursor.current)
        continue
      }
      matcher.advance(to: cursor.current)
      if !collector.isFull || matcher.upperBound() > collector.threshold {
        collector.insert(cursor.current, matcher.score(context))
      }
      cursor.next()
      matcher.advance(to: cursor.current)
    }
  }

  /// Whole words of the passage that the query's positive parts matched.
  func highlights(
    _ matcher: Matcher, prefixes: [[UInt8]], verbatim: Bool, passage: UInt32, text bytes: [UInt8]
  ) -> [Range<Int>] {
    matcher.advance(to: passage)
    guard matcher.current == passage else { return [] }
    var slots: [SlotRange] = []
    matcher.positions(into: &slots)
    // Prefixes of many terms are merged without positions: found again by their keys.
    let prefixKeys = prefixes.flatMap { prefix in
      verbatim ? [prefix] : [prefix, [TermSpace.extraMarker] + prefix]
    }
    guard !slots.isEmpty || !prefixKeys.isEmpty else { return [] }
    let analyzer = Analyzer(options: analyzerOptions)
    var words: [(slots: ClosedRange<UInt32>, bytes: Range<Int>)] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard !prefixKeys.isEmpty else {
        // No prefix to find again: the words' places are enough, without their terms.
        analyzer.wordSlots(buffer) { start, end, range in words.append((UInt32(start)...UInt32(end), range)) }
        return
      }
      _ = analyzer.analyze(buffer, firstSlot: 0) { token in
        if !token.isExtra {
          words.append((UInt32(token.startSlot)...UInt32(token.endSlot), token.byteStart..<token.byteEnd))
        }
        if prefixKeys.contains(where: { token.term.starts(with: $0) }) {
          slots.append(SlotRange(start: UInt32(token.startSlot), end: UInt32(token.endSlot)))
        }
      }
    }
    var ranges: [Range<Int>] = []
    for slot in slots {
      for word in words where word.slots.overlaps(slot.start...max(slot.start, slot.end)) {
        ranges.append(word.bytes)
      }
    }
    ranges.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in ranges {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}

extension SearchIndex {
  /// Folded prefixes of the query outside any negation.
  static func positivePrefixes(_ node: QueryNode, into output: inout [[UInt8]]) {
    switch node {
    case .prefix(let text):
      var text = text
      text.withUTF8 { bytes in
        WordScanner.scan(bytes) { words, isCJK in
          guard let last = words.last else { return }
          var folded: [UInt8] = []
          if isCJK {
            TermFolding.foldCJK(bytes, last, into: &folded)
          } else {
            TermFolding.fold(bytes, last, into: &folded)
          }
          output.append(folded)
        }
      }
    case .and(let nodes), .or(let nodes):
      for node in nodes { positivePrefixes(node, into: &output) }
    case .word, .phrase, .not:
      break
    }
  }
}

/// A bonus for query words that sit close together: for each pair of consecutive scoring
/// leaves, `weight * min(idf) / (1 + gap)` where gap counts the slots between them.
struct Proximity {
  static let weight = 0.3
  private var first: [SlotRange] = []
  private var second: [SlotRange] = []

  static func bound(_ leaves: [Matcher]) -> Double {
    guard leaves.count > 1 else { return 0 }
    var total = 0.0
    for index in 1..<leaves.count {
      total += weight * min(leaves[index - 1].inverseDocumentFrequency, leaves[index].inverseDocumentFrequency)
    }
    return total
  }

  mutating func bonus(_ leaves: [Matcher]) -> Double {
    guard leaves.count > 1 else { return 0 }
    var total = 0.0
    for index in 1..<leaves.count {
      first.removeAll(keepingCapacity: true)
      second.removeAll(keepingCapacity: true)
      leaves[index - 1].positions(into: &first)
      leaves[index].positions(into: &second)
      var gap = UInt32.max
      var cursor = 0
      // Both sorted by start: a merge finds the closest pair.
      for a in first {
        while cursor < second.count && second[cursor].end < a.start {
          gap = min(gap, a.start - second[cursor].end)
          cursor += 1
        }
        if cursor < second.count {
          let b = second[cursor]
          gap = min(gap, b.start > a.end ? b.start - a.end : 0)
        }
      }
      if gap == UInt32.max { continue }
      let slotsBetween = Double(gap > 0 ? gap - 1 : 0)
      total += Self.weight
        * min(leaves[index - 1].inverseDocumentFrequency, leaves[index].inverseDocumentFrequency)
        / (1 + slotsBetween)
    }
    return total
  }
}

/// The best `limit` passages seen: a min-heap on score (ties: the later passage is worse).
struct TopHits {
  struct Candidate {
    var passage: UInt32
    var score: Double
  }
  let limit: Int
  private var heap: [Candidate] = []

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(limit)
  }

  var isFull: Bool { heap.count >= limit }
  var threshold: Double { heap.first?.score ?? -.infinity }

  private static func worse(_ a: Candidate, _ b: Candidate) -> Bool {
    a.score < b.score || (a.score == b.score && a.passage > b.passage)
  }

  mutating func insert(_ passage: UInt32, _ score: Double) {
    let candidate = Candidate(passage: passage, score: score)
    if heap.count < limit {
      heap.append(candidate)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.worse(heap[child], heap[parent]) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    } else if limit > 0 && Self.worse(heap[0], candidate) {
      heap[0] = candidate
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < heap.count && Self.worse(heap[left], heap[smallest]) { smallest = left }
        if right < heap.count && Self.worse(heap[right], heap[smallest]) { smallest = right }
        if smallest == parent { break }
        heap.swapAt(parent, smallest)
        parent = smallest
      }
    }
  }

  func sorted() -> [Candidate] { heap.sorted { Self.worse($1, $0) } }
}
