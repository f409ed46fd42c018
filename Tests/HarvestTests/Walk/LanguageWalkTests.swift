import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A talk listed in several languages: each is harvested on its own, with its own page,
/// validators, check record and report entry.
@Suite struct LanguageWalkTests {
  static let japanese = ["こんにちは。", "さようなら。"]

  static func talk() -> FixtureTalk {
    FixtureTalk(tracks: [
      ("eng", "en", "English", FixtureTalk.lines(TalkWalkTests.sentences)),
      ("jpn", "Japanese", "Japanese", FixtureTalk.lines(Self.japanese)),
    ])
  }

  /// The talk's page under `/jp/`, which only some tests serve.
  static func localizedPage(_ talk: FixtureTalk) -> String {
    talk.page(FixtureTalk.LocalizedPage(folder: "jp", language: "ja", title: "フィクスチャの紹介"))
  }

  static func refresh(_ harness: WalkHarness, _ url: String, languages: [String]) async -> RefreshReport {
    let list = SourceList(sources: [SourceEntry(kind: .talk, url: url, languages: languages)])
    return await Refresher(fetcher: harness.fetcher, corpus: harness.corpus).refresh(list)
  }

  @Test func oneFailingLanguageKeepsTheOthersAndEachHasItsValidators() async throws {
    let talk = Self.talk()
    var routes = talk.routes()
    routes[talk.pagePath] = .entity(talk.page(), etag: "\"en1\"", lastModified: nil)
    let localized = "/jp" + talk.pagePath
    routes[localized] = .entity(Self.localizedPage(talk), etag: "\"ja1\"", lastModified: nil)
    // The Japanese track's first segment is missing in the first refresh only.
    let segment = talk.segmentPath("jpn", 0)
    routes[segment] = .sequence([.status(404), try #require(routes[segment])])
    let server = try LoopbackServer(routes: routes)
    defer { server.stop() }
    let harness = try WalkHarness()
    let url = server.url(talk.pagePath)

    let first = await Self.refresh(harness, url, languages: ["en", "ja"])
    #expect(first.entries.map(\.documentID) == ["wwdc2025/280", "wwdc2025/280/ja"])
    #expect(first.entries.map(\.status) == [.added, .failed], "\(first.entries)")
    #expect(try harness.corpus.read(id: "wwdc2025/280")?.passageTexts == TalkWalkTests.sentences)
    #expect(try harness.corpus.read(id: "wwdc2025/280/ja") == nil)

    let second = await Self.refresh(harness, url, languages: ["en", "ja"])
    #expect(second.entries.map(\.status) == [.unchanged, .added], "\(second.entries)")
    let japanese = try #require(try harness.corpus.read(id: "wwdc2025/280/ja"))
    #expect(japanese.passageTexts == Self.japanese)
    #expect(japanese.language == "ja")
    #expect(japanese.url == "https://developer.apple.com/jp/videos/play/wwdc2025/280/")
    #expect(japanese.title == "フィクスチャの紹介")
    #expect(try harness.corpus.read(id: "wwdc2025/280")?.title == "Meet the fixture")

    // Each language's page is asked for with its own validators, once.
    let before = server.totalRequestCount
    let third = await Self.refresh(harness, url, languages: ["en", "ja"])
    #expect(third.entries.map(\.status) == [.unchanged, .unchanged], "\(third.entries)")
    #expect(server.totalRequestCount - before == 2)
    #expect(server.requests(for: talk.pagePath).last?.header("If-None-Match") == "\"en1\"")
    #expect(server.requests(for: localized).last?.header("If-None-Match") == "\"ja1\"")
    let records = RefreshStateStore(corpus: harness.corpus)
    #expect(records.record(forDocument: "wwdc2025/280")?.track?.media.url.contains("/subtitles/eng/") == true)
    #expect(records.record(forDocument: "wwdc2025/280/ja")?.track?.media.url.contains("/subtitles/jpn/") == true)
  }

  @Test func aLanguageTheTalkLacksFailsAloneAndIsNeverAnotherTrack() async throws {
    let talk = Self.talk()
    let server = try LoopbackServer(routes: talk.routes())
    defer { server.stop() }
    let harness = try WalkHarness()
    let report = await Self.refresh(harness, server.url(talk.pagePath), languages: ["ko", "Japanese", "ja"])
    // `Japanese` and `ja` are one language; Korean has no track, and none stands in for it.
    #expect(report.entries.map(\.documentID) == ["wwdc2025/280/ko", "wwdc2025/280/ja"])
    #expect(report.entries.map(\.status) == [.failed, .added], "\(report.entries)")
    #expect(report.entries.first?.error?.contains("ko") == true, "\(report.entries)")
    #expect(try harness.corpus.read(id: "wwdc2025/280/ko") == nil)
    // Without a page under /jp/, the Japanese document links to the listed page.
    #expect(
      try harness.corpus.read(id: "wwdc2025/280/ja")?.url == "https://developer.apple.com/videos/play/wwdc2025/280/")
  }

  @Test func aLocalizedURLListedNamesTheTalkAndEachLanguageReadsItsOwnPage() async throws {
    let talk = Self.talk()
    var routes = talk.routes()
    let localized = "/jp" + talk.pagePath
    routes[localized] = .body(Self.localizedPage(talk))
    let server = try LoopbackServer(routes: routes)
    defer { server.stop() }
    let harness = try WalkHarness()
    let report = await Self.refresh(harness, server.url(localized), languages: ["en", "ja"])
    #expect(report.entries.map(\.status) == [.added, .added], "\(report.entries)")
    #expect(try harness.corpus.read(id: "wwdc2025/280")?.url == "https://developer.apple.com/videos/play/wwdc2025/280/")
    #expect(
      try harness.corpus.read(id: "wwdc2025/280/ja")?.url == "https://developer.apple.com/jp/videos/play/wwdc2025/280/")
    #expect(server.requestCount(talk.pagePath) == 1)
    #expect(server.requestCount(localized) == 1)
  }

  @Test func aMasterPlaylistSourceIsHarvestedInEachLanguage() async throws {
    let talk = Self.talk()
    let server = try LoopbackServer(routes: talk.routes())
    defer { server.stop() }
    let harness = try WalkHarness()
    let source = SourceEntry(
      kind: .talk, url: server.url(talk.masterPath), id: "keynotes/2025", title: "Keynote", languages: ["en", "ja"])
    let report = await Refresher(fetcher: harness.fetcher, corpus: harness.corpus).refresh(
      SourceList(sources: [source]))
    #expect(report.entries.map(\.status) == [.added, .added], "\(report.entries)")
    #expect(try harness.corpus.read(id: "keynotes/2025/ja")?.passageTexts == Self.japanese)
    #expect(try harness.corpus.read(id: "keynotes/2025")?.passageTexts == TalkWalkTests.sentences)
    // An id of the shape localized ids take is refused, so that none can collide.
    var reserved = source
    reserved.id = "keynotes/ja"
    let refused = await Refresher(fetcher: harness.fetcher, corpus: harness.corpus).refresh(
      SourceList(sources: [reserved]))
    #expect(refused.entries.map(\.status) == [.failed, .failed], "\(refused.entries)")
  }
}
