import Corpus
import Foundation
import Normalize

/// Runs every source of a list through the three stages of a refresh (REFRESH.md):
/// harvest (network only: `TalkHarvester`, `HIGHarvester`), decide (pure:
/// `RefreshDecision`), apply (the only writer: `CorpusApplier`). A failing source never
/// stops the others, and never touches its previous copy.
///
/// A talk whose segments failed with a retryable error gets a second pass at the end,
/// reusing every segment already validated; if that fails too, its validated segments
/// are staged for the next refresh. Catalog sources are read first and add every matching
/// talk. Sources not started when the overall deadline has passed, or after the task was
/// cancelled, are reported failed ("not attempted").
public struct Refresher: Sendable {
  public let fetcher: SiteFetcher
  public let corpus: CorpusStore
  /// Where the apply stage writes: by default the corpus, its check records and `staging`.
  public var writer: any RefreshWriter {
    get { customWriter ?? CorpusRefreshWriter(corpus: corpus, staging: staging) }
    set { customWriter = newValue }
  }
  private var customWriter: (any RefreshWriter)?
  /// Segments of failed attempts, reused by the next (nil: none kept).
  public var staging: SegmentStaging?
  /// Preferred subtitle languages when a source names none.
  public var languages: [String]
  /// Sources harvested at the same time.
  public var sourceConcurrency: Int
  public var deepChecks: DeepCheckSchedule
  /// Seconds one source may take, all its requests and retries together (nil: no limit).
  public var sourceTimeoutSeconds: Double?
  public var now: @Sendable () -> Date

  public static let defaultSourceTimeoutSeconds = 120.0

  public init(
    fetcher: SiteFetcher, corpus: CorpusStore, staging: SegmentStaging? = nil, languages: [String] = ["en"],
    sourceConcurrency: Int = 8, deepChecks: DeepCheckSchedule = DeepCheckSchedule(),
    sourceTimeoutSeconds: Double? = Refresher.defaultSourceTimeoutSeconds,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.fetcher = fetcher
    self.corpus = corpus
    self.staging = staging
    self.languages = languages
    self.sourceConcurrency = max(1, sourceConcurrency)
    self.deepChecks = deepChecks
    self.sourceTimeoutSeconds = sourceTimeoutSeconds
    self.now = now
  }

  var state: RefreshStateStore { RefreshStateStore(corpus: corpus) }

  /// Progress as sources finish: (done, total, the entry just made).
  public typealias Progress = @Sendable (Int, Int, RefreshReport.Entry) -> Void

  /// One source's first pass: its entries, or a talk to try again at the end.
  enum PassResult: Sendable {
    case done([RefreshReport.Entry])
    case again(RetryableTalk)
  }

  /// A talk whose segments failed with a retryable error, with what its first attempt saw.
  struct RetryableTalk: Sendable {
    var source: SourceEntry
    var languages: [String]
    var previous: SourceState
    var outcome: HarvestOutcome
    var staged: StagedTrack
  }

  public func refresh(_ list: SourceList, progress: Progress? = nil) async -> RefreshReport {
    let started = ContinuousClock.now
    let defaultLanguages = list.language.map { [$0] } ?? languages
    let catalogs = list.sources.filter { $0.kind == .catalog }
    var work = list.sources.filter { $0.kind != .catalog }
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
      progress?(done, catalogs.count + work.count, entry)
    }
    let total = catalogs.count + work.count
    let sources = work
    var entries = [[RefreshReport.Entry]](repeating: [], count: sources.count)
    var retries: [(index: Int, talk: RetryableTalk)] = []
    func finish(_ index: Int, _ results: [RefreshReport.Entry]) {
      entries[index] = results
      done += 1
      for entry in results { progress?(done, total, entry) }
    }
    await run(Array(sources.indices), onEach: { index in
      let source = sources[index]
      if let reason = stopReason() { return .done([Self.notAttempted(source, reason: reason)]) }
      return await firstPass(source, languages: source.language.map { [$0] } ?? defaultLanguages)
    }) { index, result in
      switch result {
      case .done(let results): finish(index, results)
      case .again(let talk): retries.append((index, talk))
      }
    }
    // Second pass: talks whose segments failed, each fetching only what it still lacks.
    let second = retries
    await run(Array(second.indices), onEach: { .done([await secondPass(second[$0].talk)]) }) { position, result in
      if case .done(let results) = result { finish(second[position].index, results) }
    }
    let stats = fetcher.stats
    return RefreshReport(
      entries: catalogEntries + entries.flatMap { $0 }, requests: stats.requestsSent,
      bytes: stats.bodyBytes, connections: stats.connectionsOpened,
      seconds: Self.seconds(ContinuousClock.now - started), isInterrupted: Task.isCancelled)
  }

  /// Runs `onEach` for every index, `sourceConcurrency` at a time, handing each result to
  /// `collect` as it arrives.
  private func run(
    _ indices: [Int], onEach: @escaping @Sendable (Int) async -> PassResult, collect: (Int, PassResult) -> Void
  ) async {
    await BoundedConcurrency.forEach(indices, width: sourceConcurrency, operation: onEach) { index, result in
      collect(index, result)
      return true
    }
  }

  /// Why no new source may start: the task was cancelled, or the deadline passed.
  func stopReason() -> String? {
    if Task.isCancelled { return "interrupted" }
    if let deadline = fetcher.overallDeadline, fetcher.clock.now() >= deadline { return "deadline" }
    return nil
  }

  static func notAttempted(_ source: SourceEntry, reason: String) -> RefreshReport.Entry {
    RefreshReport.Entry(
      source: source.url, documentID: source.id ?? documentID(for: source), status: .failed,
      error: "not attempted: \(reason)")
  }

  private func firstPass(_ source: SourceEntry, languages: [String]) async -> PassResult {
    switch source.kind {
    case .hig:
      return .done(await refreshHIG(source))
    case .talk:
      let id = source.id ?? Self.documentID(for: source)
      let previous = previousState(id: id)
      let outcome = await harvestTalk(source, languages: languages, previous: previous)
      if case .failed(let error, let staged?) = outcome, error.isRetryable, stopReason() == nil {
        return .again(
          RetryableTalk(source: source, languages: languages, previous: previous, outcome: outcome, staged: staged))
      }
      return .done([decideAndApply(source: source.url, id: id, previous: previous, outcome: outcome)])
    case .catalog:
      return .done([RefreshReport.Entry(source: source.url, status: .failed, error: "a catalog inside a catalog")])
    }
  }

  /// A talk's second pass, its first attempt's segments reused; when the refresh is
  /// stopping, the first attempt's outcome stands (its segments are staged).
  private func secondPass(_ talk: RetryableTalk) async -> RefreshReport.Entry {
    let id = talk.source.id ?? Self.documentID(for: talk.source)
    guard stopReason() == nil else {
      return decideAndApply(source: talk.source.url, id: id, previous: talk.previous, outcome: talk.outcome)
    }
    var previous = talk.previous
    previous.staged = talk.staged
    let outcome = await harvestTalk(talk.source, languages: talk.languages, previous: previous)
    return decideAndApply(source: talk.source.url, id: id, previous: previous, outcome: outcome)
  }

  private func harvestTalk(_ source: SourceEntry, languages: [String], previous: SourceState) async
    -> HarvestOutcome
  {
    let harvester = TalkHarvester(fetcher: fetcher.forSource(deadlineSeconds: sourceTimeoutSeconds), now: now)
    let isDue = previous.document.map { isDeepCheckDue($0, record: previous.record) } ?? false
    return await harvester.harvest(source, languages: languages, previous: previous, isDeepCheckDue: isDue)
  }

  /// The decide and apply stages of one source.
  func decideAndApply(source: String, id: String?, previous: SourceState, outcome: HarvestOutcome)
    -> RefreshReport.Entry
  {
    let change = RefreshDecision(source: source, documentID: id, now: RefreshTime.string(now()))
      .decide(previous: previous, outcome: outcome)
    return CorpusApplier(writer: writer).apply(change)
  }

  /// Everything the corpus holds for one document, read once, before its harvest.
  func previousState(id: String?) -> SourceState {
    guard let id else { return SourceState() }
    return SourceState(
      document: try? corpus.read(id: id), record: state.record(forDocument: id),
      staged: staging?.track(forDocument: id))
  }

  /// Whether a talk's playlists and segments are to be revalidated in this refresh. Its
  /// last deep check is the one its check record names, else when it was fetched (a
  /// harvest walks everything).
  func isDeepCheckDue(_ document: Document, record: TalkCheckRecord?) -> Bool {
    let last = RefreshTime.date(record?.lastDeepCheckAt)
      ?? RefreshTime.date(document.fetch?.lastDeepCheckAt)
      ?? RefreshTime.date(document.fetch?.fetchedAt)
    return deepChecks.isDue(id: document.id, lastDeepCheck: last, now: now())
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
