import Citations
import SearchIndex

/// A search as every front end asks it: `duo-kb search`, `GET /api/search` and the MCP tool
/// `search` build one and call `answer(in:)`. Its fields, their defaults and bounds are
/// described here once.
public struct SearchRequest: Sendable, Equatable {
  public var query: String
  public var limit: Int
  public var scope: SearchScope

  public init(
    query: String, limit: Int = SearchRequest.limit.defaultValue(on: .cli), scope: SearchScope = SearchScope()
  ) {
    self.query = query
    self.limit = limit
    self.scope = scope
  }

  /// How many passages to return. One visible decision: an assistant's context is small,
  /// so MCP takes at most 50; the CLI and the API, which people and scripts page through,
  /// take up to 10,000.
  public static let limit = IntegerField(
    name: "limit", help: "How many passages to return", default: 10, minimum: 1, maximum: 10_000,
    maximums: [.mcp: 50])

  /// The kinds of document a search can be narrowed to (`kind:talk`, `--kind hig`).
  public static let kinds = ["talk", "hig", "doc", "code"]

  public static let strict = FlagField(
    name: "strict", help: "Only passages that match every word, never a best match of some of them")
  public static let explain = FlagField(
    name: "explain",
    help: "Add `explain` to each result: why it ranked there (each word's part by field and context, "
      + "and the share of the query it covers); not for strict searches")

  /// The best passages, quoted (`SearchIndex.answer`).
  public func answer(in index: SearchIndex) throws(CitationsError) -> SearchAnswer {
    try index.answer(query, limit: limit, scope: scope)
  }
}
