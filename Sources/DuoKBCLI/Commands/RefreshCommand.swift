import Corpus
import Foundation
import Harvest

/// `duo-kb refresh`: harvests every source into the corpus, then rebuilds the index.
enum RefreshCommand: Command {
  static let name = "refresh"
  static let summary = "Harvest every source in sources.json into the corpus"
  static let usage =
    "[--sources FILE] [--jobs N] [--allow-host HOST]... [--language TAG] [--format text|json]"
  static let discussion = """
    Walks each talk page to its subtitle track and each HIG page's render JSON, and writes
    the documents into Corpus/ atomically; a source that fails keeps its previous copy.
    Conditional requests make an unchanged source cost one small request. Exit status: 0 all
    sources fine, 1 some failed (the rest applied), 2 usage or fatal error.
    --mirror ORIGINAL=MIRROR fetches URLs under ORIGINAL from MIRROR (a local copy of the
    site) while documents keep the original URLs.
    """
  static let options: [OptionSpec] = [
    .value("sources", "FILE", help: "the sources list (default: Corpus/sources.json)"),
    .value("jobs", "N", help: "connections per host (default 6)"),
    .value("allow-host", "HOST", repeatable: true, help: "also fetch from HOST (Apple's hosts are allowed)"),
    .value("language", "TAG", help: "preferred subtitle language (BCP 47, default en)"),
    .value("format", "FORMAT", help: "text or json (default text)"),
    .value("cacert", "FILE", help: "trust this CA too (also SSL_CERT_FILE)"),
    .value("mirror", "ORIGINAL=MIRROR", repeatable: true, help: "fetch URLs under ORIGINAL from MIRROR"),
    .value("timeout", "SECONDS", help: "stop starting new work after this long"),
    .flag("quiet", short: "q", help: "print only failures (for cron mail)"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    guard arguments.positionals.isEmpty else {
      throw UsageError("refresh takes no arguments, got '\(arguments.positionals[0])'")
    }
    let format = try arguments.choice("format", among: ["text", "json"], default: "text")
    let home = context.home
    let store = CorpusStore(directory: home.corpusDirectory)
    let sourcesURL = arguments.value("sources").map(context.fileURL) ?? store.sourcesFile
    guard FileManager.default.fileExists(atPath: sourcesURL.path) else {
      throw CommandFailure(
        "no sources list at \(sourcesURL.path)", hint: "add one with 'duo-kb add URL'")
    }
    let list = try SourceList.load(from: sourcesURL)
    let fetcher = SiteFetcher(
      client: try HTTPClient(configuration: try clientConfiguration(context)),
      mirror: try mirror(arguments))
    var refresher = Refresher(fetcher: fetcher, corpus: store, now: fetchClock(context.environment))
    if let language = arguments.value("language") { refresher.languages = [language] }
    let quiet = arguments.has("quiet")
    let reporter = context.reporter
    var progress: Refresher.Progress?
    if format == "text" && !quiet {
      progress = { done, total, entry in
        reporter.notice("[\(done)/\(total)] \(entry.status.rawValue) \(entry.documentID ?? entry.source)")
      }
    }
    let report = await refresher.refresh(list, progress: progress)
    switch format {
    case "json": context.stdout.write(try RefreshReportFormatter.json(report))
    default: context.stdout.write(RefreshReportFormatter.text(report, quiet: quiet))
    }
    return report.hasFailures ? .failure : .success
  }

  static func clientConfiguration(_ context: CommandContext) throws -> HTTPClientConfiguration {
    let arguments = context.arguments
    var configuration = HTTPClientConfiguration()
    for host in arguments.allValues("allow-host") {
      configuration.allowedHosts = configuration.allowedHosts.adding(host)
    }
    if let jobs = try arguments.positiveInteger("jobs") { configuration.maxConnectionsPerHost = jobs }
    if let file = arguments.value("cacert") { configuration.caFile = context.fileURL(file).path }
    if let timeout = arguments.value("timeout") {
      guard let seconds = Double(timeout), seconds > 0 else {
        throw UsageError("--timeout needs a number of seconds, not '\(timeout)'")
      }
      configuration.deadline = .now + .milliseconds(Int(seconds * 1000))
    }
    return configuration.withEnvironmentCAFile(context.environment)
  }

  /// The time recorded as "fetched at": now, or `SOURCE_DATE_EPOCH` when set, so that a
  /// corpus built from fixed inputs is byte for byte reproducible.
  static func fetchClock(_ environment: [String: String]) -> @Sendable () -> Date {
    if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) {
      let fixed = Date(timeIntervalSince1970: epoch)
      return { fixed }
    }
    return { Date() }
  }

  static func mirror(_ arguments: ParsedArguments) throws(UsageError) -> SiteMirror {
    var mappings: [SiteMirror.Mapping] = []
    for text in arguments.allValues("mirror") {
      guard let mapping = SiteMirror.mapping(parsing: text) else {
        throw UsageError("--mirror takes ORIGINAL=MIRROR (two URLs), not '\(text)'")
      }
      mappings.append(mapping)
    }
    return SiteMirror(mappings)
  }
}

/// Words a refresh report for people, or encodes it for programs.
enum RefreshReportFormatter {
  static func text(_ report: RefreshReport, quiet: Bool) -> String {
    var text = ""
    for entry in report.entries where !quiet || entry.status == .failed {
      let name = entry.documentID ?? entry.source
      switch entry.status {
      case .failed: text += "failed     \(name): \(entry.error ?? "unknown error")\n"
      case .changed:
        text += "changed    \(name) (+\(entry.passagesAdded.count) −\(entry.passagesRemoved.count) passages)\n"
        for passage in entry.passagesRemoved.prefix(5) { text += "  − \(passage)\n" }
        for passage in entry.passagesAdded.prefix(5) { text += "  + \(passage)\n" }
      default: text += "\(entry.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(name)\n"
      }
      for warning in entry.warnings where !quiet { text += "  warning: \(warning)\n" }
    }
    if !quiet {
      text += "\(report.count(.added)) added, \(report.count(.changed)) changed, "
        + "\(report.count(.unchanged)) unchanged, \(report.count(.failed)) failed; "
        + "\(report.requests) requests, \(report.bytes) bytes, "
        + String(format: "%.1f s\n", report.seconds)
    }
    return text
  }

  static func json(_ report: RefreshReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }
}
