import Corpus
import Foundation

/// `duo-kb add URL`: appends a source to Corpus/sources.json.
enum AddCommand: Command {
  static let name = "add"
  static let summary = "Add a talk page, HLS master playlist or HIG page to sources.json"
  static let usage = "URL [--id ID --title TITLE] [--language TAG] [--follow]"
  static let discussion = """
    The kind is told from the URL: a talk page (…/videos/play/COLLECTION/ID/), an HLS master
    playlist (….m3u8, which needs --id and --title), or a HIG page (…/design/human-interface-
    guidelines/SLUG or its …/tutorials/data/….json form). A URL already listed is refused.
    """
  static let options: [OptionSpec] = [
    .value("id", "ID", help: "document id for a master playlist (e.g. keynotes/wwdc2026)"),
    .value("title", "TITLE", help: "title for a master playlist"),
    .value("language", "TAG", help: "preferred subtitle language for this source (BCP 47)"),
    .flag("follow", help: "HIG: also harvest the pages below this one (depth 2, 200 pages)"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    guard arguments.positionals.count == 1, let url = arguments.positionals.first else {
      throw UsageError("add takes exactly one URL", hint: "duo-kb add \(usage)")
    }
    let entry = try SourceClassifier.entry(
      for: url, id: arguments.value("id"), title: arguments.value("title"),
      language: arguments.value("language"), follow: arguments.has("follow"))
    let store = CorpusStore(directory: context.home.corpusDirectory)
    var list = try SourceList.load(from: store.sourcesFile)
    try list.add(entry)
    try list.save(to: store.sourcesFile)
    context.stdout.write("added \(entry.kind.rawValue) \(entry.url)\n")
    return .success
  }
}
