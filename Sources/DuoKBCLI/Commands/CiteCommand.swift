import Citations
import KnowledgeBase
import SearchIndex
import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb cite QUERY-OR-ID...`: ready-to-paste citations, merged into one bibliography.
enum CiteCommand: LocalCommand {
  static let name = "cite"
  static let summary = "Ready-to-paste citations of ids or of queries' top hits, as one bibliography"
  static let usage = "QUERY-OR-ID... [--bibliography FILE] [--format markdown|json|csl-json|bibtex|ris|text]"
  static let discussion = """
    A citation id (tech-talks/111466@3:46, a range @3:42-4:51, hig/page#anchor) or an Apple
    link (?time=226, #anchor) is cited as it is; anything else is searched and the top hit
    cited when it has every word, or enough of them to support them as audit weighs a quote
    (otherwise nothing is cited for them, and the closest passage is named, to cite by its
    id if it will do). Several can be cited at once: each id or link is one, each quoted
    argument with spaces one query, and words in a row one query ('cite toolbar outer'
    searches both words); --bibliography FILE (- for stdin) reads one id or query a line
    (blank lines and lines starting with # are skipped). They make one bibliography: one
    entry per talk or page, one cite per quoted passage.
    markdown gives a blockquote per passage that 'duo-kb verify' reads back, text one line
    per passage (a HIG section keeps its lists and tables in both); csl-json an array of CSL
    1.0.2 items, one per document (a talk is a speech, genre Video; a HIG page a webpage),
    with the date published and the date fetched; bibtex @misc and @online entries with
    urldate; ris records; json the passages, the CSL items and a cite of an item for each
    passage, its time as the locator ("locator": "3:46", "label": "timestamp").
    Exit status: 0 all cited, 1 something named nothing (what was found is still printed),
    2 usage.
    """
  static let argumentCompletion = SearchCommand.argumentCompletion
  /// `cite`'s options, checked.
  struct Options: CommandOptions {
    var format = CitationFormat.markdown
    var bibliography: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "format", "FORMAT", \.format, .choice,
          help: "markdown, json, csl-json, bibtex, ris or text (default markdown)"
        ),
        .value(
          "bibliography", "FILE", \.bibliography, .text,
          help: "cite each line of FILE (- for stdin): an id, a link or a query"),
      ]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    let format = options.format
    var inputs = items(context.positionals)
    if let file = options.bibliography {
      inputs += lines(String(decoding: try context.read(file), as: UTF8.self))
    }
    guard !inputs.isEmpty else {
      throw UsageError(
        "cite needs a query or a citation id", hint: "duo-kb cite \"scrolling content\" tech-talks/111463@3:46")
    }
    let base = KnowledgeBase(home: context.home.url)
    let outcome: CiteOutcome
    do {
      outcome = try IndexMaintenance.withIndex(context) { index throws(CitationsError) in
        try CiteRequest(inputs: inputs).outcome(from: base, in: index)
      }
    } catch let error as CitationsError {
      throw QueryFailure(error: error, query: inputs.joined(separator: " "))
    }
    if inputs.count == 1, let miss = outcome.misses.first, let error = miss.error {
      // One id that names nothing: worded as before, with its hint.
      throw IndexMaintenance.failure(error, base: base)
    }
    for miss in outcome.misses {
      if let error = miss.error {
        context.reporter.error(error.description)
      } else {
        context.reporter.error("nothing matches '\(miss.input)'")
      }
    }
    if let record = CiteRecord(outcome.bibliography, format: format) {
      if format == .json {
        // The cite record: the passages, their Markdown citations and the CSL bibliography.
        context.stdout.write(try AnswerFormat.string(record) + "\n")
      } else {
        context.stdout.write(record.text + "\n")
      }
    }
    return outcome.misses.isEmpty ? .success : .failure
  }

  /// Arguments as ids and queries: an id or link alone, an argument with spaces (quoted on
  /// the command line) alone, and other words in a row as one query.
  static func items(_ arguments: [String]) -> [String] {
    var items: [String] = []
    var words: [String] = []
    func flush() {
      if !words.isEmpty { items.append(words.joined(separator: " ")) }
      words = []
    }
    for argument in arguments {
      let trimmed = argument.trimmingWhitespaceAndNewlines()
      if trimmed.isEmpty { continue }
      if trimmed.contains(where: \.isWhitespace) || isReference(trimmed) {
        flush()
        items.append(trimmed)
      } else {
        words.append(trimmed)
      }
    }
    flush()
    return items
  }

  /// An id or a link, not a word: a plain word also reads as a document id, but only a link
  /// or an id with a slash, a time, an anchor or a hash names something by itself.
  static func isReference(_ text: String) -> Bool {
    guard MomentReference(parsing: text) != nil else { return false }
    return text.lowercased().hasPrefix("http") || text.contains { "/@#~".contains($0) }
  }

  /// The lines of a bibliography file that name something.
  static func lines(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }
}
