import JSON
import Citations

/// `cite`: a ready-to-paste citation of a citation id, or of a query's best hit.
enum CiteTool {
  static let tool = Tool(
    name: "cite",
    title: "A ready-to-paste citation",
    description: """
      Makes a ready-to-paste citation of Apple's exact words: the quote in quotation marks, the \
      speaker where known, the talk's title and event (or the HIG page), the m:ss time and the \
      deep link. `query` is a citation id from `search` or `quote` (tech-talks/111466@3:46, \
      hig/designing-for-iphone-duo#anchor), cited as it is, or words to search, whose best hit \
      is cited. Formats: markdown (a blockquote line that duo-kb verify reads back; the default), \
      text, json, csl-json (CSL 1.0.2 for reference managers). Paste `text` as it is: do not \
      change the words inside the quotation marks.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "query": [
          "type": "string", "minLength": 1, "maxLength": 1000,
          "description": "A citation id, or words to search (the best hit is cited)",
        ],
        "format": [
          "type": "string", "enum": .array(CitationFormat.allCases.map { .string($0.rawValue) }), "default": "markdown",
          "description": "markdown (default), text, json or csl-json",
        ],
      ],
      "required": ["query"],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.cite,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let query = arguments["query"]?.stringValue ?? ""
    let format = arguments["format"]?.stringValue.flatMap(CitationFormat.init(rawValue:)) ?? .markdown
    let index = try context.index()
    var hit: QuotedHit?
    do {
      if let citation = CitationID(parsing: query), !query.contains(" "), index.documentIndex(id: citation.documentID) != nil {
        hit = try index.quote(citation, context: 0).target
      } else {
        hit = try index.answer(query, limit: 1).hits.first
      }
    } catch {
      throw ToolFailure(error)
    }
    guard let hit else { throw ToolFailure("Nothing matches '\(query)'. Try fewer or other words, or search first.") }
    let record = CiteRecord(hit, format: format)
    return ToolOutput(structured: try AnswerJSON.value(record), text: record.text)
  }
}
