extension SearchIndex {
  /// Runs `query`; `limit` best hits (BM25 with title and heading weights and a proximity
  /// bonus), `total` counting every match. `verbatim` matches words only as written (case
  /// and diacritics aside). Filters given here and in the query must all hold. The text of
  /// every returned hit is checked against its CRC-32: `.index(.corrupt)` when one is
  /// damaged, so a hit always quotes the exact stored text.
  ///
  /// Each segment is searched with the generation's statistics, its deleted documents left
  /// out; the best of each are merged, ties in document order.
  public func search(
    _ query: String, limit: Int, verbatim: Bool = false, filters: SearchFilters = .init()
  ) throws(SearchError) -> SearchResults {
    try search(parsed: Self.parse(query), limit: limit, verbatim: verbatim, filters: filters)
  }

  /// `query` parsed, once for every segment it is run in.
  static func parse(_ query: String) throws(SearchError) -> ParsedQuery {
    do throws(QueryError) {
      return try QueryParser.parse(query)
    } catch {
      throw .query(error)
    }
  }

  /// `evaluation: .exhaustive` scores every match (the tests' oracle); `leapCopying`: see
  /// `QueryCompiler`.
  func search(
    parsed: ParsedQuery, limit: Int, verbatim: Bool, filters: SearchFilters,
    evaluation: QueryPlan.Evaluation = .planned, leapCopying: SearchTuning.LeapCopying = .standard
  ) throws(SearchError) -> SearchResults {
    if segments.count == 1 {
      // Nothing to merge: the segment's own answer, its documents numbered across segments.
      var results = try segments[0].search(
        parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: evaluation,
        leapCopying: leapCopying)
      for position in results.hits.indices { globalize(0, &results.hits[position]) }
      return results
    }
    var total = 0
    var collected: [IndexSegment.Collected] = []
    var candidates: [(ordinal: Int, candidate: TopHits.Candidate)] = []
    let memo = CollectionStatistics.Memo()
    for (ordinal, segment) in segments.enumerated() {
      let found = try segment.collect(
        parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: evaluation, memo: memo,
        leapCopying: leapCopying)
      total += found.total
      collected.append(found)
      candidates += found.candidates.map { (ordinal, $0) }
    }
    // Best first; ties in document order (segment, then passage: a segment's passages are
    // in document order).
    candidates.sort { a, b in
      if a.candidate.score != b.candidate.score { return a.candidate.score > b.candidate.score }
      if a.ordinal != b.ordinal { return a.ordinal < b.ordinal }
      return a.candidate.passage < b.candidate.passage
    }
    let chosen = candidates.prefix(max(0, limit))
    // Only the chosen hits' texts are read and highlighted (each segment checks its damage).
    var hits: [[SearchHit]] = []
    for (ordinal, segment) in segments.enumerated() {
      var found = try segment.hits(collected[ordinal], chosen.filter { $0.ordinal == ordinal }.map(\.candidate))
      for position in found.indices { globalize(ordinal, &found[position]) }
      hits.append(found)
    }
    var next = [Int](repeating: 0, count: segments.count)
    let ordered = chosen.map { found -> SearchHit in
      defer { next[found.ordinal] += 1 }
      return hits[found.ordinal][next[found.ordinal]]
    }
    return SearchResults(total: total, hits: ordered)
  }

  /// Runs `query` as a best match (`IndexSegment.bestMatch`) in every segment and merges
  /// the answers: passages with every word first, then by score, then in document order.
  /// `explain`: each hit carries the parts of its score (`RankedHit.explanation`).
  public func bestMatch(
    _ query: String, limit: Int, verbatim: Bool = false, filters: SearchFilters = .init(), explain: Bool = false
  ) throws(SearchError) -> RankedSearchResults {
    try bestMatch(query, limit: limit, verbatim: verbatim, filters: filters, weights: .standard, explain: explain)
  }

  package func bestMatch(
    _ query: String, limit: Int, verbatim: Bool, filters: SearchFilters, weights: RankingWeights,
    explain: Bool = false
  ) throws(SearchError) -> RankedSearchResults {
    // No segment: nothing is searched, and the query is not even parsed.
    guard !segments.isEmpty else { return RankedSearchResults(total: 0, hits: [], contentWordCount: 0) }
    // Parsed once, not once per segment.
    let parsed = try Self.parse(query)
    var total = 0
    var contentWords = 0
    var hits: [(ordinal: Int, hit: RankedHit)] = []
    // Each word's live frequency is found once, not once per segment.
    let memo = CollectionStatistics.Memo()
    for (ordinal, segment) in segments.enumerated() {
      let found = try segment.bestMatch(
        parsed, limit: limit, verbatim: verbatim, filters: filters, weights: weights, memo: memo, explain: explain)
      total += found.total
      contentWords = found.contentWordCount
      hits += found.hits.map { (ordinal, $0) }
    }
    hits.sort { a, b in
      if a.hit.matchesAllWords != b.hit.matchesAllWords { return a.hit.matchesAllWords }
      if a.hit.hit.score != b.hit.hit.score { return a.hit.hit.score > b.hit.hit.score }
      return Self.precedes(a.ordinal, a.hit.hit, b.ordinal, b.hit.hit)
    }
    let merged = hits.prefix(max(0, limit)).map { found -> RankedHit in
      var ranked = found.hit
      globalize(found.ordinal, &ranked.hit)
      return ranked
    }
    return RankedSearchResults(total: total, hits: merged, contentWordCount: contentWords)
  }

  /// Document order across segments: by segment, then document, then passage.
  static func precedes(_ a: Int, _ hitA: SearchHit, _ b: Int, _ hitB: SearchHit) -> Bool {
    if a != b { return a < b }
    if hitA.documentIndex != hitB.documentIndex { return hitA.documentIndex < hitB.documentIndex }
    return hitA.passageIndex < hitB.passageIndex
  }

  /// Where a passage's citation points, read from its record alone (no text): its start
  /// and its anchor; nil for a passage out of range.
  package func citationLocator(doc: Int, passage: Int) -> (startMilliseconds: Int?, anchor: String?)? {
    guard let (ordinal, local) = locate(document: doc) else { return nil }
    return segments[ordinal].citationLocator(doc: local, passage: passage)
  }

  /// Numbers a segment's hit's document across segments.
  func globalize(_ ordinal: Int, _ hit: inout SearchHit) {
    hit.documentIndex = globalDocument(segment: ordinal, local: hit.documentIndex)
    hit.passage?.documentIndex = hit.documentIndex
  }
}
