import Citations
import JSON
import KnowledgeBase
import SearchIndex

/// `documents`: what the knowledge base holds, filtered by kind, event, year and language.
enum DocumentsTool {
  static let tool = Tool(
    name: "documents",
    title: "List the talks and HIG pages the knowledge base holds",
    description: """
      Lists the documents of the knowledge base (Apple's talks and Human Interface Guidelines \
      pages): id, kind, title, link, event, year, language and passage count, with how many \
      there are of each kind, event, year and language. Filter by `kind` (talk or hig), \
      `event` (wwdc2024, WWDC24, tech-talks), `year` and `lang` (BCP 47; zh also finds zh-Hans). \
      Every document answers with Apple's exact words: use an id with `search` (source:ID), or read the whole document as the resource \
      duokb://document/ID.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "kind": [
          "type": "string", "enum": ["talk", "hig", "doc"],
          "description": "Only talks, HIG pages or documentation pages",
        ],
        "event": ["type": "string", "minLength": 1, "description": "Only this event, e.g. wwdc2024 or tech-talks"],
        "year": ["type": "integer", "minimum": 0, "maximum": 9999, "description": "Only this year"],
        "lang": ["type": "string", "minLength": 1, "description": "Only this language, e.g. en or ja"],
      ],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.documents,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let filters = SearchFilters(
      kinds: arguments["kind"]?.stringValue.map { [$0] } ?? [],
      events: arguments["event"]?.stringValue.map { [$0] } ?? [],
      years: arguments["year"]?.intValue.map { [$0] } ?? [],
      languages: arguments["lang"]?.stringValue.map { [$0] } ?? [])
    let index = try context.index()
    return ToolOutput(structured: try AnswerJSON.value(index.documentList(filters: filters)))
  }
}
