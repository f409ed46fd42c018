import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import TalkPage
import Testing

/// A catalog source adds every matching talk at refresh time.
@Suite struct CatalogRefreshTests {
  @Test func jsonCatalogAddsEveryTalkMatchingTheFilter() async throws {
    let talks = [
      fixtureTalk("10163", collection: "wwdc2020", sentences: refreshSentences),
      fixtureTalk("10164", collection: "wwdc2020", sentences: refreshSentences),
      fixtureTalk("220", collection: "wwdc2019", sentences: refreshSentences),
    ]
    let site = try FixtureSite(talks: talks, catalogPath: "/catalog.json")
    let harness = try RefreshHarness()
    let source = SourceEntry(kind: .catalog, url: site.url("/catalog.json"), filter: .init(event: "wwdc2020"))
    let report = await harness.refresh([source])
    #expect(report.entries.map(\.documentID) == [nil, "wwdc2020/10163", "wwdc2020/10164"])
    #expect(report.statuses == [.unchanged, .added, .added])
    #expect(report.entries[0].catalogTalks == 2)
    #expect(site.server.requestCount(talks[2].pagePath) == 0, "talks outside the filter are not fetched")
    // Unchanged: one request for the catalog, one per talk.
    let before = site.server.requests.count
    let again = await harness.refresh([source])
    #expect(again.statuses == [.unchanged, .unchanged, .unchanged])
    #expect(site.server.requests.count - before == 3)
  }

  @Test func indexPageCatalogAddsANewTalkAtTheNextRefresh() async throws {
    let talks = [
      fixtureTalk("10001", collection: "wwdc2024", sentences: refreshSentences),
      fixtureTalk("10002", collection: "wwdc2024", sentences: refreshSentences),
    ]
    let site = try FixtureSite(talks: talks, extra: ["/videos/wwdc2024/": FixtureSite.indexPage([talks[0]])])
    let harness = try RefreshHarness()
    let source = SourceEntry(kind: .catalog, url: site.url("/videos/wwdc2024/"), filter: .init(year: 2024))
    let first = await harness.refresh([source])
    #expect(first.entries.compactMap(\.documentID) == ["wwdc2024/10001"])
    site.edit("/videos/wwdc2024/", to: FixtureSite.indexPage(talks))
    let second = await harness.refresh([source])
    #expect(second.entries.compactMap(\.documentID) == ["wwdc2024/10001", "wwdc2024/10002"])
    #expect(second.statuses == [.unchanged, .unchanged, .added])
  }

  @Test func titleFilterAndExplicitSourcesAreNotDoubled() async throws {
    var talks = [
      fixtureTalk("10001", collection: "wwdc2024", sentences: refreshSentences),
      fixtureTalk("10002", collection: "wwdc2024", sentences: refreshSentences),
    ]
    talks[0].title = "Design for iPhone Duo"
    talks[1].title = "Meet Swift Testing"
    let site = try FixtureSite(talks: talks, extra: ["/all/": FixtureSite.indexPage(talks)])
    let harness = try RefreshHarness()
    let catalog = SourceEntry(kind: .catalog, url: site.url("/all/"), filter: .init(titleContains: "IPHONE duo"))
    let report = await harness.refresh([SourceEntry(kind: .talk, url: site.url(talks[0].pagePath)), catalog])
    #expect(report.entries.compactMap(\.documentID) == ["wwdc2024/10001"])
    #expect(site.server.requestCount(talks[0].pagePath) == 1)
  }

  @Test func failingCatalogStillRefreshesTheTalksItListedBefore() async throws {
    let talks = [fixtureTalk("10001", collection: "wwdc2024", sentences: refreshSentences)]
    let site = try FixtureSite(talks: talks, extra: ["/all/": FixtureSite.indexPage(talks)])
    let harness = try RefreshHarness(retry: .none)
    let catalog = SourceEntry(kind: .catalog, url: site.url("/all/"))
    _ = await harness.refresh([catalog])
    site.answer(status: 500, at: "/all/")
    let report = await harness.refresh([catalog])
    #expect(report.statuses == [.failed, .unchanged])
    #expect(report.entries[0].warnings == ["refreshing the 1 talks it listed before"])
  }

  @Test func catalogThatListsNoTalksFails() async throws {
    let site = try FixtureSite(extra: ["/all/": "<html><body><a href=\"/videos/\">nothing</a></body></html>"])
    let harness = try RefreshHarness()
    let report = await harness.refresh([SourceEntry(kind: .catalog, url: site.url("/all/"))])
    #expect(report.statuses == [.failed])
    #expect(report.entries[0].error?.contains("lists no talks") == true)
  }
}

@Suite struct CatalogReaderTests {
  let base = "https://developer.apple.com/videos/all-videos/"

  @Test func readsAppleCatalogItems() throws {
    let json = """
      {"contents": [
        {"id": "wwdc2019-220", "eventId": "wwdc2019", "title": "Advances in Foundation",
         "webPermalink": "https://developer.apple.com/videos/play/wwdc2019/220/"},
        {"id": "tech-talks-206", "eventId": "tech-talks", "title": "No permalink"},
        {"id": "wwdc2019-220", "eventId": "wwdc2019", "title": "Again",
         "webPermalink": "https://developer.apple.com/videos/play/wwdc2019/220/"},
        {"id": "lab-1", "eventId": "wwdc2019", "title": "Not a talk", "webPermalink": "https://developer.apple.com/labs/"},
        42, null, {"id": 7, "title": ["wrong"]}
      ]}
      """
    let talks = try CatalogReader.talks(in: Data(json.utf8), url: base)
    #expect(talks.map(\.documentID) == ["wwdc2019/220", "tech-talks/206"])
    #expect(talks[1].url == "https://developer.apple.com/videos/play/tech-talks/206/")
    #expect(talks[0].year == 2019 && talks[1].year == nil)
  }

  @Test(
    "Refuses what is not a catalog",
    arguments: [
      "{\"contents\": 3}", "{}", "{\"contents\": [", "{ not json",
    ])
  func refusesMalformedJSON(text: String) {
    #expect(throws: CatalogReader.Failure.self) { try CatalogReader.talks(in: Data(text.utf8), url: base) }
  }

  @Test func readsCardsOfAnIndexPageAndSkipsOtherLinks() throws {
    let html = """
      <html><body>
      <a href="/videos/play/wwdc2020/10163/" class="vc-card"><span class="vc-card__title">Meet WidgetKit</span></a>
      <a class="vc-card" href="/videos/play/wwdc2020/10163/?time=5">Meet WidgetKit again</a>
      <a href="/videos/play/wwdc2020/10034/">not a card</a>
      <a class="vc-card" href="/videos/play/../../etc/">hostile</a>
      <a class="vc-card">no href</a>
      <a class="vc-card" href="/jp/videos/play/wwdc2021/10001/"><p>Localized</p>
      </body></html>
      """
    let talks = try CatalogReader.talks(in: Data(html.utf8), url: base)
    #expect(talks.map(\.documentID) == ["wwdc2020/10163", "wwdc2021/10001"])
    #expect(talks[0].title == "Meet WidgetKit")
    #expect(talks[0].url == "https://developer.apple.com/videos/play/wwdc2020/10163/")
  }

  @Test func truncatedAndBinaryPagesGiveNoTalks() throws {
    #expect(
      try CatalogReader.talks(in: Data("<html><body><a class=\"vc-card\" href=\"/videos/pl".utf8), url: base).isEmpty)
    #expect(try CatalogReader.talks(in: Data((0..<2048).map { UInt8($0 % 256) }), url: base).isEmpty)
    #expect(try CatalogReader.talks(in: Data(), url: base).isEmpty)
  }

  @Test func oversizedIndexPageIsRefused() throws {
    let html = Data(
      ("<html><body>" + String(repeating: "<a class=\"vc-card\" href=\"/videos/play/wwdc2020/1/\">x</a>", count: 100))
        .utf8)
    #expect(throws: TalkPageError.self) {
      try TalkIndexPage.parse(html, url: URL(string: base)!, limits: TalkPageLimits(maxBytes: 1_000, maxDepth: 50))
    }
  }

  @Test func deeplyNestedIndexPageIsRead() throws {
    let html =
      String(repeating: "<div>", count: 5_000) + "<a class=\"vc-card\" href=\"/videos/play/wwdc2020/10163/\">Deep</a>"
    let talks = try CatalogReader.talks(in: Data(html.utf8), url: base)
    #expect(talks.count <= 1, "libxml2 stops nesting at its limit; nothing crashes")
  }

  @Test func filterMatchesEventYearAndTitle() {
    let talk = CatalogTalk(url: "u", documentID: "wwdc2020/10163", title: "Meet WidgetKit")
    #expect(SourceEntry.Filter(event: "WWDC2020").matches(talk))
    #expect(!SourceEntry.Filter(event: "wwdc2021").matches(talk))
    #expect(SourceEntry.Filter(year: 2020, titleContains: "widgetkit").matches(talk))
    #expect(!SourceEntry.Filter(year: 2019).matches(talk))
    #expect(!SourceEntry.Filter(titleContains: "Swift").matches(talk))
  }
}

/// A talk whose page gives no `datePublished` takes the catalog's date, and says so.
@Suite struct CatalogDateTests {
  @Test func aCatalogOnlyTalkHasTheCatalogsDate() async throws {
    var talks = [
      fixtureTalk("10163", collection: "wwdc2020", sentences: refreshSentences),
      fixtureTalk("10164", collection: "wwdc2020", sentences: refreshSentences),
    ]
    talks[0].catalogPublished = 1_772_643_600  // 2026-03-04T17:00:00Z
    let site = try FixtureSite(talks: talks, catalogPath: "/catalog.json")
    let harness = try RefreshHarness()
    _ = await harness.refresh([SourceEntry(kind: .catalog, url: site.url("/catalog.json"))])
    let dated = try #require(try harness.corpus.read(id: "wwdc2020/10163"))
    #expect(dated.published == "2026-03-04")
    #expect(dated.publishedFrom == "catalog")
    let undated = try #require(try harness.corpus.read(id: "wwdc2020/10164"))
    #expect(undated.published == nil && undated.publishedFrom == nil)
  }

  @Test(
    "originalPublishingDate as seconds or as an ISO date; anything else is no date",
    arguments: [
      (#""originalPublishingDate": 1772643600"#, "2026-03-04" as String?),
      (#""originalPublishingDate": 1772643600.5"#, "2026-03-04"),
      (#""originalPublishingDate": "2025-06-10T17:00:00Z""#, "2025-06-10"),
      (#""originalPublishingDate": "2025-06-10""#, "2025-06-10"),
      (#""originalPublishingDate": "June 10""#, nil),
      (#""originalPublishingDate": -5"#, nil),
      (#""originalPublishingDate": null"#, nil),
    ])
  func readsTheCatalogsDate(field: String, day: String?) throws {
    let body = """
      {"contents": [{"id": "wwdc2025-280", "eventId": "wwdc2025", "title": "T", \(field)}]}
      """
    let talks = try CatalogReader.talks(in: Data(body.utf8), url: "https://developer.apple.com/videos/all.json")
    #expect(talks.map(\.published) == [day])
  }
}
