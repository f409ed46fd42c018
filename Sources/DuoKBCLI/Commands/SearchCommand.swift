import Citations
import KnowledgeBase
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb search QUERY`: exact quotes, ranked, with source, time or anchor, link and citation.
enum SearchCommand: LocalCommand {
  static let name = "search"
  static let summary = "Find Apple's exact words: quotes with source, time, link and citation"
  static let usage =
    "QUERY [--limit N] [--kind K] [--source ID] [--format text|markdown|json|tsv] [--strict] [--verbatim]"
    + " [--explain] | --batch FILE"
  static let discussion = HelpWrapping.paragraphs([
    """
    Passages with all the words come first; when they are fewer than --limit (default
    \(SearchRequest.limit.defaultValue(on: .cli)), at most \(SearchRequest.limit.maximum(on: .cli))), passages with
    some of them follow ("showing passages that match some of the words"), ranked by the
    rarer words they share, their forms (adapting finds adaptive, exact forms first), and
    the sentences, heading and title around them. --strict shows only passages with all the
    words. \(syntaxSentence) Case and diacritics never matter; identifiers match whole and split
    (toolbarVerticalBehavior is found by "toolbar vertical behavior"), and plurals fold.
    --verbatim turns the splitting and folding off. The index is built from the corpus when
    missing or older than it.
    """,
    """
    --explain shows why each hit ranked where it did: its score as the sum of each word's or
    phrase's part (idf × the saturation of its occurrences at the passage's length, its
    neighbours, heading, title and description), times the share of the query it covers
    (in JSON, "explain" on each hit; a strict search's scores are not broken down).
    """,
    """
    --batch FILE (or -) answers one query per line: one JSON line each (with "micros" and
    its own "status"), or with --format text or markdown one answer after another; it exits
    2 when a line does not parse, else 0 when any line hits, else 1.
    """,
    """
    --format tsv prints one line per hit for pipelines (cut -f1 gives the citation ids):
    citation id, time (empty for a HIG section), title and quote, tab-separated; a backslash,
    tab, line feed or carriage return in a field is written \\\\, \\t, \\n or \\r.
    """,
    """
    Exit status: 0 hits, 1 nothing matches at all, 2 a query that does not parse (its column
    is shown).
    """,
  ])
  /// The discussion's sentence on the query language, composed from `QuerySyntax`:
  /// `Operators: "exact phrases", OR, ...; filters: kind:talk|hig|doc|code, ...; a query
  /// with OR, NOT or prefix* is always strict.`
  static var syntaxSentence: String {
    let operators = QuerySyntax.operators.map(\.spelling)
    let strict = QuerySyntax.operators.filter(\.makesStrict).map(\.spelling)
    return "Operators: \(QuerySyntax.listed(operators, conjunction: "and")); filters: \(QuerySyntax.filterList); "
      + "a query with \(QuerySyntax.listed(strict)) is always strict."
  }
  static let kinds = SearchRequest.kinds
  /// A query's words are free; its filters complete (`kind:talk`).
  static let argumentCompletion = ValueCompletion.words(
    kinds.map { "kind:\($0)" } + QuerySyntax.filters.map(\.spelling).filter { $0 != "kind:" })
  /// `search`'s options, checked.
  struct Options: CommandOptions {
    var limit = SearchRequest.limit.defaultValue(on: .cli)
    var kinds: [String] = []
    var sources: [String] = []
    /// Nil when not given: a batch answers in JSON lines then, a query in text.
    var format: String?
    var strict = false
    var verbatim = false
    var explain = false
    var batch: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "limit", "N", short: "n", \.limit, .positiveInteger(atMost: SearchRequest.limit.maximum(on: .cli)),
          help:
            "how many hits to print (default \(SearchRequest.limit.defaultValue(on: .cli)), "
            + "at most \(SearchRequest.limit.maximum(on: .cli)))"),
        .values(
          "kind", "K", \.kinds,
          ValueParser(choices: SearchCommand.kinds) { text, _ throws(UsageError) in
            guard SearchCommand.kinds.contains(text) else {
              throw UsageError("--kind takes \(QuerySyntax.listed(SearchCommand.kinds)), not '\(text)'")
            }
            return text
          }, help: QuerySyntax.listed(SearchCommand.kinds)),
        .values("source", "ID", \.sources, .text, help: "only this document (e.g. tech-talks/111466)"),
        .value(
          "format", "FORMAT", \.format, .word(among: ["text", "markdown", "json", "tsv"]),
          help: "text, markdown, json or tsv (one line per hit; default text)"),
        .flag("strict", \.strict, help: "only passages that match every word, never some of them"),
        .flag("verbatim", \.verbatim, help: "match words as written: no identifier splitting, no plural folding"),
        .flag("explain", \.explain, help: "show each hit's score broken down by word, field and context"),
        .value(
          "batch", "FILE", \.batch, .text,
          help: "answer one query per line of FILE (- for stdin), JSON lines by default"),
      ]
    }

    func validate() throws(UsageError) {
      let format = format ?? "text"
      if explain && (format == "markdown" || format == "tsv") {
        throw UsageError("--explain shows in text and json, not in \(format)", hint: "duo-kb search QUERY --explain")
      }
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    let format = options.format ?? "text"
    let limit = options.limit
    let scope = SearchScope(
      kinds: options.kinds, sources: options.sources, verbatim: options.verbatim, strict: options.strict,
      explain: options.explain)
    var searcher = try RepairingSearcher(context)
    if let batch = options.batch {
      guard context.positionals.isEmpty else {
        throw UsageError("--batch takes its queries from FILE, not the command line")
      }
      // JSON Lines unless another format is asked for: scripts read batches.
      let batchFormat = options.format ?? "json"
      return try runBatch(batch, searcher: &searcher, limit: limit, scope: scope, format: batchFormat, context: context)
    }
    guard !context.positionals.isEmpty else {
      throw UsageError("search needs a query", hint: "duo-kb search \"vertical toolbar\"")
    }
    let query = context.positionals.joined(separator: " ")
    let answer: SearchAnswer
    do {
      answer = try searcher.answer(SearchRequest(query: query, limit: limit, scope: scope))
    } catch {
      throw QueryFailure(error: error, query: query)
    }
    switch format {
    case "json": context.stdout.write(try SearchFormatter.json(answer, pretty: true) + "\n")
    case "markdown": context.stdout.write(SearchFormatter.markdown(answer))
    case "tsv": context.stdout.write(TSVLine.lines(answer))
    default:
      context.stdout.write(
        SearchFormatter.text(answer, highlight: context.stdoutUsesColor, explain: scope.explain))
    }
    return answer.hits.isEmpty ? .failure : .success
  }

  /// One query per line, each answered in `format`: JSON Lines (each object with its own
  /// `status`, 0 hits, 1 none, 2 a query that does not parse, and `micros`), or text and
  /// Markdown answers one after another. Exit status: 2 when any line did not parse, else 0
  /// when any line hit, else 1.
  static func runBatch(
    _ path: String, searcher: inout RepairingSearcher, limit: Int, scope: SearchScope, format: String,
    context: CommandContext
  ) throws -> ExitStatus {
    let data = try context.read(path)
    var anyHits = false
    var anyErrors = false
    for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
      let query = String(line)
      let started = ContinuousClock.now
      let result: Result<SearchAnswer, CitationsError>
      do throws(CitationsError) {
        result = .success(try searcher.answer(SearchRequest(query: query, limit: limit, scope: scope)))
      } catch {
        result = .failure(error)
      }
      switch result {
      case .success(let answer):
        let elapsed = ContinuousClock.now - started
        let micros = Int(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
        anyHits = anyHits || !answer.hits.isEmpty
        let status = answer.hits.isEmpty ? ExitStatus.failure : .success
        switch format {
        case "json":
          context.stdout.write(SearchFormatter.jsonLine(answer, micros: micros, status: status) + "\n")
        case "markdown": context.stdout.write(SearchFormatter.markdown(answer) + "\n")
        case "tsv": context.stdout.write(TSVLine.lines(answer))
        default:
          context.stdout.write(
            "== \(query)\n" + SearchFormatter.text(answer, highlight: context.stdoutUsesColor, explain: scope.explain)
              + "\n")
        }
      case .failure(let error):
        anyErrors = true
        let failure = QueryFailure(error: error, query: query)
        switch format {
        case "json":
          context.stdout.write(
            SearchFormatter.jsonErrorLine(query: query, error: failure.summary, column: failure.column, status: .usage)
              + "\n")
        default:
          context.reporter.error("\(query): \(failure.summary)")
        }
      }
    }
    if anyErrors { return .usage }
    return anyHits ? .success : .failure
  }
}

/// A query that cannot be answered, worded with a caret under the column it points at.
struct QueryFailure: UserFacingError {
  let error: CitationsError
  let query: String

  var column: Int? {
    guard case .query(let queryError) = error else { return nil }
    switch queryError {
    case .syntax(let column, _), .tooBroad(let column, _, _, _): return column
    default: return nil
    }
  }

  var summary: String {
    guard case .query(let queryError) = error else { return error.description }
    return queryError.description
  }

  var hint: String? {
    guard let column, query.count < 200, !query.contains(where: \.isNewline) else {
      return "see 'duo-kb help search' for the query language"
    }
    return "the caret marks column \(column):\n  \(query)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
  }

  var exitStatus: ExitStatus { .usage }
}
