import Citations
import Foundation
import SearchIndex

/// `duo-kb audit CHECKLIST`: each rule of a checklist with its best supporting quotes.
enum AuditCommand: Command {
  static let name = "audit"
  static let summary = "Turn a checklist into a report of supporting quotes, cited and linked"
  static let usage = "CHECKLIST [--quotes N] [--format markdown|json]"
  static let discussion = """
    CHECKLIST is a Markdown list (one rule per item; a nested item 'query: WORDS' adds a
    search for it) or JSON [{"rule": "...", "queries": ["..."]}]. Each rule is searched with
    its queries, or with its key words (stop words dropped, joined by OR) when it has none,
    and its best passages are quoted exactly, cited and linked, in lines 'duo-kb verify'
    checks. Rules nothing supports are flagged and listed at the end. CHECKLIST - reads stdin.
    Exit status: 0 every rule supported, 1 some not, 2 usage.
    """
  static let argumentCompletion = ValueCompletion.files
  static let options: [OptionSpec] = [
    .value("quotes", "N", help: "quotes per rule (default 3)"),
    .value("format", "FORMAT", choices: ["markdown", "json"], help: "markdown or json (default markdown)"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    let format = try arguments.choice(option("format"), default: "markdown")
    let quotes = try arguments.positiveInteger("quotes", atMost: 50) ?? 3
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError("audit needs one checklist file", hint: "duo-kb audit checklist.md")
    }
    let text = try VerifyCommand.readText(path, context: context)
    let items: [ChecklistItem]
    do { items = try AuditChecklist.parse(text) } catch { throw CommandFailure("\(path): \(error.description)") }
    let title = path == "-" ? "checklist" : URL(fileURLWithPath: path).lastPathComponent
    let report = try IndexMaintenance.withIndex(context) { index throws(CitationsError) in
      try index.audit(items, title: title, quotesPerRule: quotes)
    }
    context.stdout.write(format == "json" ? report.json + "\n" : report.markdown)
    return report.unsupported.isEmpty ? .success : .failure
  }
}
