import Corpus
import DocumentModel
import Foundation
import Harvest

/// `duo-kb import FILE...`: passages from JSON Lines, or talks from local .vtt files.
enum ImportCommand: Command {
  static let name = "import"
  static let summary = "Bring passages (JSON Lines) or local .vtt transcripts into the corpus"
  static let usage = "FILE... [--id ID --title TITLE [--url URL]]"
  static let discussion = """
    JSON Lines: one {"doc", "kind", "title", "url", "start", "end", "text"} per line, each line
    one passage kept as given (start and end in seconds; kind talk, hig or code; unknown
    fields ignored). A .vtt file becomes one talk, merged and split into sentences like a
    harvested one; it needs --id and --title. Imported documents replace those with the
    same id. '-' reads JSON Lines from stdin.
    """
  static let argumentCompletion = ValueCompletion.files
  static let options: [OptionSpec] = [
    .value("id", "ID", help: "document id for a .vtt file (e.g. wwdc2024/10173)"),
    .value("title", "TITLE", help: "title for a .vtt file"),
    .value("url", "URL", help: "page URL for a .vtt file"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    guard !arguments.positionals.isEmpty else {
      throw UsageError("import needs at least one file", hint: "duo-kb import \(usage)")
    }
    let importer = PassageImporter()
    var documents: [Document] = []
    for path in arguments.positionals {
      let data = try context.read(path)
      let lower = path.lowercased()
      if lower.hasSuffix(".vtt") || lower.hasSuffix(".webvtt") {
        guard let id = arguments.value("id"), let title = arguments.value("title") else {
          throw UsageError("\(path): a .vtt file needs --id and --title")
        }
        documents.append(
          try importer.document(
            fromWebVTT: data, file: path, id: id, title: title, url: arguments.value("url")))
      } else {
        documents += try importer.documents(fromJSONLines: data, file: path)
      }
    }
    let store = CorpusStore(directory: context.home.corpusDirectory)
    for document in documents { try store.write(document) }
    let passages = documents.reduce(0) { $0 + $1.passages.count }
    context.stdout.write("imported \(documents.count) documents, \(passages) passages\n")
    return .success
  }
}
