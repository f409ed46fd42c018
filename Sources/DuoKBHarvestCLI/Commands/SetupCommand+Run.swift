import Corpus
import DuoKBCLI
import Foundation

/// `duo-kb setup`, run in the helper executable.
extension SetupCommand: HelperCommandRunner {
  static func perform(_ options: Options, _ context: CommandContext, ownsProcess: Bool) async throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("setup takes no arguments, got '\(context.positionals[0])'")
    }
    var entries = [
      try SourceClassifier.entry(
        for: options.catalogURL, languages: options.refresh.settings.languages,
        catalogFilter: SourceEntry.Filter(event: options.event, since: options.since))
    ]
    if !options.withoutHIG {
      entries.append(try SourceClassifier.entry(for: options.higURL, follow: true))
    }
    let store = CorpusStore(directory: context.home.corpusDirectory)
    var list = try SourceList.load(from: store.sourcesFile)
    for entry in entries { list.put(entry) }
    try list.save(to: store.sourcesFile)
    if !options.refresh.quiet {
      context.reporter.notice("sources: \(entries.map { "\($0.kind.rawValue) \($0.url)" }.joined(separator: ", "))")
    }
    // The refresh is this process's as much as `refresh`'s is: one that does not stop in time
    // ends it (`RefreshWatchdog`), when the process is the executable's own.
    return try await RefreshCommand.perform(options.refresh, context, ownsProcess: ownsProcess)
  }
}
