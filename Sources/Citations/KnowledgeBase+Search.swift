import AppleSite
import Normalize
import SearchIndex

/// What a search may be narrowed to, beyond the query's own filters.
public struct SearchScope: Sendable, Equatable {
  public var kinds: [String]
  public var sources: [String]
  public var verbatim: Bool

  public init(kinds: [String] = [], sources: [String] = [], verbatim: Bool = false) {
    self.kinds = kinds
    self.sources = sources
    self.verbatim = verbatim
  }
}

extension SearchIndex {
  /// Runs a query and turns its best hits into quotes with sources, times, links and ids.
  public func answer(_ query: String, limit: Int, scope: SearchScope = SearchScope())
    throws(CitationsError) -> SearchAnswer
  {
    let results: SearchResults
    do {
      results = try search(
        query, limit: limit, verbatim: scope.verbatim,
        filters: SearchFilters(kinds: scope.kinds, sources: scope.sources))
    } catch {
      switch error {
      case .query(let queryError): throw .query(queryError)
      case .index(let formatError): throw .indexFormat(formatError)
      }
    }
    let hits = results.hits.enumerated().map { rank, hit in
      quotedHit(document: hit.documentIndex, passage: hit.passageIndex, rank: rank + 1,
                score: hit.score, matchedRanges: hit.matchedRanges, matchStartMilliseconds: hit.matchStartMilliseconds)
    }
    return SearchAnswer(query: query, total: results.total, hits: hits)
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
    let locator = CitationID.locator(kind: document.kind, startMilliseconds: mine.startMilliseconds, anchor: mine.anchor)
    var first = passageIndex
    var last = passageIndex
    func sameLocator(_ index: Int) -> Bool {
      let other = passage(doc: documentIndex, passage: index)
      return CitationID.locator(kind: document.kind, startMilliseconds: other.startMilliseconds, anchor: other.anchor) == locator
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
