import Citations
import Corpus
import DocumentModel
import KnowledgeBase
import OwnedFiles
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb status`: what the corpus holds, how the last refresh went, what needs attention.
enum StatusCommand: LocalCommand {
  static let name = "status"
  static let summary = "Show the corpus, the index and how the last refresh went"
  static let usage = "[--format text|json]"
  static let discussion = """
    The home in use and where it came from (--home, DUO_KB_HOME, the nearest directory with
    Corpus/sources.json, or the default), documents by kind, corpus and index size, the last refresh (from Corpus/changelog.jsonl)
    with its result, the settings the home remembers (Corpus/settings.json: allowed hosts,
    mirrors, CA file, languages, jobs), failing sources grouped by cause (failed in the last
    refresh, with how many refreshes in a row), stale sources (listed but never harvested,
    or gone upstream), and whether
    the index matches the corpus, and documents that cannot be read (damaged, or symbolic
    links) or that the index left out. Exit status: 0, or 1 when something needs attention
    (failing or stale sources, unreadable documents, an index that does not match), 2 on error.
    """
  /// `status`'s options, checked.
  struct Options: CommandOptions {
    var format = "text"

    static var declarations: [OptionDeclaration<Options>] {
      [.value("format", "FORMAT", \.format, .word(among: ["text", "json"]), help: "text or json (default text)")]
    }
  }

  struct Failing: Codable, Equatable {
    var source: String
    var error: String
    var refreshesInARow: Int
  }

  struct Unreadable: Codable, Equatable {
    var id: String
    var reason: String
  }

  struct Status: Codable {
    var home: String
    /// Where the home came from: --home, DUO_KB_HOME, the nearest Corpus/sources.json, the default.
    var homeFrom: String
    var documents: [String: Int]
    var removedUpstream: Int
    var corpusBytes: Int
    var indexBytes: Int
    var indexMatchesCorpus: Bool
    var lastRefresh: ChangeLog.Entry?
    var refreshes: Int
    var failing: [Failing]
    var neverHarvested: [String]
    var goneUpstream: [String]
    /// Document files that cannot be read, and documents the index left out.
    var unreadableDocuments: [Unreadable]
    var leftOutOfIndex: [Unreadable]
    /// Listed sources the last refresh found gone upstream before they were ever harvested.
    var goneBeforeHarvest: [String]
    /// Sources listed in Corpus/sources.json.
    var listedSources: Int
    /// When the newest document was fetched (ISO 8601): the age of a corpus no refresh of
    /// this home has recorded, such as the sample one.
    var corpusFetchedAt: String?
    /// `failing`, grouped by cause (the error without its URLs), the largest group first.
    var failingByCause: [FailureGroup]
    /// What the home remembers for refreshes (Corpus/settings.json), or why it cannot be read.
    var settings: HomeSettings?
    var settingsError: String?

    var needsAttention: Bool {
      !failing.isEmpty || !neverHarvested.isEmpty || !goneUpstream.isEmpty || !goneBeforeHarvest.isEmpty
        || !indexMatchesCorpus || !unreadableDocuments.isEmpty || !leftOutOfIndex.isEmpty
    }

    var documentCount: Int { documents.values.reduce(0, +) }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("status takes no arguments, got '\(context.positionals[0])'")
    }
    let format = options.format
    let status = try gather(context.home)
    switch format {
    case "json":
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      context.stdout.write(String(decoding: try encoder.encode(status), as: UTF8.self) + "\n")
    default: context.stdout.write(text(status))
    }
    return status.needsAttention ? .failure : .success
  }

  static func gather(_ home: HomeDirectory) throws -> Status {
    let store = CorpusStore(directory: home.corpusDirectory)
    let (documents, unreadable) = try store.readReadable()
    var byKind: [String: Int] = [:]
    for kind in DocumentKind.allCases { byKind[kind.rawValue] = 0 }
    for document in documents { byKind[document.kind.rawValue, default: 0] += 1 }
    let log = ChangeLog(corpus: store).entries()
    let list = (try? SourceList.load(from: store.sourcesFile)) ?? SourceList()
    let ids = Set(documents.map(\.id))
    let unharvested = list.sources.filter { source in
      guard source.kind != .catalog, let id = source.id ?? source.documentIDFromURL else { return false }
      return !ids.contains(id)
    }.map(\.url)
    let goneLast = Set(log.last?.gone ?? [])
    let base = KnowledgeBase(corpus: store, indexDirectory: home.indexDirectory)
    let failing = failing(log)
    let settings = StoredSettings.stored(in: home)
    return Status(
      home: home.url.path, homeFrom: home.originDescription, documents: byKind,
      removedUpstream: documents.filter(\.isRemovedUpstream).count,
      corpusBytes: directoryBytes(store.documentsDirectory),
      indexBytes: directoryBytes(home.indexDirectory), indexMatchesCorpus: base.isIndexCurrent(),
      lastRefresh: log.last, refreshes: log.count, failing: failing,
      neverHarvested: unharvested.filter { !goneLast.contains($0) },
      goneUpstream: documents.filter(\.isRemovedUpstream).map(\.id),
      unreadableDocuments: unreadable.map { Unreadable(id: $0.id, reason: $0.error.description) },
      leftOutOfIndex: ((try? SearchIndex.open(at: home.indexDirectory))?.skippedDocuments ?? []).map {
        Unreadable(id: $0.id, reason: $0.reason)
      },
      goneBeforeHarvest: unharvested.filter { goneLast.contains($0) }, listedSources: list.sources.count,
      corpusFetchedAt: documents.compactMap { $0.fetch?.fetchedAt }.max(),
      failingByCause: FailureGroup.grouping(failing.map { ($0.source, $0.error) }),
      settings: try? settings.get(), settingsError: settingsError(settings))
  }

  static func settingsError(_ result: Result<HomeSettings, CorpusError>) -> String? {
    if case .failure(let error) = result { return error.description }
    return nil
  }

  /// Sources that failed in the last refresh, with how many refreshes in a row they failed.
  static func failing(_ log: [ChangeLog.Entry]) -> [Failing] {
    guard let last = log.last else { return [] }
    return last.failed.map { failure in
      var run = 0
      for entry in log.reversed() {
        guard entry.failed.contains(where: { $0.source == failure.source }) else { break }
        run += 1
      }
      return Failing(source: failure.source, error: failure.error, refreshesInARow: run)
    }
  }

  /// The bytes of the files below `url`; links are not followed.
  static func directoryBytes(_ url: URL) -> Int {
    let entries =
      (try? OwnedFile.entries(in: url, within: url.deletingLastPathComponent(), includingHidden: true)) ?? []
    return entries.reduce(0) { $0 + ($1.kind == .file ? $1.size : 0) }
  }

  static func text(_ status: Status) -> String {
    var text = "home: \(status.home) (\(status.homeFrom))\n"
    let kinds = status.documents.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    text += "corpus: \(status.documents.values.reduce(0, +)) documents (\(kinds.joined(separator: ", "))"
    text += status.removedUpstream > 0 ? "; \(status.removedUpstream) removed upstream)" : ")"
    text += ", \(RefreshWording.bytes(status.corpusBytes))\n"
    text += "index: \(RefreshWording.bytes(status.indexBytes)), "
    if status.indexMatchesCorpus {
      text += "matches the corpus\n"
    } else if status.documentCount == 0 {
      text += "nothing to index yet\n"
    } else {
      text += "does not match the corpus (run 'duo-kb index')\n"
    }
    if let last = status.lastRefresh {
      text += "last refresh: \(last.finishedAt): \(last.isClean ? "ok" : "with problems"); "
      text += "\(last.added.count) added, \(last.changed.count) changed, \(last.unchanged) unchanged, "
      // Sources not found before they were ever harvested are not "gone": nothing was lost.
      let notFound = status.goneBeforeHarvest.count
      text += "\(max(0, last.gone.count - notFound)) gone, \(notFound > 0 ? "\(notFound) not found, " : "")"
      text += "\(last.failed.count) failed"
      text += last.interrupted ? ", interrupted\n" : "\n"
    } else {
      text += "last refresh: none recorded\n"
    }
    if let settings = status.settings, !settings.isEmpty {
      text += "settings: " + settings.describedLines.joined(separator: "; ") + "\n"
    }
    if let error = status.settingsError { text += "settings: cannot be read: \(error)\n" }
    text += failingLines(status)
    text += listed("stale:", status.neverHarvested, "listed but not in the corpus")
    for id in status.goneUpstream { text += "stale: \(id): gone upstream (kept)\n" }
    for document in status.unreadableDocuments { text += "unreadable: \(document.id): \(document.reason)\n" }
    for document in status.leftOutOfIndex { text += "left out of the index: \(document.id): \(document.reason)\n" }
    text += listed("stale:", status.goneBeforeHarvest, "not found upstream, never harvested (nothing lost)")
    if let advice = advice(status) { text += "next: \(advice)\n" }
    return text
  }

  /// One line a failing source, or for a cause several share: how many, the cause, the
  /// first few sources (`--format json` lists them all).
  static func failingLines(_ status: Status) -> String {
    var text = ""
    let runs = Dictionary(status.failing.map { ($0.source, $0.refreshesInARow) }, uniquingKeysWith: max)
    for group in status.failingByCause {
      let longest = group.sources.compactMap { runs[$0] }.max() ?? 1
      let run = longest > 1 ? " (\(longest) refreshes in a row)" : ""
      if group.count == 1, let source = group.sources.first {
        text += "failing: \(source)\(run): \(group.cause)\n"
      } else {
        text += "failing: \(group.count) sources\(run): \(group.cause): \(group.sampled())\n"
      }
    }
    return text
  }

  /// `stale: URL: why` for a few sources; for more, one line with how many and the first three.
  static func listed(_ label: String, _ sources: [String], _ why: String) -> String {
    guard sources.count > 3 else { return sources.map { "\(label) \($0): \(why)\n" }.joined() }
    return "\(label) \(sources.count) sources: \(why): \(FailureGroup(cause: why, sources: sources).sampled())\n"
  }

  /// What to do next when the corpus is empty: harvest what is listed, or list something.
  static func advice(_ status: Status) -> String? {
    guard status.documentCount == 0 else { return nil }
    if !status.failing.isEmpty {
      return "the last refresh failed as shown above; once that is fixed, run 'duo-kb refresh'"
    }
    if status.listedSources > 0 {
      let sources = status.listedSources == 1 ? "source" : "sources"
      return "run 'duo-kb refresh' to harvest the \(status.listedSources) listed \(sources)"
    }
    return "run 'duo-kb setup' for Apple's catalog of talks and the HIG, or add sources with 'duo-kb add URL'"
  }
}

/// What `duo-kb status --format json` reports of a home, for the server of `duo-kb serve`
/// in the helper executable (`/api/status`).
package enum HomeStatus {
  package static func of(_ home: HomeDirectory) throws -> any Encodable & Sendable {
    try StatusCommand.gather(home)
  }
}
