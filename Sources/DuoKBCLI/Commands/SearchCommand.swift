import Citations
import Foundation
import SearchIndex

/// `duo-kb search QUERY`: exact quotes, ranked, with source, time or anchor, link and citation.
enum SearchCommand: Command {
  static let name = "search"
  static let summary = "Find Apple's exact words: quotes with source, time, link and citation"
  static let usage = "QUERY [--limit N] [--kind K] [--source ID] [--format text|markdown|json] [--verbatim] | --batch FILE"
  static let discussion = """
    Words must all match; "exact phrases", OR, -word and NOT, prefix*, parentheses, and the
    filters kind:talk|hig|code, source:ID, event:wwdc2024, year:2026, speaker:NAME. Case and
    diacritics never matter; identifiers match whole and split (toolbarVerticalBehavior is
    found by "toolbar vertical behavior"), and plurals fold. --verbatim turns the splitting
    and folding off. The index is built from the corpus when missing or older than it.
    --batch FILE (or -) answers one query per line, one JSON line each, with "micros".
    Exit status: 0 hits, 1 no hits, 2 a query that does not parse (its column is shown).
    """
  /// Most hits one search prints (`--limit`).
  static let maxLimit = 10_000
  static let options: [OptionSpec] = [
    .value("limit", "N", short: "n", help: "how many hits to print (default 10, at most 10000)"),
    .value("kind", "K", repeatable: true, help: "talk, hig or code"),
    .value("source", "ID", repeatable: true, help: "only this document (e.g. tech-talks/111466)"),
    .value("format", "FORMAT", help: "text, markdown or json (default text)"),
    .flag("verbatim", help: "match words as written: no identifier splitting, no plural folding"),
    .value("batch", "FILE", help: "answer one query per line of FILE (- for stdin) as JSON lines"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    let format = try arguments.choice("format", among: ["text", "markdown", "json"], default: "text")
    let limit = try arguments.positiveInteger("limit", atMost: SearchCommand.maxLimit) ?? 10
    let kinds = arguments.allValues("kind")
    for kind in kinds where !["talk", "hig", "code"].contains(kind) {
      throw UsageError("--kind takes talk, hig or code, not '\(kind)'")
    }
    let scope = SearchScope(kinds: kinds, sources: arguments.allValues("source"), verbatim: arguments.has("verbatim"))
    var searcher = try RepairingSearcher(context)
    if let batch = arguments.value("batch") {
      guard arguments.positionals.isEmpty else { throw UsageError("--batch takes its queries from FILE, not the command line") }
      return try runBatch(batch, searcher: &searcher, limit: limit, scope: scope, context: context)
    }
    guard !arguments.positionals.isEmpty else {
      throw UsageError("search needs a query", hint: "duo-kb search \"vertical toolbar\"")
    }
    let query = arguments.positionals.joined(separator: " ")
    let answer: SearchAnswer
    do {
      answer = try searcher.answer(query, limit: limit, scope: scope)
    } catch {
      throw QueryFailure(error: error, query: query)
    }
    switch format {
    case "json": context.stdout.write(try SearchFormatter.json(answer, pretty: true) + "\n")
    case "markdown": context.stdout.write(SearchFormatter.markdown(answer))
    default: context.stdout.write(SearchFormatter.text(answer, highlight: context.stdoutUsesColor))
    }
    return answer.total > 0 ? .success : .failure
  }

  static func runBatch(
    _ path: String, searcher: inout RepairingSearcher, limit: Int, scope: SearchScope, context: CommandContext
  ) throws -> ExitStatus {
    let data = try context.read(path)
    var anyHits = false
    for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
      let query = String(line)
      let started = ContinuousClock.now
      let result: Result<SearchAnswer, CitationsError>
      do throws(CitationsError) {
        result = .success(try searcher.answer(query, limit: limit, scope: scope))
      } catch {
        result = .failure(error)
      }
      switch result {
      case .success(let answer):
        let elapsed = ContinuousClock.now - started
        let micros = Int(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
        anyHits = anyHits || answer.total > 0
        context.stdout.write(try SearchFormatter.json(answer, micros: micros, pretty: false) + "\n")
      case .failure(let error):
        let failure = QueryFailure(error: error, query: query)
        let object: [String: Any] = ["query": query, "error": failure.summary, "column": failure.column ?? NSNull()]
        let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        context.stdout.write(String(decoding: json, as: UTF8.self) + "\n")
      }
    }
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
    return "\n  \(query)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
  }

  var exitStatus: ExitStatus { .usage }
}
