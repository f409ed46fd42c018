import Corpus
import DocumentModel
import DuoKBCLI
import Foundation
import Harvest
import Normalize

/// `duo-kb import`, run in the helper executable.
extension ImportCommand: HelperCommandRunner {
  static func perform(_ options: Options, _ context: CommandContext, ownsProcess: Bool) async throws -> ExitStatus {
    guard !context.positionals.isEmpty else {
      throw UsageError("import needs at least one file", hint: "duo-kb import \(usage)")
    }
    let importer = PassageImporter()
    var documents: [Document] = []
    for path in context.positionals {
      let data = try context.read(path)
      let lower = path.lowercased()
      if lower.hasSuffix(".vtt") || lower.hasSuffix(".webvtt") {
        guard let id = options.id, let title = options.title else {
          throw UsageError("\(path): a .vtt file needs --id and --title")
        }
        documents.append(
          try importer.document(
            fromWebVTT: data, file: path, id: id, title: title, url: options.url))
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
