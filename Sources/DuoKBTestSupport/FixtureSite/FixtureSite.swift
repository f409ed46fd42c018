import DocumentModel
import Foundation

/// The one site laid out like Apple's that tests harvest from, on a `LoopbackServer`:
/// talks (`FixtureTalk`: pages in several languages, master and media playlists, WebVTT
/// segments), HIG pages (`FixtureHIGPage`), a JSON catalog and index pages of talks, a
/// folder of files served as they are, and any extra paths. Every generated resource is
/// served with an ETag taken from its bytes and answered 304 to a matching If-None-Match.
/// While the server runs, a test can edit a resource in place, answer a status or a
/// redirect at a path, hold every answer, drop the validators or inject faults.
public final class FixtureSite: @unchecked Sendable {
  public let talks: [FixtureTalk]
  public let higPages: [FixtureHIGPage]
  /// What the server's handlers read and tests change; the handlers hold it, not the site,
  /// so that the server keeps answering however long the site itself is kept.
  private let state: FixtureSiteState

  /// When false, no ETag: every request answers 200 with the body.
  public var sendsValidators: Bool {
    get { state.lock.withLock { state.validators } }
    set { state.lock.withLock { state.validators = newValue } }
  }
  /// Every answer of a generated resource is held this long.
  public var delayMilliseconds: Int {
    get { state.lock.withLock { state.delay } }
    set { state.lock.withLock { state.delay = newValue } }
  }
  /// How many answers `injectFaults` has spoiled so far.
  public var faultsInjected: Int { state.lock.withLock { state.faults } }

  public let server: LoopbackServer

  /// - Parameters:
  ///   - catalogPath: where the site serves its JSON catalog of every talk (`catalogJSON`).
  ///   - files: a folder served as it is at paths no other resource has (`/` names
  ///     `index.html`), without validators.
  ///   - extra: further paths and their bodies.
  public init(
    talks: [FixtureTalk] = [], higPages: [FixtureHIGPage] = [], catalogPath: String? = nil, files: URL? = nil,
    extra: [String: String] = [:], delayMilliseconds: Int = 0
  ) throws {
    self.talks = talks
    self.higPages = higPages
    var bodies: [String: @Sendable (LoopbackRequest) -> String] = [:]
    for talk in talks { bodies.merge(talk.bodies()) { $1 } }
    for page in higPages {
      let json = page.json()
      bodies[page.jsonPath] = { _ in json }
    }
    for (path, body) in extra { bodies[path] = { _ in body } }
    if let catalogPath {
      bodies[catalogPath] = { Self.catalogJSON(talks, base: FixtureTalk.base(of: $0)) }
    }
    let state = FixtureSiteState(bodies: bodies, files: files, delay: delayMilliseconds)
    self.state = state
    var routes: [String: LoopbackResponse] = [:]
    for path in bodies.keys { routes[path] = .handler { state.answer(path, $0) } }
    server = try LoopbackServer(routes: routes, fallback: .handler { state.fallback($0) })
  }

  public func url(_ path: String) -> String { server.url(path) }
  public func pageURL(_ talk: FixtureTalk) -> String { server.url(talk.pagePath) }

  /// A sources.json listing every talk once, with the languages it lists (one listed
  /// language in the older one-language form, as files written before `languages` have it).
  public var sourcesJSON: String {
    let entries = talks.map { talk in
      switch talk.listedLanguages.count {
      case 0: "{\"kind\": \"talk\", \"url\": \"\(pageURL(talk))\"}"
      case 1: "{\"kind\": \"talk\", \"url\": \"\(pageURL(talk))\", \"language\": \"\(talk.listedLanguages[0])\"}"
      default:
        "{\"kind\": \"talk\", \"url\": \"\(pageURL(talk))\", \"languages\": [\(talk.listedLanguages.map { "\"\($0)\"" }.joined(separator: ", "))]}"
      }
    }
    let language = talks.contains { !$0.listedLanguages.isEmpty } ? " \"language\": \"en\"," : ""
    return "{\"version\": 1,\(language) \"sources\": [\(entries.joined(separator: ", "))]}"
  }

  /// A catalog in the shape of Apple's JSON (`contents` of talks with their permalinks),
  /// naming `talks` on this server and `extra` items as they are.
  public func catalogJSON(_ talks: [FixtureTalk], extra: [String] = []) -> String {
    Self.catalogJSON(talks, base: server.baseURL, extra: extra)
  }

  static func catalogJSON(_ talks: [FixtureTalk], base: String, extra: [String] = []) -> String {
    let items =
      talks.map { talk in
        """
        {"id": "\(talk.collection)-\(talk.number)", "eventId": "\(talk.collection)", "title": "\(talk.title)",
         "webPermalink": "\(base)\(talk.pagePath)", "media": {"duration": 600}\(
          talk.catalogPublished.map { ", \"originalPublishingDate\": \($0)" } ?? "")}
        """
      } + extra
    return "{\"contents\": [\(items.joined(separator: ",\n"))], \"events\": []}"
  }

  /// A catalog page in the shape of Apple's HTML index (`/videos/wwdc2024/`): a card per talk.
  public static func indexPage(_ talks: [FixtureTalk]) -> String {
    let cards = talks.map { talk in
      """
      <li><a href="\(talk.pagePath)" class="vc-card vc-card--video">
        <img src="thumb.jpg" alt=""><h4 class="vc-card__title">\(talk.title)</h4>
        <span class="vc-card__meta">WWDC</span></a></li>
      """
    }
    return
      "<!DOCTYPE html><html><body><nav><a href=\"/videos/\">Videos</a></nav><ul>\(cards.joined())</ul></body></html>"
  }

  /// Serves `body` at `path` from now on (a path the site had at the start).
  public func edit(_ path: String, to body: String) { state.lock.withLock { state.edits[path] = body } }
  public func body(_ path: String) -> String? { state.lock.withLock { state.edits[path] } }
  public func answer(status: Int, at path: String) { state.lock.withLock { state.statuses[path] = status } }
  /// Serves `path` as at the start again (no status, redirect or edit).
  public func restore(_ path: String) {
    state.lock.withLock {
      state.statuses[path] = nil
      state.redirects[path] = nil
      state.edits[path] = nil
    }
  }
  public func redirect(_ path: String, to location: String) {
    state.lock.withLock { state.redirects[path] = location }
  }
  /// Fails about `percent` of requests from now on (503, or a closed connection),
  /// with a fixed pseudo-random sequence.
  public func injectFaults(percent: Int) { state.lock.withLock { state.faultPercent = percent } }

  public static func etag(_ text: String) -> String {
    "\"" + String(SHA256.hexDigest(Array(text.utf8)).prefix(16)) + "\""
  }
}

/// A fixture site's resources and what tests have changed of them, under one lock.
private final class FixtureSiteState: @unchecked Sendable {
  let lock = NSLock()
  let bodies: [String: @Sendable (LoopbackRequest) -> String]
  let files: URL?
  var edits: [String: String] = [:]
  var statuses: [String: Int] = [:]
  var redirects: [String: String] = [:]
  var faultPercent = 0
  var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15
  var validators = true
  var delay: Int
  var faults = 0

  init(bodies: [String: @Sendable (LoopbackRequest) -> String], files: URL?, delay: Int) {
    self.bodies = bodies
    self.files = files
    self.delay = delay
  }

  func answer(_ path: String, _ request: LoopbackRequest) -> LoopbackResponse {
    let decided: LoopbackResponse? = lock.withLock {
      if faultPercent > 0 {
        randomState = randomState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let roll = Int((randomState >> 33) % 100)
        if roll < faultPercent {
          faults += 1
          return roll % 2 == 0 ? .status(503, body: "busy") : .closeConnection
        }
      }
      if let status = statuses[path] { return .status(status, body: "<html><body>gone</body></html>") }
      if let location = redirects[path] { return .redirect(to: location, status: 302) }
      return nil
    }
    if let decided { return decided }
    let (edited, validators, delay) = lock.withLock { (edits[path], self.validators, self.delay) }
    let text = edited ?? bodies[path]?(request) ?? ""
    let response: LoopbackResponse =
      validators ? .entity(text, etag: FixtureSite.etag(text), lastModified: nil) : .body(text)
    return delay > 0 ? .delayed(milliseconds: delay, response) : response
  }

  func fallback(_ request: LoopbackRequest) -> LoopbackResponse {
    if let files, !request.path.contains("..") {
      let path = request.path.hasSuffix("/") ? request.path + "index.html" : request.path
      let file = files.appendingPathComponent(String(path.dropFirst()))
      if FileManager.default.fileExists(atPath: file.path) { return .fixture(file) }
    }
    return .status(404, body: "<html><head><title>Not Found</title></head><body><h1>Page not found</h1></body></html>")
  }
}
