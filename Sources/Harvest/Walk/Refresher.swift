import Corpus
import Foundation
import Normalize

/// Runs the walk for every source in a list and applies the results to the corpus.
/// A failing source never stops the others, and never touches its previous copy.
public struct Refresher: Sendable {
  public let fetcher: SiteFetcher
  public let corpus: CorpusStore
  /// Preferred subtitle languages when a source names none.
  public var languages: [String]
  /// Sources harvested at the same time.
  public var sourceConcurrency: Int
  public var now: @Sendable () -> Date

  public init(
    fetcher: SiteFetcher, corpus: CorpusStore, languages: [String] = ["en"],
    sourceConcurrency: Int = 4, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.fetcher = fetcher
    self.corpus = corpus
    self.languages = languages
    self.sourceConcurrency = max(1, sourceConcurrency)
    self.now = now
  }

  /// Progress as sources finish: (done, total, the entry just made).
  public typealias Progress = @Sendable (Int, Int, RefreshReport.Entry) -> Void

  public func refresh(_ list: SourceList, progress: Progress? = nil) async -> RefreshReport {
    let started = ContinuousClock.now
    let sources = list.sources
    let defaultLanguages = list.language.map { [$0] } ?? languages
    var entries = [[RefreshReport.Entry]](repeating: [], count: sources.count)
    await withTaskGroup(of: (Int, [RefreshReport.Entry]).self) { group in
      var next = 0
      var done = 0
      func startNext() {
        guard next < sources.count else { return }
        let index = next
        next += 1
        group.addTask {
          let source = sources[index]
          let wanted = source.language.map { [$0] } ?? defaultLanguages
          return (index, await refreshOne(source, languages: wanted))
        }
      }
      for _ in 0..<sourceConcurrency { startNext() }
      for await (index, results) in group {
        entries[index] = results
        done += 1
        for entry in results { progress?(done, sources.count, entry) }
        startNext()
      }
    }
    let stats = fetcher.client.stats
    return RefreshReport(
      entries: entries.flatMap { $0 }, requests: stats.requestsSent, bytes: stats.bodyBytes,
      connections: stats.connectionsOpened,
      seconds: Self.seconds(ContinuousClock.now - started))
  }

  func refreshOne(_ source: SourceEntry, languages: [String]) async -> [RefreshReport.Entry] {
    switch source.kind {
    case .hig:
      return await refreshHIG(source)
    case .talk:
      do throws(HarvestError) {
        return [try await refreshTalk(source, languages: languages)]
      } catch {
        return [RefreshReport.Entry(source: source.url, status: .failed, error: error.description)]
      }
    }
  }

  private func refreshTalk(_ source: SourceEntry, languages: [String]) async throws(HarvestError)
    -> RefreshReport.Entry
  {
    let previous = try previousDocument(for: source)
    let harvester = TalkHarvester(fetcher: fetcher, now: now)
    switch try await harvester.harvest(source, languages: languages, previous: previous) {
    case .notModified:
      return RefreshReport.Entry(source: source.url, documentID: previous?.id, status: .unchanged)
    case .harvested(let document, let details):
      var entry = try apply(document, source: source)
      if !details.transcriptDisagreements.isEmpty {
        entry.warnings.append(
          "the page transcript disagrees with the subtitles in \(details.transcriptDisagreements.count) places")
      }
      return entry
    }
  }

  /// Writes a harvested document unless its content is unchanged; says what changed.
  func apply(_ document: Document, source: SourceEntry) throws(HarvestError) -> RefreshReport.Entry {
    let existing: Document?
    do {
      existing = try corpus.read(id: document.id)
    } catch {
      existing = nil  // an unreadable old copy is replaced by the new one
    }
    if let existing, existing.fetch?.contentHash == document.fetch?.contentHash,
      existing.fetch?.contentHash != nil
    {
      // Same content: keep the file (and its history) but remember the new validators.
      if existing.fetch?.etag != document.fetch?.etag
        || existing.fetch?.lastModified != document.fetch?.lastModified
      {
        var refreshed = existing
        refreshed.fetch?.etag = document.fetch?.etag
        refreshed.fetch?.lastModified = document.fetch?.lastModified
        do { try corpus.write(refreshed) } catch { throw .corpus(error) }
      }
      return RefreshReport.Entry(source: source.url, documentID: document.id, status: .unchanged)
    }
    do { try corpus.write(document) } catch { throw .corpus(error) }
    guard let existing else {
      return RefreshReport.Entry(source: source.url, documentID: document.id, status: .added)
    }
    let diff = PassageDiff.diff(
      old: existing.passages.map(\.text), new: document.passages.map(\.text))
    return RefreshReport.Entry(
      source: source.url, documentID: document.id, status: .changed,
      passagesAdded: diff.added, passagesRemoved: diff.removed)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// The corpus copy of a source, when its id can be told without fetching.
  private func previousDocument(for source: SourceEntry) throws(HarvestError) -> Document? {
    guard let id = source.id ?? Self.documentID(for: source) else { return nil }
    return try? corpus.read(id: id)
  }
}
