import Citations
import JSON
import KnowledgeBase

/// `search`: ranked passages of Apple's talks and HIG pages, each an exact quote with its
/// source, time or anchor, deep link and citation id.
enum SearchTool {
  static let tool = Tool(
    name: "search",
    title: "Search Apple's talks and Human Interface Guidelines",
    description: """
      Finds passages in Apple's developer talks (WWDC, tech talks; from their subtitle tracks) \
      and Human Interface Guidelines pages. Every result's `quote` is Apple's exact words, whole \
      sentences, never a paraphrase: quote it verbatim inside quotation marks and cite it with its \
      `link` (a talk link opens the video at that second) and its `timestamp` (m:ss) for talks or \
      the section for HIG pages, plus the `citation` id (e.g. tech-talks/111466@3:46). Do not \
      change words inside the quotation marks; leave out what you do not quote.
      Passages with all the words come first; when fewer than `limit` have them all, the best \
      passages with some of them follow and `partialMatches` is true (`strict` turns that off). \
      Query language: words, "exact phrases", OR, -word or NOT, prefix* (a query with OR, NOT \
      or a prefix matches strictly), parentheses, and the filters \(QuerySyntax.filterList). \
      Case and diacritics never matter; identifiers match whole and split \
      (toolbarVerticalBehavior is found by "toolbar vertical behavior"); plurals fold.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "query": [
          "type": "string", "minLength": 1, "maxLength": 1000,
          "description": "What to find, e.g. \"scrolling content\" or toolbar vertical -sheet",
        ],
        "limit": ToolSchema.integer(SearchRequest.limit),
        "kind": [
          "type": "string", "enum": .array(SearchRequest.kinds.map { .string($0) }),
          "description": "Only talks, only HIG pages, or only code samples",
        ],
        "strict": ToolSchema.flag(SearchRequest.strict),
        "source": [
          "type": "string", "minLength": 1,
          "description": "Only this document, by id (e.g. tech-talks/111466, hig/designing-for-iphone-duo)",
        ],
        "explain": ToolSchema.flag(SearchRequest.explain),
      ],
      "required": ["query"],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.search,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let request = SearchRequest(
      query: arguments["query"]?.stringValue ?? "",
      limit: arguments[SearchRequest.limit.name]?.intValue ?? SearchRequest.limit.defaultValue(on: .mcp),
      scope: SearchScope(
        kinds: arguments["kind"]?.stringValue.map { [$0] } ?? [],
        sources: arguments["source"]?.stringValue.map { [$0] } ?? [],
        strict: arguments[SearchRequest.strict.name]?.boolValue ?? false,
        explain: arguments[SearchRequest.explain.name]?.boolValue ?? false))
    let index = try context.index()
    let answer: SearchAnswer
    do { answer = try request.answer(in: index) } catch { throw ToolFailure(error) }
    return ToolOutput(structured: try AnswerJSON.value(SearchRecord(answer)))
  }
}
