import AppleSite
import Citations
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
  /// Each hit carries the parts of its score (`ScoreExplanation`); a strict search's
  /// scores are not broken down, and its hits carry none.
  public var explain: Bool

  public init(
    kinds: [String] = [], sources: [String] = [], verbatim: Bool = false, strict: Bool = false, explain: Bool = false
  ) {
    self.kinds = kinds
    self.sources = sources
    self.verbatim = verbatim
    self.strict = strict
    self.explain = explain
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
        let results = try bestMatch(
          query, limit: limit, verbatim: scope.verbatim, filters: filters, explain: scope.explain)
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
      var quoted = quotedHit(found.hit, rank: rank + 1)
      quoted.matchesAllWords = found.matchesAllWords
      quoted.explanation = found.explanation
      return quoted
    }
    return SearchAnswer(query: query, total: total, hits: hits)
  }
}
