import Corpus
import Foundation

/// `duo-kb setup`: Apple's catalog of talks and the Human Interface Guidelines in one step.
enum SetupCommand: Command {
  static let name = "setup"
  static let summary = "Add Apple's catalog of talks and the HIG, then harvest them"
  static let usage = "[--event E] [--since YEAR] [--without-hig] [refresh options]"
  static let discussion = """
    Lists Apple's catalog of talks (every event, or --event, --since YEAR) and the Human
    Interface Guidelines with the pages below them in Corpus/sources.json, then runs the
    refresh: a progress bar with the time left, then the summary. Run it again after an
    interruption to continue: what was harvested costs one conditional request a source,
    and sources already listed are kept (a new --event or --since replaces the catalog's
    filter). At most --jobs connections per host (default 6). Takes the options of
    'duo-kb refresh' too; --language ja (repeatable) harvests the catalog's talks in those
    languages, each a document of its own (see 'duo-kb help add').
    """
  static let catalogURL = "https://developer.apple.com/videos/all-videos/"
  static let guidelinesURL = "https://developer.apple.com/design/human-interface-guidelines"

  static let options: [OptionSpec] =
    [
      .value("event", "E", help: "only this collection of talks (wwdc2025, tech-talks)"),
      .value("since", "YEAR", help: "only WWDC talks of YEAR or later (other collections are kept)"),
      .value("catalog-url", "URL", help: "the catalog to read (default Apple's all-videos page)"),
      .value("hig-url", "URL", help: "the HIG page to start from (default the guidelines' root)"),
      .flag("without-hig", help: "talks only"),
    ] + RefreshCommand.options.filter { $0.name != "sources" }

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    guard arguments.positionals.isEmpty else {
      throw UsageError("setup takes no arguments, got '\(arguments.positionals[0])'")
    }
    var since: Int?
    if let text = arguments.value("since") {
      guard let year = Int(text), (2000...2100).contains(year) else {
        throw UsageError("--since needs a year such as 2020, not '\(text)'")
      }
      since = year
    }
    var entries = [
      try SourceClassifier.entry(
        for: arguments.value("catalog-url") ?? catalogURL,
        languages: try arguments.languages(),
        catalogFilter: SourceEntry.Filter(event: arguments.value("event"), since: since))
    ]
    if !arguments.has("without-hig") {
      entries.append(try SourceClassifier.entry(for: arguments.value("hig-url") ?? guidelinesURL, follow: true))
    }
    let store = CorpusStore(directory: context.home.corpusDirectory)
    var list = try SourceList.load(from: store.sourcesFile)
    for entry in entries { list.put(entry) }
    try list.save(to: store.sourcesFile)
    if !arguments.has("quiet") {
      context.reporter.notice("sources: \(entries.map { "\($0.kind.rawValue) \($0.url)" }.joined(separator: ", "))")
    }
    return try await RefreshCommand.run(context)
  }
}
