import Citations
import Foundation
import SearchIndex

/// `duo-kb cite QUERY-OR-ID`: one ready-to-paste citation.
enum CiteCommand: Command {
  static let name = "cite"
  static let summary = "A ready-to-paste citation of an id or of a query's top hit"
  static let usage = "QUERY-OR-ID [--format markdown|json|csl-json|text]"
  static let discussion = """
    A citation id (tech-talks/111466@3:46, a range @3:42-4:51, hig/page#anchor) or an Apple
    link (?time=226, #anchor) is cited as it is; anything else is searched and the top hit
    cited. The citation holds the quote in quotation marks,
    the speaker where known, the talk's title and event, the time and the deep link.
    markdown is a line 'duo-kb verify' reads back; csl-json is an array of one CSL 1.0.2 item
    (type speech for talks, webpage for HIG) for reference managers.
    Exit status: 0 cited, 1 no hit or an id that names nothing, 2 usage.
    """
  static let argumentCompletion = SearchCommand.argumentCompletion
  static let options: [OptionSpec] = [
    .value(
      "format", "FORMAT", choices: CitationFormat.allCases.map(\.rawValue),
      help: "markdown, json, csl-json or text (default markdown)")
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    let formatName = try arguments.choice(option("format"), default: CitationFormat.markdown.rawValue)
    let format = CitationFormat(rawValue: formatName) ?? .markdown
    guard !arguments.positionals.isEmpty else {
      throw UsageError("cite needs a query or a citation id", hint: "duo-kb cite \"scrolling content\"")
    }
    let input = arguments.positionals.joined(separator: " ")
    let reference = arguments.positionals.count == 1 ? MomentReference(parsing: input) : nil
    let hit: QuotedHit?
    do {
      hit = try IndexMaintenance.withIndex(context) { index throws(CitationsError) -> QuotedHit? in
        switch reference {
        case .citation(let citation)? where index.documentIndex(id: citation.documentID) != nil:
          return try index.quote(citation, context: 0).target
        case .range?, .unqualified?:
          return try index.quote(reference!, context: 0).target
        case .document(let id)? where index.documentIndex(id: id) != nil:
          throw .unknownCitation(id, reason: "names a whole document: cite a moment of it, such as \(id)@0:00")
        case .citation(let citation)? where input.lowercased().hasPrefix("http"):
          return try index.quote(citation, context: 0).target
        default:
          return try index.answer(input, limit: 1).hits.first
        }
      }
    } catch let error as CitationsError {
      throw QueryFailure(error: error, query: input)
    }
    guard let hit else {
      context.reporter.error("nothing matches '\(input)'")
      return .failure
    }
    if format == .json {
      // The cite record: the passage and its Markdown citation, as the MCP tool gives them.
      context.stdout.write(try AnswerFormat.string(CiteRecord(hit, format: .markdown)) + "\n")
    } else {
      context.stdout.write(CitationFormatter.format(hit, as: format) + "\n")
    }
    return .success
  }
}
