import Citations
import JSON
import KnowledgeBase
import SearchIndex

/// One tool the server offers (MCP server/tools): its name, a description written for a
/// model, JSON Schemas for its arguments and its structured result, and what it does.
struct Tool: Sendable {
  let name: String
  let title: String
  let description: String
  let inputSchema: JSONValue
  let outputSchema: JSONValue
  let run: @Sendable (ToolContext, [String: JSONValue]) throws(ToolFailure) -> ToolOutput

  /// The `Tool` object of a `tools/list` result.
  func listing(structured: Bool) -> JSONValue {
    var object: [String: JSONValue] = [
      "name": .string(name), "title": .string(title), "description": .string(description),
      "inputSchema": inputSchema,
      "annotations": ["readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false],
    ]
    if structured { object["outputSchema"] = outputSchema }
    return .object(object)
  }
}

/// What a tool works on.
struct ToolContext {
  let indexes: IndexCache
  /// What `status` reports, when the server was given it.
  var status: MCPServer.StatusProvider?

  func index() throws(ToolFailure) -> SearchIndex {
    do { return try indexes.current() } catch { throw ToolFailure(error) }
  }
}

/// A tool's answer: structured content, and the text block that carries it for clients that
/// read only text (2025-11-25 server/tools, "Structured Content": the serialized JSON).
struct ToolOutput {
  var structured: JSONValue
  var text: String

  init(structured: JSONValue, text: String? = nil) {
    self.structured = structured
    self.text = text ?? structured.encodedLine()
  }
}

/// A tool execution error (`isError: true`): worded so that a model can correct its call
/// (2025-11-25 server/tools, "Error Handling").
struct ToolFailure: Error {
  let message: String
  /// What is damaged, when the failure is a damaged index (the server rebuilds and retries).
  var indexDamage: String?

  init(_ message: String) { self.message = message }

  /// Worded for the cases a model can act on; any other error as the library words it
  /// (an if-chain, not a switch, so that new error cases need no change here).
  init(_ error: CitationsError) {
    indexDamage = KnowledgeBase.damage(in: error)
    if case .emptyCorpus(let path) = error {
      message =
        "The knowledge base is empty: the corpus at \(path) has no documents. "
        + "Harvest it with 'duo-kb refresh', or start the server with --home pointing at a corpus."
    } else if case .query(let query) = error {
      message = ToolFailure.describe(query)
    } else if case .unknownCitation(let id, let reason) = error {
      message =
        "Unknown citation \(id): \(reason). Use a citation id from a search result, "
        + "such as tech-talks/111466@3:46 or hig/designing-for-iphone-duo#anchor."
    } else if case .weakMatch(_, let closest, _, _, _) = error {
      let reason = error.description
      message =
        reason.prefix(1).uppercased() + reason.dropFirst() + ". Cite \(closest) by its id to cite that passage "
        + "anyway, or search to see the passages with some of the words."
    } else if case .corpus(let corpus) = error {
      message = "The corpus cannot be read: \(corpus.description)"
    } else {
      message = "The knowledge base cannot answer: \(error.description)"
    }
  }

  static func describe(_ error: QueryError) -> String {
    switch error {
    case .syntax(let column, let detail):
      "The query does not parse at column \(column): \(detail). Quote phrases with \"...\"; "
        + "use OR, -word, prefix*, and the filters kind:, source:, event:, year:, speaker:."
    case .tooLong(let characters, let limit): "The query has \(characters) characters; the limit is \(limit)."
    case .tooManyTerms(let count, let limit): "The query has \(count) words; the limit is \(limit)."
    case .tooBroad(let column, let prefix, let terms, let limit):
      "'\(prefix)*' at column \(column) stands for \(terms) words; the limit is \(limit). Use a longer prefix."
    }
  }
}
