import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest

/// A fixture site for refresh tests: talks laid out like Apple's (`FixtureTalk`), HIG
/// pages and catalogs, every resource served with an ETag taken from its bytes and
/// answered 304 to a matching If-None-Match; editable while the server runs (a caption
/// edited in place, a page gone, a redirect), with injected faults.
final class RefreshSite: @unchecked Sendable {
  private let lock = NSLock()
  private var bodies: [String: @Sendable (LoopbackRequest) -> String] = [:]
  private var edits: [String: String] = [:]
  private var statuses: [String: Int] = [:]
  private var redirects: [String: String] = [:]
  private var faultPercent = 0
  private var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15
  private var validators = true
  private var delay = 0
  /// When false, no ETag: every request answers 200 with the body.
  var sendsValidators: Bool {
    get { lock.withLock { validators } }
    set { lock.withLock { validators = newValue } }
  }
  /// Every answer is held this long.
  var delayMilliseconds: Int {
    get { lock.withLock { delay } }
    set { lock.withLock { delay = newValue } }
  }
  private(set) var faultsInjected = 0

  private(set) var server: LoopbackServer!

  init(talks: [FixtureTalk] = [], extra: [String: String] = [:]) throws {
    for talk in talks { add(talk) }
    for (path, body) in extra { bodies[path] = { _ in body } }
    let paths = lock.withLock { Array(bodies.keys) }
    var routes: [String: LoopbackResponse] = [:]
    for path in paths { routes[path] = .handler { [unowned self] in self.answer(path, $0) } }
    server = try LoopbackServer(routes: routes, fallback: .handler { [unowned self] in self.fallback($0) })
  }

  func url(_ path: String) -> String { server.url(path) }

  private func add(_ talk: FixtureTalk) {
    bodies[talk.pagePath] = { _ in talk.page() }
    bodies[talk.masterPath] = { talk.master(base: FixtureTalk.base(of: $0)) }
    for track in talk.tracks {
      let count = talk.segmentCount(track.lines)
      let folder = track.folder
      bodies[talk.mediaPath(folder)] = { talk.mediaPlaylist(folder, count: count, base: FixtureTalk.base(of: $0)) }
      for index in 0..<count {
        let text = talk.segment(index, lines: track.lines)
        bodies[talk.segmentPath(folder, index)] = { _ in text }
      }
    }
  }

  /// Serves `body` at `path` from now on (a path the site had at the start).
  func edit(_ path: String, to body: String) { lock.withLock { edits[path] = body } }
  func body(_ path: String) -> String? { lock.withLock { edits[path] } }
  func answer(status: Int, at path: String) { lock.withLock { statuses[path] = status } }
  /// Serves `path` as at the start again (no status, redirect or edit).
  func restore(_ path: String) {
    lock.withLock {
      statuses[path] = nil
      redirects[path] = nil
      edits[path] = nil
    }
  }
  func redirect(_ path: String, to location: String) { lock.withLock { redirects[path] = location } }
  /// Fails about `percent` of requests from now on (503, or a closed connection),
  /// with a fixed pseudo-random sequence.
  func injectFaults(percent: Int) { lock.withLock { faultPercent = percent } }

  private func answer(_ path: String, _ request: LoopbackRequest) -> LoopbackResponse {
    let decided: LoopbackResponse? = lock.withLock {
      if faultPercent > 0 {
        randomState = randomState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let roll = Int((randomState >> 33) % 100)
        if roll < faultPercent {
          faultsInjected += 1
          return roll % 2 == 0 ? .status(503, body: "busy") : .closeConnection
        }
      }
      if let status = statuses[path] { return .status(status, body: "<html><body>gone</body></html>") }
      if let location = redirects[path] { return .redirect(to: location, status: 302) }
      return nil
    }
    if let decided { return decided }
    let text = lock.withLock { edits[path] } ?? bodies[path]?(request) ?? ""
    let response: LoopbackResponse =
      sendsValidators ? .entity(text, etag: Self.etag(text), lastModified: nil) : .body(text)
    return delayMilliseconds > 0 ? .delayed(milliseconds: delayMilliseconds, response) : response
  }

  private func fallback(_ request: LoopbackRequest) -> LoopbackResponse {
    .status(404, body: "<html><head><title>Not Found</title></head><body><h1>Page not found</h1></body></html>")
  }

  static func etag(_ text: String) -> String {
    "\"" + String(SHA256.hexDigest(Array(text.utf8)).prefix(16)) + "\""
  }
}

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
    deadline: ContinuousClock.Instant? = nil, mirroring site: RefreshSite? = nil,
    limits: HarvestLimits = HarvestLimits()
  ) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-refresh-\(UUID().uuidString)", isDirectory: true)
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
