import AppleSite
import DocumentModel
import SearchIndex

/// What a search may be narrowed to, beyond the query's own filters.
public struct SearchScope: Sendable, Equatable {
  public var kinds: [String]
  public var sources: [String]
  public var verbatim: Bool
  /// Only passages that match every word (and the query's operators), never a best match
  /// of some of them.
  public var strict: Bool

  public init(kinds: [String] = [], sources: [String] = [], verbatim: Bool = false, strict: Bool = false) {
    self.kinds = kinds
    self.sources = sources
    self.verbatim = verbatim
    self.strict = strict
  }
}

extension SearchIndex {
  /// Runs a query and turns its best hits into quotes with sources, times, links and ids:
  /// a best match (`SearchIndex.bestMatch`: passages with every word first, then, when
  /// they are fewer than `limit`, passages with some of them), or with `scope.strict` only
  /// passages that match the whole query.
  public func answer(_ query: String, limit: Int, scope: SearchScope = SearchScope())
    throws(CitationsError) -> SearchAnswer
  {
    let filters = SearchFilters(kinds: scope.kinds, sources: scope.sources)
    let total: Int
    let ranked: [RankedHit]
    do {
      if scope.strict {
        let results = try search(query, limit: limit, verbatim: scope.verbatim, filters: filters)
        total = results.total
        ranked = results.hits.map {
          RankedHit(hit: $0, matchesAllWords: true, ownCoverage: 1, contextCoverage: 0, ownContentWords: 0)
        }
      } else {
        let results = try bestMatch(query, limit: limit, verbatim: scope.verbatim, filters: filters)
        total = results.total
        ranked = results.hits
      }
    } catch {
      switch error {
      case .query(let queryError): throw .query(queryError)
      case .index(let formatError): throw .indexFormat(formatError)
      }
    }
    let hits = ranked.enumerated().map { rank, found in
      let hit = found.hit
      var quoted = quotedHit(
        document: hit.documentIndex, passage: hit.passageIndex, rank: rank + 1,
        score: hit.score, matchedRanges: hit.matchedRanges, matchStartMilliseconds: hit.matchStartMilliseconds)
      quoted.matchesAllWords = found.matchesAllWords
      return quoted
    }
    return SearchAnswer(query: query, total: total, hits: hits)
  }

  /// One stored passage as a quoted hit; a talk's link points at `matchStartMilliseconds`
  /// when the matched words begin in a later cue than the passage.
  public func quotedHit(
    document documentIndex: Int, passage passageIndex: Int, rank: Int = 1, score: Double = 0,
    matchedRanges: [Range<Int>] = [], matchStartMilliseconds: Int? = nil
  ) -> QuotedHit {
    let document = document(documentIndex)
    let stored = passage(doc: documentIndex, passage: passageIndex)
    let isTalk = document.kind == .talk
    let matchStart = isTalk ? stored.startMilliseconds.map { max($0, matchStartMilliseconds ?? $0) } : nil
    let link =
      isTalk
      ? (matchStart.map { DeepLink.talk(page: document.url, milliseconds: $0) } ?? document.url)
      : DeepLink.section(page: document.url, anchor: stored.anchor)
    return QuotedHit(
      rank: rank, score: score, quote: stored.text, passageKind: stored.kind,
      startMilliseconds: isTalk ? stored.startMilliseconds : nil,
      endMilliseconds: isTalk ? stored.endMilliseconds : nil, matchStartMilliseconds: matchStart,
      timestamp: isTalk ? stored.startMilliseconds.map { Timecode.format(milliseconds: $0) } : nil,
      anchor: isTalk ? nil : stored.anchor, heading: stored.heading, link: link,
      citation: citationID(document: documentIndex, passage: passageIndex),
      speaker: stored.speaker,
      source: QuotedHit.Source(
        kind: document.kind, id: document.id, title: document.title, url: document.url,
        event: document.event, year: document.year, language: document.language),
      matchedRanges: matchedRanges, documentIndex: documentIndex, passageIndex: passageIndex)
  }

  /// The citation id of a passage: its neighbours that share its time or anchor decide
  /// whether it needs a hash suffix (they sit next to it, since passages are in order).
  public func citationID(document documentIndex: Int, passage passageIndex: Int) -> CitationID {
    let document = document(documentIndex)
    let mine = passage(doc: documentIndex, passage: passageIndex)
    let locator = CitationID.locator(
      kind: document.kind, startMilliseconds: mine.startMilliseconds, anchor: mine.anchor)
    var first = passageIndex
    var last = passageIndex
    func sameLocator(_ index: Int) -> Bool {
      let other = passage(doc: documentIndex, passage: index)
      return CitationID.locator(kind: document.kind, startMilliseconds: other.startMilliseconds, anchor: other.anchor)
        == locator
    }
    while first > 0, sameLocator(first - 1) { first -= 1 }
    while last + 1 < document.passageCount, sameLocator(last + 1) { last += 1 }
    let group = (first...last).map { index -> (text: String, start: Int?, anchor: String?) in
      let other = passage(doc: documentIndex, passage: index)
      return (other.text, other.startMilliseconds, other.anchor)
    }
    return CitationID.forPassage(
      at: passageIndex - first, documentID: document.id, kind: document.kind, passages: group)
  }
}
