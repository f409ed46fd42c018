import Corpus
import DuoKBTestSupport
import Foundation
import Harvest
import Normalize

/// A talk of `sentences` numbered `number` in `collection`.
func fixtureTalk(_ number: String, collection: String = "wwdc2025", sentences: [String]) -> FixtureTalk {
  var talk = FixtureTalk(tracks: [("eng", "en", "English", FixtureTalk.lines(sentences))])
  talk.number = number
  talk.collection = collection
  talk.title = "Talk \(number)"
  return talk
}

let refreshSentences = [
  "People will use iPhone Duo in many different poses.",
  "But that doesn’t mean designing a custom layout for each pose.",
  "Instead, focus on two size classes.",
  "Avoid fixed widths, breakpoints, or any metrics tied to a specific screen.",
]

/// A scratch corpus with a refresher on a loopback-only client whose clock and deep
/// check schedule the test sets.
struct RefreshHarness {
  let corpus: CorpusStore
  let fetcher: SiteFetcher
  let staging: SegmentStaging

  init(
    retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50)),
    deadline: ContinuousClock.Instant? = nil, mirroring site: FixtureSite? = nil,
    limits: HarvestLimits = HarvestLimits()
  ) throws {
    // A path of the test process's scratch folder: the corpus outlives the harness.
    let directory = ScratchFolder.unusedPath("refresh")
    corpus = CorpusStore(directory: directory.appendingPathComponent("Corpus", isDirectory: true))
    staging = SegmentStaging(directory: RefreshSession.stagingDirectory(inHome: directory))
    var configuration = HTTPClientConfiguration(
      allowedHosts: HostAllowList.apple.adding("127.0.0.1"), totalTimeout: .seconds(10),
      retry: retry, deadline: deadline)
    configuration.prefersHTTP2 = false
    let mirror = site.flatMap { SiteMirror.mapping(parsing: "https://developer.apple.com=\($0.server.baseURL)") }
    fetcher = SiteFetcher(
      client: try HTTPClient(configuration: configuration), mirror: SiteMirror(mirror.map { [$0] } ?? []),
      limits: limits)
  }

  /// The home: the folder holding `Corpus/` and the staging cache.
  var home: URL { corpus.directory.deletingLastPathComponent() }

  func refresher(
    now: Date = Date(timeIntervalSince1970: 1_800_000_000), deep: DeepCheckSchedule = DeepCheckSchedule(),
    writer: (any RefreshWriter)? = nil
  ) -> Refresher {
    var refresher = Refresher(fetcher: fetcher, corpus: corpus, staging: staging, deepChecks: deep, now: { now })
    if let writer { refresher.writer = writer }
    return refresher
  }

  func refresh(
    _ sources: [SourceEntry], now: Date = Date(timeIntervalSince1970: 1_800_000_000),
    deep: DeepCheckSchedule = DeepCheckSchedule(), writer: (any RefreshWriter)? = nil
  ) async -> RefreshReport {
    await refresher(now: now, deep: deep, writer: writer).refresh(SourceList(sources: sources))
  }

  func talks(_ urls: [String]) -> [SourceEntry] { urls.map { SourceEntry(kind: .talk, url: $0) } }

  func fileData(_ id: String) throws -> Data { try Data(contentsOf: corpus.fileURL(forDocument: id)) }
}

extension RefreshReport {
  var statuses: [RefreshReport.Status] { entries.map(\.status) }
}
