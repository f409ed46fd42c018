import DocumentModel

extension IndexSegment {
  /// Runs a query (`parsed`, once for all segments) as a best match: the passages that
  /// have every word come first (as `search` finds them), ranked with their context
  /// (`ContextRanker`); when they are fewer than `limit`, passages that match some of the
  /// words follow. A query with OR, NOT or a prefix says exactly what should match: it runs
  /// as `search` does. The text of every hit is checked against its CRC-32, as `search`
  /// checks it. `memo`: what the query's other segments looked up of the statistics (its
  /// searches here share it too).
  func bestMatch(
    _ parsed: ParsedQuery, limit: Int, verbatim: Bool, filters: SearchFilters, weights: RankingWeights,
    memo: CollectionStatistics.Memo = .init(), explain: Bool = false
  ) throws(SearchError) -> RankedSearchResults {
    let limit = max(0, min(limit, 10_000))
    var allFilters = filters
    allFilters.merge(parsed.filters)
    guard var plan = BestMatchQuery.make(parsed, index: self, verbatim: verbatim, memo: memo), limit > 0 else {
      // The query's own operators decide what matches: every hit has all it asks for.
      let strict = try search(parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, memo: memo)
      return RankedSearchResults(
        total: strict.total,
        hits: strict.hits.prefix(limit).map {
          RankedHit(hit: $0, matchesAllWords: true, ownCoverage: 1, contextCoverage: 0, ownContentWords: 1)
        })
    }
    // The strict query's best, as ids: only those shown are read (`hits`), with its highlights.
    let strict = try collect(
      parsed: parsed, limit: max(limit, RankingLimits.strictCandidates), verbatim: verbatim, filters: filters,
      memo: memo)
    plan.filters = allFilters
    plan.isVerbatim = verbatim
    let strictIds = Set(strict.candidates.map(\.passage))
    let candidates = try candidates(plan, strict: strictIds, memo: memo)
    var ranker = ContextRanker(index: self, query: plan, weights: weights)
    ranker.explains = explain
    let scored = ranker.score(candidates)
    // Every word matched first (the strict query's passages), then by score, then in order.
    // A passage is shown for its own words: context ranks it, but cannot make it a hit.
    let allStopWords = plan.clauses.allSatisfy(\.isStopWord)
    let shown = scored.filter { allStopWords ? $0.ownCoverage > 0 : $0.ownContentClauses > 0 }
    let best = shown.sorted {
      if $0.matchesAll != $1.matchesAll { return $0.matchesAll }
      if $0.score != $1.score { return $0.score > $1.score }
      return $0.passage < $1.passage
    }.prefix(limit)
    let shownStrict = best.filter { strictIds.contains($0.passage) }.map {
      TopHits.Candidate(passage: $0.passage, score: $0.score)
    }
    var strictHits: [UInt32: SearchHit] = [:]
    for (candidate, hit) in zip(shownStrict, try hits(strict, shownStrict)) { strictHits[candidate.passage] = hit }
    var ranked: [RankedHit] = []
    let analyzer = Analyzer(options: verbatim ? .verbatim : analyzerOptions)
    let highlighted = plan.clauses.filter { !$0.isStopWord || $0.isPhrase }.reduce(into: Set<[UInt8]>()) {
      $0.formUnion($1.keys)
    }
    for candidate in best {
      let found: SearchHit
      if let strictHit = strictHits[candidate.passage] {
        // A passage the strict query found keeps its highlights (phrases where they stand).
        found = strictHit
      } else {
        let (doc, passage) = location(ofPassage: Int(candidate.passage))
        let (stored, entry): (StoredPassage, Store.PassageEntry)
        do throws(IndexFormatError) {
          (stored, entry) = try verifiedEntry(doc: doc, passage: passage)
        } catch {
          throw .index(error)
        }
        let ranges = Self.matchedRanges(entry.text, keys: highlighted, analyzer: analyzer)
        found = SearchHit(
          documentIndex: doc, passageIndex: passage, score: 0, matchedRanges: ranges,
          matchStartMilliseconds: IndexSegment.matchStart(
            stored.startMilliseconds, cueStarts: entry.cueStarts, matchedRanges: ranges),
          passage: stored)
      }
      var hit = found
      hit.score = candidate.score
      ranked.append(
        RankedHit(
          hit: hit, matchesAllWords: candidate.matchesAll, ownCoverage: candidate.ownCoverage,
          contextCoverage: candidate.contextCoverage, ownContentWords: candidate.ownContentClauses,
          explanation: candidate.explanation))
    }
    return RankedSearchResults(
      total: strict.total, hits: ranked, contentWordCount: plan.clauses.filter { !$0.isStopWord }.count)
  }

  /// The passages worth scoring, ascending: the strict query's best, the best of the OR of
  /// the words, every passage of a rare word, and the neighbours of all of them (the answer
  /// may be the sentence after the one that names the topic), as the filters allow.
  private func candidates(
    _ plan: BestMatchQuery, strict: Set<UInt32>, memo: CollectionStatistics.Memo
  ) throws(SearchError) -> [UInt32] {
    var found = strict
    if plan.hasSeveralClauses {
      // Its best as ids only: none of its texts is read unless shown.
      let disjunction: ParsedQuery
      do throws(QueryError) {
        disjunction = try QueryParser.parse(plan.disjunction)
      } catch {
        throw .query(error)
      }
      let collected = try collect(
        parsed: disjunction, limit: RankingLimits.disjunctionCandidates, verbatim: plan.isVerbatim,
        filters: plan.filters, memo: memo)
      found.formUnion(collected.candidates.map(\.passage))
    }
    for clause in plan.clauses
    where !clause.isStopWord && !clause.isPhrase
      && clause.documentFrequency <= RankingLimits.rareWordPassages
    {
      for term in clause.exactTerms + clause.stemmedTerms {
        forEachFieldId(term, limit: store.passageCount) { found.insert($0) }
      }
    }
    let filter = PassageFilter(index: self, filters: plan.filters)
    var expanded: [UInt32] = []
    expanded.reserveCapacity(found.count * (2 * RankingLimits.window + 1))
    // In passage order, so that the passages of one document look it up once.
    let ordered = found.sorted()
    for (passage, located) in zip(ordered, documents(of: ordered)) {
      let id = Int(passage)
      for neighbour in (id - RankingLimits.window)...(id + RankingLimits.window)
      where located.passages.contains(neighbour) {
        if let neighbour = UInt32(exactly: neighbour) { expanded.append(neighbour) }
      }
    }
    expanded.sort()
    var result: [UInt32] = []
    result.reserveCapacity(expanded.count)
    for passage in expanded where result.last != passage && filter.accepts(passage) {
      result.append(passage)
    }
    return result
  }

  /// Each of `passages` (ascending): its document and the document's passages, looked up
  /// once per document.
  func documents(of passages: [UInt32]) -> [(document: Int, passages: Range<Int>)] {
    var located: [(document: Int, passages: Range<Int>)] = []
    located.reserveCapacity(passages.count)
    var document = 0
    var documentRange = 0..<0
    for passage in passages {
      if !documentRange.contains(Int(passage)) {
        document = store.document(ofPassage: Int(passage))
        let first = Int(store.documentField(document, 5))
        documentRange = first..<(first + Int(store.documentField(document, 6)))
      }
      located.append((document, documentRange))
    }
    return located
  }

  /// A cursor over term `term`'s postings (mapped, read as walked).
  func rankingCursor(_ term: Int) -> PostingCursor {
    PostingCursor(postings: postings, entry: dictionary.entry(term), idLimit: store.passageCount)
  }

  /// The query engine's scorer of a phrase (positions decide it).
  func phraseScorer(_ node: QueryNode, verbatim: Bool) -> any Scorer {
    let compiler = QueryCompiler(index: self, verbatim: verbatim)
    return ((try? compiler.compile(node)) ?? nil) ?? EmptyScorer()
  }

  /// Calls `body` with each id of term `term`'s postings (passages, documents or heading
  /// ids, by the term's space), ids at or past `limit` left out.
  func forEachFieldId(_ term: Int, limit: Int, _ body: (UInt32) -> Void) {
    let scratch = PostingCursor.DecodeScratch()
    PostingCursor.forEachIdBlock(postings, dictionary.entry(term), idLimit: limit, scratch: scratch) { ids, count in
      for offset in 0..<count { body(ids[offset]) }
    }
  }

  /// Those of `ids` (ascending) that term `term`'s postings hold (documents or heading ids,
  /// by its space), ids at or past `limit` left out: a cursor leaps to each, so a long
  /// list costs the blocks around `ids`, not a walk over all of it.
  func fieldIds(_ term: Int, among ids: [UInt32], limit: Int) -> Set<UInt32> {
    var found = Set<UInt32>()
    guard !ids.isEmpty else { return found }
    let cursor = PostingCursor(postings: postings, entry: dictionary.entry(term), idLimit: limit)
    for id in ids {
      cursor.advance(to: id)
      if cursor.current == PostingCursor.exhausted { break }
      if cursor.current == id { found.insert(id) }
    }
    return found
  }

  /// Byte ranges of the words of `text` whose terms are among `keys`, merged.
  static func matchedRanges(_ text: [UInt8], keys: Set<[UInt8]>, analyzer: Analyzer) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    text.withUnsafeBufferPointer { buffer in
      _ = analyzer.analyze(buffer, firstSlot: 0) { token in
        if keys.contains(token.term) { ranges.append(token.byteStart..<token.byteEnd) }
      }
    }
    return ByteRanges.merged(ranges)
  }
}
