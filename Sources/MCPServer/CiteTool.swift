import Citations
import JSON
import KnowledgeBase

/// `cite`: ready-to-paste citations of citation ids or of queries' best hits, merged into one
/// bibliography in any of `duo-kb cite`'s formats.
enum CiteTool {
  static let tool = Tool(
    name: "cite",
    title: "A ready-to-paste citation",
    description: """
      Makes a ready-to-paste citation of Apple's exact words: the quote in quotation marks, the \
      speaker where known, the talk's title and event (or the HIG page), the m:ss time and the \
      deep link. `query` is a citation id from `search` or `quote` (tech-talks/111466@3:46, \
      hig/designing-for-iphone-duo#anchor) or an Apple link, cited as it is, or words to search, \
      whose best hit is cited when it has every word or enough of them (else the tool errs, \
      naming the closest passage, which can be cited by its id); `queries` cites several at \
      once, merged into one bibliography (one entry per talk or page, one cite per passage). Formats: markdown (a blockquote that \
      duo-kb verify reads back; the default), text, json, csl-json (CSL 1.0.2 items, one per \
      document, with the date published and the access date), bibtex, ris. The structured \
      answer also holds the CSL items and a cite of an item for each passage, its time as the \
      locator. Paste `text` as it is: do not change the words inside the quotation marks.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "query": [
          "type": "string", "minLength": 1, "maxLength": 1000,
          "description": "A citation id or Apple link, or words to search (the best hit is cited)",
        ],
        "queries": [
          "type": "array", "items": ["type": "string", "minLength": 1, "maxLength": 1000],
          "description": "Several ids, links or queries, cited after `query` into one bibliography",
        ],
        "format": [
          "type": "string", "enum": .array(CitationFormat.allCases.map { .string($0.rawValue) }), "default": "markdown",
          "description": "markdown (default), text, json, csl-json, bibtex or ris",
        ],
      ],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.cite,
    run: run)

  /// At most this many ids or queries in one call.
  static let maximumInputs = CiteRequest.inputs.maximum(on: .mcp)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let inputs =
      [arguments["query"]?.stringValue].compactMap { $0 }
      + (arguments["queries"]?.arrayValue ?? []).compactMap(\.stringValue)
    guard !inputs.isEmpty else { throw ToolFailure("Give `query` (a citation id or words to search) or `queries`.") }
    guard inputs.count <= maximumInputs else {
      throw ToolFailure("At most \(maximumInputs) ids or queries in one call; \(inputs.count) were given.")
    }
    let format = arguments["format"]?.stringValue.flatMap(CitationFormat.init(rawValue:)) ?? .markdown
    let index = try context.index()
    let outcome: CiteOutcome
    do {
      outcome = try CiteRequest(inputs: inputs, format: format).outcome(from: context.indexes.knowledgeBase, in: index)
    } catch {
      throw ToolFailure(error)
    }
    if let miss = outcome.misses.first {
      if let error = miss.error { throw ToolFailure(error) }
      throw ToolFailure("Nothing matches '\(miss.input)'. Try fewer or other words, or search first.")
    }
    guard let record = CiteRecord(outcome.bibliography, format: format) else {
      throw ToolFailure("Nothing matches. Try fewer or other words, or search first.")
    }
    return ToolOutput(structured: try AnswerJSON.value(record), text: record.text)
  }
}
