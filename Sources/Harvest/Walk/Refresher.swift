import Corpus
import Foundation
import Normalize

/// Runs the walk for every source in a list and applies the results to the corpus.
/// A failing source never stops the others, and never touches its previous copy.
///
/// Incremental: a talk or HIG page costs one conditional request when unchanged; a talk
/// whose deep check is due (see `DeepCheckSchedule`) also revalidates its playlists and
/// segments. Catalog sources are read first and add every matching talk. Sources not
/// started when the client's deadline has passed, or after the task was cancelled, are
/// reported failed ("not attempted").
public struct Refresher: Sendable {
  public let fetcher: SiteFetcher
  public let corpus: CorpusStore
  /// Preferred subtitle languages when a source names none.
  public var languages: [String]
  /// Sources harvested at the same time.
  public var sourceConcurrency: Int
  public var deepChecks: DeepCheckSchedule
  public var now: @Sendable () -> Date

  public init(
    fetcher: SiteFetcher, corpus: CorpusStore, languages: [String] = ["en"],
    sourceConcurrency: Int = 8, deepChecks: DeepCheckSchedule = DeepCheckSchedule(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.fetcher = fetcher
    self.corpus = corpus
    self.languages = languages
    self.sourceConcurrency = max(1, sourceConcurrency)
    self.deepChecks = deepChecks
    self.now = now
  }

  var state: RefreshStateStore { RefreshStateStore(corpus: corpus) }

  /// Progress as sources finish: (done, total, the entry just made).
  public typealias Progress = @Sendable (Int, Int, RefreshReport.Entry) -> Void

  public func refresh(_ list: SourceList, progress: Progress? = nil) async -> RefreshReport {
    let started = ContinuousClock.now
    let defaultLanguages = list.language.map { [$0] } ?? languages
    let catalogs = list.sources.filter { $0.kind == .catalog }
    var work = list.sources.filter { $0.kind != .catalog }
    let total = { catalogs.count + work.count }
    var done = 0
    var catalogEntries: [RefreshReport.Entry] = []
    var known = Set(work.compactMap { $0.id ?? Self.documentID(for: $0) })
    for catalog in catalogs {
      let (entry, talks) = await expand(catalog)
      for talk in talks where known.insert(Self.documentID(for: talk) ?? talk.url).inserted {
        work.append(talk)
      }
      catalogEntries.append(entry)
      done += 1
      progress?(done, total(), entry)
    }
    let sources = work
    var entries = [[RefreshReport.Entry]](repeating: [], count: sources.count)
    await withTaskGroup(of: (Int, [RefreshReport.Entry]).self) { group in
      var next = 0
      var running = 0
      func finish(_ index: Int, _ results: [RefreshReport.Entry]) {
        entries[index] = results
        done += 1
        for entry in results { progress?(done, total(), entry) }
      }
      func fill() {
        while running < sourceConcurrency, next < sources.count {
          let index = next
          next += 1
          let source = sources[index]
          if let reason = stopReason() {
            finish(index, [Self.notAttempted(source, reason: reason)])
            continue
          }
          running += 1
          let wanted = source.language.map { [$0] } ?? defaultLanguages
          group.addTask { (index, await refreshOne(source, languages: wanted)) }
        }
      }
      fill()
      for await (index, results) in group {
        running -= 1
        finish(index, results)
        fill()
      }
    }
    let stats = fetcher.client.stats
    return RefreshReport(
      entries: catalogEntries + entries.flatMap { $0 }, requests: stats.requestsSent,
      bytes: stats.bodyBytes, connections: stats.connectionsOpened,
      seconds: Self.seconds(ContinuousClock.now - started), isInterrupted: Task.isCancelled)
  }

  /// Why no new source may start: the task was cancelled, or the deadline passed.
  func stopReason() -> String? {
    if Task.isCancelled { return "interrupted" }
    let configuration = fetcher.client.configuration
    if let deadline = configuration.deadline, configuration.clock.now() >= deadline { return "deadline" }
    return nil
  }

  static func notAttempted(_ source: SourceEntry, reason: String) -> RefreshReport.Entry {
    RefreshReport.Entry(
      source: source.url, documentID: source.id ?? documentID(for: source), status: .failed,
      error: "not attempted: \(reason)")
  }

  func refreshOne(_ source: SourceEntry, languages: [String]) async -> [RefreshReport.Entry] {
    switch source.kind {
    case .hig:
      return await refreshHIG(source)
    case .talk:
      do throws(HarvestError) {
        return [try await refreshTalk(source, languages: languages)]
      } catch {
        return [RefreshReport.Entry(
          source: source.url, documentID: source.id ?? Self.documentID(for: source), status: .failed,
          error: error.description)]
      }
    case .catalog:
      return [RefreshReport.Entry(source: source.url, status: .failed, error: "a catalog inside a catalog")]
    }
  }

  private func refreshTalk(_ source: SourceEntry, languages: [String]) async throws(HarvestError)
    -> RefreshReport.Entry
  {
    let previous = try previousDocument(for: source)
    let harvester = TalkHarvester(fetcher: fetcher, now: now)
    let outcome: TalkHarvester.Outcome
    do throws(HarvestError) {
      outcome = try await harvester.harvest(source, languages: languages, previous: previous)
    } catch {
      if case .removedUpstream(_, let reason) = error {
        return try markGone(previous, source: source, reason: reason, originalError: error)
      }
      throw error
    }
    switch outcome {
    case .notModified:
      guard let previous else {
        return RefreshReport.Entry(source: source.url, status: .unchanged)
      }
      var entry: RefreshReport.Entry
      if isDeepCheckDue(previous) {
        entry = try await deepCheck(source, previous: previous, languages: languages)
      } else {
        entry = RefreshReport.Entry(source: source.url, documentID: previous.id, status: .unchanged)
      }
      if entry.status == .unchanged, let current = try? corpus.read(id: previous.id), current.isRemovedUpstream {
        var back = current
        back.isRemovedUpstream = false
        do { try corpus.write(back) } catch { throw .corpus(error) }
        entry.warnings.append("back upstream: no longer marked removed")
      }
      return entry
    case .harvested(let document, let details):
      return try applyHarvest(document, details: details, source: source)
    }
  }

  /// Keeps the document, marked removed upstream. A source never harvested is gone too,
  /// with nothing kept: its entry has no document id.
  func markGone(_ previous: Document?, source: SourceEntry, reason: String, originalError: HarvestError)
    throws(HarvestError) -> RefreshReport.Entry
  {
    guard var document = previous else {
      return RefreshReport.Entry(source: source.url, status: .gone, error: reason)
    }
    if !document.isRemovedUpstream {
      document.isRemovedUpstream = true
      do { try corpus.write(document) } catch { throw .corpus(error) }
    }
    return RefreshReport.Entry(source: source.url, documentID: document.id, status: .gone, error: reason)
  }

  /// Records the validators of a full walk (a deep check as of now), then applies the document.
  func applyHarvest(_ document: Document, details: TalkHarvestDetails, source: SourceEntry)
    throws(HarvestError) -> RefreshReport.Entry
  {
    let record = TalkCheckRecord(
      documentID: document.id, lastDeepCheckAt: RefreshTime.string(now()), track: details.validators)
    do { try state.write(record) } catch { throw .corpus(error) }
    var entry = try apply(document, source: source)
    if !details.transcriptDisagreements.isEmpty {
      entry.warnings.append(
        "the page transcript disagrees with the subtitles in \(details.transcriptDisagreements.count) places")
    }
    return entry
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
      var entry = RefreshReport.Entry(source: source.url, documentID: document.id, status: .unchanged)
      if existing.fetch?.etag != document.fetch?.etag
        || existing.fetch?.lastModified != document.fetch?.lastModified || existing.isRemovedUpstream
      {
        var refreshed = existing
        refreshed.fetch?.etag = document.fetch?.etag
        refreshed.fetch?.lastModified = document.fetch?.lastModified
        if existing.isRemovedUpstream {
          refreshed.isRemovedUpstream = false
          entry.warnings.append("back upstream: no longer marked removed")
        }
        do { try corpus.write(refreshed) } catch { throw .corpus(error) }
      }
      return entry
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
