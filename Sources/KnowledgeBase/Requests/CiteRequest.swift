import Citations
import SearchIndex

/// Citations of ids, links or queries in one format, as `duo-kb cite`, `GET /api/cite` and
/// the MCP tool `cite` ask them.
public struct CiteRequest: Sendable, Equatable {
  /// Citation ids, Apple links or queries, cited in order.
  public var inputs: [String]
  public var format: CitationFormat

  public init(inputs: [String], format: CitationFormat = .markdown) {
    self.inputs = inputs
    self.format = format
  }

  /// How many ids or queries one request cites: MCP takes at most 100 in one call; the
  /// command line reads a whole file of them.
  public static let inputs = IntegerField(
    name: "queries", help: "How many ids or queries to cite at once", default: 1, minimum: 1, maximum: Int.max,
    maximums: [.mcp: 100])

  /// One bibliography of every passage found, and each input that named nothing.
  public func outcome(from knowledgeBase: KnowledgeBase, in index: SearchIndex) throws(CitationsError) -> CiteOutcome {
    try knowledgeBase.cite(inputs, in: index)
  }

  /// The cite record of every passage found in `format`; nil when the queries match
  /// nothing. An input that names nothing throws why.
  public func record(from knowledgeBase: KnowledgeBase, in index: SearchIndex) throws(CitationsError) -> CiteRecord? {
    let outcome = try outcome(from: knowledgeBase, in: index)
    if let error = outcome.misses.first?.error { throw error }
    return CiteRecord(outcome.bibliography, format: format)
  }
}
