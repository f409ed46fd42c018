import Citations
import JSON
import KnowledgeBase

/// `audit`: a checklist in, each rule with its best supporting quotes (cited and linked)
/// out, and the rules nothing supports flagged; the engine and JSON of `duo-kb audit`.
enum AuditTool {

  static let tool = Tool(
    name: "audit",
    title: "Audit a checklist against Apple's guidance",
    description: """
      Checks each rule of a design or review checklist against Apple's talks and HIG pages: \
      every rule gets its best supporting passages, Apple's exact words with their `link`, \
      `timestamp` or section and `citation` id, and `supported` says whether anything backs \
      it. The checklist is a Markdown list (one rule per item; a nested item 'query: WORDS' \
      searches those words for it) or JSON [{"rule": "...", "queries": ["..."]}]; a rule without \
      queries is searched by its key words. Quote the returned `quote`s verbatim; say plainly \
      which rules Apple's words do not support rather than inventing support.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "checklist": [
          "type": "string", "minLength": 1, "maxLength": .int(AuditChecklist.maximumBytes),
          "description": "The checklist: a Markdown list of rules, or JSON [{\"rule\": ..., \"queries\": [...]}]",
        ],
        "title": ["type": "string", "description": "A name for the report (default: checklist)"],
        "quotesPerRule": ToolSchema.integer(AuditRequest.quotes),
      ],
      "required": ["checklist"],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.audit,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let text = arguments["checklist"]?.stringValue ?? ""
    let title = arguments["title"]?.stringValue ?? "checklist"
    let items: [ChecklistItem]
    do { items = try AuditChecklist.parse(text) } catch {
      throw ToolFailure(
        "The checklist cannot be read: \(error.description). Give a Markdown list of rules, one per item.")
    }
    let index = try context.index()
    let report: AuditReport
    let request = AuditRequest(
      checklist: items, title: title,
      quotesPerRule: arguments[AuditRequest.quotes.name(on: .mcp)]?.intValue
        ?? AuditRequest.quotes.defaultValue(on: .mcp))
    do { report = try request.report(in: index) } catch { throw ToolFailure(error) }
    return ToolOutput(structured: try AnswerJSON.value(AuditRecord(report)))
  }
}
