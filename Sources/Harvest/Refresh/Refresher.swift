import AppleSite
import Corpus
import DocumentModel
import Foundation
import HLS

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
///
/// A talk is harvested once per language it names (`SourceEntry.namedLanguages`, else the
/// list's `language`, else `languages`): each language is a document of its own, with its
/// own request, validators, check record and report entry, so one failing language never
/// costs the others theirs.
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
  /// The languages of talks when neither the source nor the list names any.
  public var languages: [String]
  /// The languages of talks that name none, whatever the list says (`refresh --language`).
  public var overridingLanguages: [String]?
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
    /// Done, each entry already shown through the progress as its page finished.
    case shown([RefreshReport.Entry])
    case again(RetryableTalk)
  }

  /// One thing to harvest: a HIG source, or a talk source in one language (a BCP 47 tag).
  struct Unit: Sendable {
    var source: SourceEntry
    var language: String?
    /// A talk's first language: the unit that takes the talk's related documentation (`--follow`).
    var isFirstLanguage = true

    var documentID: String? {
      guard source.kind == .talk else { return source.id ?? Refresher.documentID(for: source) }
      return language.flatMap { Refresher.documentID(for: source, language: $0) }
    }
  }

  /// A talk whose segments failed with a retryable error, with what its first attempt saw.
  struct RetryableTalk: Sendable {
    var source: SourceEntry
    var language: String
    var previous: SourceState
    var outcome: HarvestOutcome
    var staged: StagedTrack
  }

  public func refresh(_ list: SourceList, progress: Progress? = nil) async -> RefreshReport {
    let started = ContinuousClock.now
    let defaultLanguages = overridingLanguages ?? list.language.map { [$0] } ?? languages
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
    let sources = work.flatMap { source -> [Unit] in
      guard source.kind == .talk else { return [Unit(source: source)] }
      return Self.tags(source.namedLanguages ?? defaultLanguages).enumerated().map {
        Unit(source: source, language: $1, isFirstLanguage: $0 == 0)
      }
    }
    let total = catalogs.count + sources.count
    var entries = [[RefreshReport.Entry]](repeating: [], count: sources.count)
    var retries: [(index: Int, talk: RetryableTalk)] = []
    func finish(_ index: Int, _ results: [RefreshReport.Entry], shown: Bool = false) {
      entries[index] = results
      done += 1
      for entry in results where !shown { progress?(done, total, entry) }
    }
    await run(
      Array(sources.indices),
      onEach: { index in
        let unit = sources[index]
        if let reason = stopReason() {
          return .done([Self.notAttempted(unit.source, id: unit.documentID, reason: reason)])
        }
        return await firstPass(unit, progress: progress)
      },
      collect: { index, result in
        switch result {
        case .done(let results): finish(index, results)
        case .shown(let results): finish(index, results, shown: true)
        case .again(let talk): retries.append((index, talk))
        }
      })
    // Second pass: talks whose segments failed, each fetching only what it still lacks.
    let second = retries
    await run(
      Array(second.indices), onEach: { .done([await secondPass(second[$0].talk)]) },
      collect: { position, result in
        if case .done(let results) = result { finish(second[position].index, results) }
      })
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

  /// Why no new source may start: the deadline passed (a watchdog may also cancel the
  /// task then), or the task was cancelled.
  func stopReason() -> String? {
    if let deadline = fetcher.overallDeadline, fetcher.clock.now() >= deadline { return "deadline" }
    if Task.isCancelled { return "interrupted" }
    return nil
  }

  /// How the error of a source that was never started begins.
  public static let notAttemptedPrefix = "not attempted: "

  static func notAttempted(_ source: SourceEntry, id: String? = nil, reason: String) -> RefreshReport.Entry {
    RefreshReport.Entry(
      source: source.url, documentID: id ?? source.id ?? documentID(for: source), status: .failed,
      error: notAttemptedPrefix + reason)
  }

  /// BCP 47 tags for the languages a source or list names (`Japanese`, `jpn` → `ja`,
  /// `zh` → `zh-Hans`), each once, in order.
  static func tags(_ languages: [String]) -> [String] {
    var seen: Set<String> = []
    return languages.map(LanguageTag.bcp47).filter { seen.insert($0.lowercased()).inserted }
  }

  /// The id of a talk source's document in `language`: `wwdc2024/10173/ja`.
  public static func documentID(for source: SourceEntry, language: String) -> String? {
    guard let base = source.id ?? documentID(for: source) else { return nil }
    return try? DocumentID.localized(base, language: LanguageTag.bcp47(language))
  }

  private func firstPass(_ unit: Unit, progress: Progress?) async -> PassResult {
    let source = unit.source
    switch source.kind {
    case .hig:
      return .done(await refreshHIG(source))
    case .doc:
      guard source.follow != nil, let progress else { return .done(await refreshDocumentation(source)) }
      return .shown(await refreshDocumentation(source, progress: progress))
    case .talk:
      let language = unit.language ?? "en"
      let id = unit.documentID
      let previous = previousState(id: id)
      let outcome = await harvestTalk(source, language: language, previous: previous)
      if case .failed(let error, let staged?) = outcome, error.isRetryable, stopReason() == nil {
        return .again(
          RetryableTalk(source: source, language: language, previous: previous, outcome: outcome, staged: staged))
      }
      let entry = decideAndApply(source: source.url, id: id, previous: previous, outcome: outcome)
      return .done([entry] + (await refreshRelatedDocumentation(of: unit)))
    case .catalog:
      return .done([RefreshReport.Entry(source: source.url, status: .failed, error: "a catalog inside a catalog")])
    }
  }

  /// A talk's second pass, its first attempt's segments reused; when the refresh is
  /// stopping, the first attempt's outcome stands (its segments are staged).
  private func secondPass(_ talk: RetryableTalk) async -> RefreshReport.Entry {
    let id = Self.documentID(for: talk.source, language: talk.language)
    guard stopReason() == nil else {
      return decideAndApply(source: talk.source.url, id: id, previous: talk.previous, outcome: talk.outcome)
    }
    var previous = talk.previous
    previous.staged = talk.staged
    let outcome = await harvestTalk(talk.source, language: talk.language, previous: previous)
    return decideAndApply(source: talk.source.url, id: id, previous: previous, outcome: outcome)
  }

  private func harvestTalk(_ source: SourceEntry, language: String, previous: SourceState) async
    -> HarvestOutcome
  {
    let harvester = TalkHarvester(fetcher: fetcher.forSource(deadlineSeconds: sourceTimeoutSeconds), now: now)
    let isDue = previous.head.map { isDeepCheckDue($0, record: previous.record) } ?? false
    var previous = previous
    if isDue, let id = previous.head?.id {
      previous.record = state.record(forDocument: id)  // with the track the deep check revalidates
    }
    return await harvester.harvest(source, language: language, previous: previous, isDeepCheckDue: isDue)
  }

  /// The decide and apply stages of one source.
  func decideAndApply(source: String, id: String?, previous: SourceState, outcome: HarvestOutcome)
    -> RefreshReport.Entry
  {
    var previous = previous
    if let id, RefreshDecision.needsDocument(previous: previous, outcome: outcome) {
      previous.document = try? corpus.read(id: id)
    }
    let change = RefreshDecision(source: source, documentID: id, now: RefreshTime.string(now()))
      .decide(previous: previous, outcome: outcome)
    return CorpusApplier(writer: writer).apply(change)
  }

  /// What the corpus holds for one document, read before its harvest: the document's
  /// head (the whole document is read later, only if the decision needs it), its check
  /// record without its track (read by `harvestTalk` when a deep check is due) and its
  /// staged segments.
  func previousState(id: String?) -> SourceState {
    guard let id else { return SourceState() }
    return SourceState(
      head: try? corpus.readHead(id: id), record: state.record(forDocument: id, includingTrack: false),
      staged: staging?.track(forDocument: id))
  }

  /// Whether a talk's playlists and segments are to be revalidated in this refresh. Its
  /// last deep check is the one its check record names, else when it was fetched (a
  /// harvest walks everything).
  func isDeepCheckDue(_ head: DocumentHead, record: TalkCheckRecord?) -> Bool {
    let last =
      RefreshTime.date(record?.lastDeepCheckAt)
      ?? RefreshTime.date(head.fetch?.lastDeepCheckAt)
      ?? RefreshTime.date(head.fetch?.fetchedAt)
    return deepChecks.isDue(id: head.id, lastDeepCheck: last, now: now())
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
