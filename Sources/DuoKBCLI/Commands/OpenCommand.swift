import Citations
import KnowledgeBase

/// `duo-kb open ID`: the deep link of a citation id or a document, printed or opened.
enum OpenCommand: LocalCommand {
  static let name = "open"
  static let summary = "Print the deep link of a citation id or document id, or open it in the browser"
  static let usage = "ID-OR-LINK [--browser]"
  static let discussion = """
    Takes what quote takes: a citation id (tech-talks/111466@3:46 gives the talk's page at
    that second, hig/layout#anchor the section of the guideline), a document id (its page),
    or one of Apple's links. Prints the link, one line, for a pipeline or a terminal that
    opens links; --browser opens it with the system's opener instead (open on macOS,
    xdg-open elsewhere, found on PATH and run without a shell). Exit status: 0 done, 1 an
    id that names nothing (with the ids it may have meant) or an opener that failed, 2 usage.
    """
  static let argumentCompletion = ValueCompletion.citationIDs
  /// `open`'s options.
  struct Options: CommandOptions {
    var browser = false

    static var declarations: [OptionDeclaration<Options>] {
      [
        .flag(
          "browser", \.browser,
          help: "open the link with the system's opener (open, xdg-open) instead of printing it")
      ]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    guard context.positionals.count == 1, let text = context.positionals.first else {
      throw UsageError("open needs one citation id or document id", hint: "duo-kb open tech-talks/111466@3:46")
    }
    guard let reference = MomentReference(parsing: text) else {
      throw UsageError(
        "'\(text)' is not a citation id or an Apple link",
        hint: "ids look like tech-talks/111466@3:46, tech-talks/111466 or hig/layout#anchor")
    }
    let link = try IndexMaintenance.withIndex(context) { index throws(CitationsError) -> String in
      if case .document(let id) = reference { return try index.overview(documentID: id).url }
      return try index.quote(reference, context: 0).target.link
    }
    guard options.browser else {
      context.stdout.write(DisplayText.line(link) + "\n")
      return .success
    }
    try LinkOpener.open(link, environment: context.environment)
    context.reporter.notice("opened \(DisplayText.line(link))")
    return .success
  }
}
