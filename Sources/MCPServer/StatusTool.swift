import JSON
import KnowledgeBase

/// `status`: how fresh the knowledge base is: documents by kind, the last refresh, failing
/// sources, and whether the index matches the corpus (the JSON of `duo-kb status`).
enum StatusTool {
  static let tool = Tool(
    name: "status",
    title: "How fresh the knowledge base is",
    description: """
      Says what the knowledge base of Apple's exact words holds and how fresh it is: documents by kind, corpus and \
      index size, the last refresh (when, and what it added, changed or failed), sources that \
      keep failing, sources listed but never harvested or gone upstream, and whether the index \
      matches the corpus. Use it before relying on the knowledge base for recent material, \
      and tell the user when it is stale or sources fail.
      """,
    inputSchema: ["type": "object", "properties": [:], "additionalProperties": false],
    outputSchema: AnswerSchema.status,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    guard let status = context.status else { throw ToolFailure("This server was started without a status to report.") }
    let record: any Encodable & Sendable
    do { record = try status() } catch { throw ToolFailure("The status cannot be read: \(error)") }
    return ToolOutput(structured: try AnswerJSON.value(record))
  }
}
