import Citations
import KnowledgeBase
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb audit CHECKLIST`: each rule of a checklist with its best supporting quotes.
enum AuditCommand: LocalCommand {
  static let name = "audit"
  static let summary = "Turn a checklist into a report of supporting quotes, cited and linked"
  static let usage = "CHECKLIST [--quotes N] [--threshold X] [--format markdown|json]"
  static let discussion = HelpWrapping.paragraphs([
    """
    CHECKLIST is a Markdown list (one rule per item; a nested item 'query: WORDS' adds a
    search for it) or JSON [{"rule": "...", "queries": ["..."]}]. Each rule is searched with
    its queries, or with its own words when it has none (a best match: stop words count
    little), and its best passages are quoted exactly, cited and linked, in lines
    'duo-kb verify' checks. Each quote has a support from 0 to 1: the share of the rule's
    words it has, rare words weighing most, a quarter for words only around it, and below
    the threshold whenever it has just one of several words. A rule is supported when its
    best quote reaches --threshold (default \(AuditSupport.standardThreshold)), weak when its quotes are below it,
    unsupported when no passage shares more than stop words with it. Weak evidence is said
    once per rule: in a weak rule's verdict, and before a supported rule's quotes below the
    threshold; the weak and unsupported rules are listed again at the end.
    """,
    "CHECKLIST - reads stdin.",
    "Exit status: 0 every rule supported, 1 some weak or unsupported, 2 usage.",
  ])
  static let argumentCompletion = ValueCompletion.files
  /// `audit`'s options, checked.
  struct Options: CommandOptions {
    var quotes = AuditRequest.quotes.defaultValue(on: .cli)
    var threshold = AuditSupport.standardThreshold
    var format = "markdown"

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "quotes", "N", \.quotes, .positiveInteger(atMost: AuditRequest.quotes.maximum(on: .cli)),
          help:
            "quotes per rule (default \(AuditRequest.quotes.defaultValue(on: .cli)), "
            + "at most \(AuditRequest.quotes.maximum(on: .cli)))"),
        .value(
          "threshold", "X", \.threshold,
          .number(
            where: { (0...1).contains($0) },
            otherwise: { name, text in "--\(name) takes a number from 0 to 1, not '\(text)'" }),
          help: "support a rule's best quote needs, 0 to 1 (default \(AuditSupport.standardThreshold))"),
        .value(
          "format", "FORMAT", \.format, .word(among: ["markdown", "json"]), help: "markdown or json (default markdown)"),
      ]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    let format = options.format
    let quotes = options.quotes
    let threshold = options.threshold
    guard context.positionals.count == 1, let path = context.positionals.first else {
      throw UsageError("audit needs one checklist file", hint: "duo-kb audit checklist.md")
    }
    let text = try VerifyCommand.readText(path, context: context)
    let items: [ChecklistItem]
    do { items = try AuditChecklist.parse(text) } catch { throw CommandFailure("\(path): \(error.description)") }
    let title = path == "-" ? "checklist" : URL(fileURLWithPath: path).lastPathComponent
    let request = AuditRequest(checklist: items, title: title, quotesPerRule: quotes, threshold: threshold)
    let report = try IndexMaintenance.withIndex(context) { index throws(CitationsError) in
      try request.report(in: index)
    }
    context.stdout.write(format == "json" ? report.json + "\n" : report.markdown)
    return report.items.allSatisfy(\.isSupported) ? .success : .failure
  }
}
