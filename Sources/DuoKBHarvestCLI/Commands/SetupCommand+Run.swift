import Corpus
import DuoKBCLI
import Foundation

/// `duo-kb setup`, run in the helper executable.
extension SetupCommand: HelperCommandRunner {
  static func perform(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    guard arguments.positionals.isEmpty else {
      throw UsageError("setup takes no arguments, got '\(arguments.positionals[0])'")
    }
    // The settings it will store, checked before anything is written.
    _ = try StoredSettings.given(context)
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
    return try await RefreshCommand.perform(context)
  }
}
