import Citations
import SearchIndex

/// A quotation of what a citation id, range or Apple link names, with passages around it,
/// as `duo-kb quote`, `GET /api/quote` and the MCP tool `quote` ask it.
public struct QuoteRequest: Sendable, Equatable {
  public var reference: MomentReference
  public var context: Int

  public init(reference: MomentReference, context: Int = QuoteRequest.context.defaultValue(on: .cli)) {
    self.reference = reference
    self.context = context
  }

  /// How many passages to add before and after. MCP adds one unless told otherwise and
  /// takes at most 10 (an assistant asks again for more); the CLI and the API add none and
  /// take up to 1,000.
  public static let context = IntegerField(
    name: "context", help: "How many passages to add before and after", default: 0, minimum: 0, maximum: 1_000,
    maximums: [.mcp: 10], defaults: [.mcp: 1])

  /// The passages named, with `context` around them (`SearchIndex.quote`).
  public func answer(in index: SearchIndex) throws(CitationsError) -> QuoteAnswer {
    try index.quote(reference, context: context)
  }
}
