import DocumentModel

extension IndexSegment {
  /// Runs a query (`parsed`); `limit` best hits (BM25 with title and heading weights and a
  /// proximity bonus), `total` counting every match. `verbatim` matches words only as
  /// written (case and diacritics aside). Filters given here and in the query must all hold.
  /// The text of every returned hit is checked against its CRC-32: `.index(.corrupt)` when
  /// one is damaged, so a hit always quotes the exact stored text.
  /// `evaluation: .exhaustive` scores every match (the tests' oracle).
  /// `memo`: what the query's other segments and searches looked up of the statistics.
  /// `leapCopying`: see `QueryCompiler`.
  func search(
    parsed: ParsedQuery, limit: Int, verbatim: Bool, filters: SearchFilters,
    evaluation: QueryPlan.Evaluation = .planned, memo: CollectionStatistics.Memo = .init(),
    leapCopying: SearchTuning.LeapCopying = .standard
  ) throws(SearchError) -> SearchResults {
    let collected = try collect(
      parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: evaluation, memo: memo,
      leapCopying: leapCopying)
    return SearchResults(total: collected.total, hits: try hits(collected, collected.candidates))
  }

  /// A query's best passages in this segment and its total, before any text is read.
  struct Collected {
    let compiler: QueryCompiler
    let plan: QueryPlan
    let total: Int
    let candidates: [TopHits.Candidate]
  }

  func collect(
    parsed: ParsedQuery, limit: Int, verbatim: Bool, filters: SearchFilters,
    evaluation: QueryPlan.Evaluation = .planned, memo: CollectionStatistics.Memo = .init(),
    leapCopying: SearchTuning.LeapCopying = .standard
  ) throws(SearchError) -> Collected {
    let limit = max(0, min(limit, SearchTuning.maximumHits))
    // The oracle walks identifiers' phrases of parts and merges prefixes' terms rather than
    // reading their stored lists.
    let compiler = QueryCompiler(
      index: self, verbatim: verbatim, memo: memo, readsPartPhrases: evaluation == .planned,
      readsStoredPrefixes: evaluation == .planned, leapCopying: leapCopying)
    // Impacts bound scores only at lengths no longer than the average they were computed
    // with (FORMAT.md): past it, every match is scored.
    let evaluation = statistics.averageWords <= store.averageWords ? evaluation : .exhaustive
    var allFilters = filters
    allFilters.merge(parsed.filters)
    let dropsDeleted = allFilters.isEmpty && !deletedDocuments.isEmpty
    let dropped = dropsDeleted ? deletedPassages : []
    var (plan, total, candidates, droppedMatches) = try run(
      parsed, limit: limit, compiler: compiler, filters: filters, evaluation: evaluation,
      deletions: dropsDeleted ? .ignored : .excluded, dropping: dropped)
    if dropsDeleted {
      // Deleted documents as a filter would make every shape a walk: instead the best hits
      // are collected as if nothing were deleted, deleted ones dropped (more asked for when
      // too few remain), and the matches among the deleted documents counted apart (unless
      // the run counted them as it went).
      var wanted = limit
      var live = candidates.filter { !isDeleted(passage: Int($0.passage)) }
      while live.count < limit && candidates.count == wanted {
        wanted = wanted == limit ? limit * 2 + 8 : limit + deletedPassageCount
        (plan, total, candidates, droppedMatches) = try run(
          parsed, limit: wanted, compiler: compiler, filters: filters, evaluation: evaluation, deletions: .ignored,
          dropping: dropped)
        live = candidates.filter { !isDeleted(passage: Int($0.passage)) }
      }
      if droppedMatches == nil && candidates.count < wanted && total == candidates.count {
        // Fewer matches than asked for: every one is a candidate, the deleted ones those
        // dropped (no run to count them).
        droppedMatches = candidates.count - live.count
      }
      candidates = Array(live.prefix(limit))
      if let droppedMatches {
        total -= droppedMatches
      } else {
        total -= try run(
          parsed, limit: 0, compiler: compiler, filters: filters, evaluation: evaluation, deletions: .only
        ).total
      }
    }
    return Collected(compiler: compiler, plan: plan, total: total, candidates: candidates)
  }

  /// The hits of `candidates` (some of `collected`'s): records and texts read once and
  /// checked (a damaged one fails the search), matched words and times; each hit carries
  /// its passage on to its answer.
  func hits(_ collected: Collected, _ candidates: [TopHits.Candidate]) throws(SearchError) -> [SearchHit] {
    let (compiler, plan) = (collected.compiler, collected.plan)
    // Each hit made as its passage is read, its words and time filled in after: no copy of
    // a passage on the way.
    var hits: [SearchHit] = []
    var texts: [[UInt8]] = []
    var cueStarts: [[(utf8Offset: Int, startMilliseconds: Int)]] = []
    hits.reserveCapacity(candidates.count)
    texts.reserveCapacity(candidates.count)
    cueStarts.reserveCapacity(candidates.count)
    for candidate in candidates {
      let (doc, passage) = location(ofPassage: Int(candidate.passage))
      do throws(IndexFormatError) {
        let (stored, entry) = try verifiedEntry(doc: doc, passage: passage)
        hits.append(
          SearchHit(
            documentIndex: doc, passageIndex: passage, score: candidate.score, matchedRanges: [], passage: stored))
        texts.append(entry.text)
        cueStarts.append(entry.cueStarts)
      } catch {
        throw .index(error)
      }
    }
    let ranges = plan.highlights(of: candidates.map(\.passage), texts: texts, in: self)
    let runOns = plan.runOns(of: candidates.map(\.passage))
    for position in hits.indices {
      hits[position].matchedRanges = ranges[position]
      hits[position].matchStartMilliseconds = Self.matchStart(
        hits[position].passage?.startMilliseconds, cueStarts: cueStarts[position], matchedRanges: ranges[position])
      hits[position].runOn = try runOn(runOns[position], after: hits[position])
    }
    if releaseBudget.spend(compiler.readEstimate.bytes, limit: Self.releaseThresholdBytes, kept: Self.keptResidentBytes)
    {
      releasePostingsPages()
    }
    // A damaged chunk read on the way (a term, a record, a string) read as absent: the
    // answer is not given from it.
    do throws(IndexFormatError) { try throwIfDamaged() } catch { throw .index(error) }
    return hits
  }

  /// The passages after `hit` that a phrase runs on into, from its slots in each (`slots[0]`
  /// in the next passage): their words found in their texts, checked as a hit's are.
  private func runOn(_ slots: [[SlotRange]], after hit: SearchHit) throws(SearchError) -> [RunOnPassage] {
    guard !slots.isEmpty else { return [] }
    let analyzer = Analyzer(options: analyzerOptions)
    var words: [Range<Int>] = []
    var result: [RunOnPassage] = []
    for (offset, matched) in slots.enumerated() {
      let passage = hit.passageIndex + 1 + offset
      let text: [UInt8]
      do throws(IndexFormatError) {
        text = try verifiedEntry(doc: hit.documentIndex, passage: passage).entry.text
      } catch {
        throw .index(error)
      }
      let lastSlot = matched.reduce(0) { max($0, Int($1.end)) }
      var ranges: [Range<Int>] = []
      text.withUnsafeBufferPointer { buffer in
        analyzer.wordSlots(buffer, through: lastSlot, words: &words) { start, end, range in
          if matched.contains(where: { UInt32(start) <= $0.end && $0.start <= UInt32(max(start, end)) }) {
            ranges.append(range)
          }
        }
      }
      result.append(RunOnPassage(passageIndex: passage, matchedRanges: ByteRanges.merged(ranges)))
    }
    return result
  }

  /// One run of a fresh plan (scorers are walked once); the runs of one query share their
  /// compiler, so that each word is looked up and its postings read once.
  private func run(
    _ parsed: ParsedQuery, limit: Int, compiler: QueryCompiler, filters: SearchFilters,
    evaluation: QueryPlan.Evaluation, deletions: PassageFilter.Deletions, dropping dropped: [Range<UInt32>] = []
  ) throws(SearchError) -> (plan: QueryPlan, total: Int, candidates: [TopHits.Candidate], droppedMatches: Int?) {
    let plan: QueryPlan
    do throws(QueryError) {
      plan = try compiler.plan(parsed, filters: filters, deletions: deletions)
    } catch {
      throw .query(error)
    }
    if releaseBudget.releasesBefore(reading: compiler.readEstimate.bytes, kept: Self.keptResidentBytes) {
      releasePostingsPages()
    }
    var collector = TopHits(limit: limit)
    collector.dropped = dropped
    let total = plan.run(into: &collector, evaluation: evaluation)
    return (plan, total, collector.sorted(), collector.droppedMatches)
  }

  /// The start of the cue holding the first matched byte of a passage (which starts at
  /// `passageStart`, with its `cueStarts`), or the passage's start; nil for a passage
  /// without times.
  static func matchStart(
    _ passageStart: Int?, cueStarts: [(utf8Offset: Int, startMilliseconds: Int)], matchedRanges: [Range<Int>]
  ) -> Int? {
    guard let start = passageStart else { return nil }
    guard let first = matchedRanges.lazy.map(\.lowerBound).min() else { return start }
    let cueStart = cueStarts.last { $0.utf8Offset <= first }?.startMilliseconds
    return max(start, cueStart ?? 0)
  }

  /// Where a passage's citation points, read from its record alone (no text): its start
  /// and its anchor; nil for a passage out of range.
  func citationLocator(doc: Int, passage: Int) -> (startMilliseconds: Int?, anchor: String?)? {
    guard let id = passageId(doc: doc, passage: passage) else { return nil }
    let record = store.record(id)
    guard record.isIntact else { return (nil, nil) }
    let start = record.startMilliseconds
    return (start == StoreWriter.none ? nil : Int(start), store.string(store.attributeField(record.attribute, 5)))
  }

  /// After queries that together read more postings than this (an estimate), the process's
  /// resident memory is looked at (`ReleaseBudget`), and the pages of the postings map are
  /// released (`MappedFile.releasePages`) when it grew by more than `keptResidentBytes`.
  static let releaseThresholdBytes = 256 << 10

  /// How much a searcher's resident memory may grow before it releases its postings pages:
  /// the pages of the lists most queries read (`the`, `of`) stay mapped from one query to
  /// the next instead of being faulted in again by each.
  static let keptResidentBytes = 8 << 20

  /// Whole words of the passage that the query's positive parts matched.
  /// Buffers the highlights of one query's hits share (their contents are not kept).
  struct HighlightScratch {
    var slots: [SlotRange] = []
    var words: [Range<Int>] = []
  }

  func highlights(
    _ highlighter: any Scorer, prefixes: [[UInt8]], verbatim: Bool, passage: UInt32, text bytes: [UInt8],
    scratch: inout HighlightScratch
  ) -> [Range<Int>] {
    highlighter.advance(to: passage)
    guard highlighter.current == passage else { return [] }
    scratch.slots.removeAll(keepingCapacity: true)
    highlighter.positions(into: &scratch.slots)
    var slots = scratch.slots
    // Prefixes of many terms are merged without positions: found again by their keys.
    let prefixKeys = prefixes.flatMap { prefix in
      verbatim ? [prefix] : [prefix, [TermSpace.extraMarker] + prefix]
    }
    guard !slots.isEmpty || !prefixKeys.isEmpty else { return [] }
    let analyzer = Analyzer(options: analyzerOptions)
    guard !prefixKeys.isEmpty else {
      // No prefix to find again: the words' places are enough, without their terms. Each
      // word is kept as it is met when a matched place overlaps it.
      let lastSlot = slots.reduce(0) { max($0, Int($1.start), Int($1.end)) }
      var ranges: [Range<Int>] = []
      bytes.withUnsafeBufferPointer { buffer in
        analyzer.wordSlots(buffer, through: lastSlot, words: &scratch.words) { start, end, range in
          // A matched place `start...max(start, end)` overlaps the word's slots.
          let overlaps = slots.contains { UInt32(start) <= max($0.start, $0.end) && $0.start <= UInt32(end) }
          if overlaps { ranges.append(range) }
        }
      }
      return ByteRanges.merged(ranges)
    }
    var words: [(slots: ClosedRange<UInt32>, bytes: Range<Int>)] = []
    bytes.withUnsafeBufferPointer { buffer in
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
    return ByteRanges.merged(ranges)
  }
}
