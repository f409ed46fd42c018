import Corpus
import DocumentModel
import DuoKBCLI
import Foundation
import Harvest
import Normalize

/// `duo-kb import`, run in the helper executable.
extension ImportCommand: HelperCommandRunner {
  static func perform(_ context: CommandContext) async throws -> ExitStatus {
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
