import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@Suite struct HIGWalkTests {
  func harness(for server: LoopbackServer, maxBodyBytes: Int = 32 << 20) throws -> (CorpusStore, SiteFetcher) {
    let walk = try WalkHarness(maxBodyBytes: maxBodyBytes)
    let mirror = SiteMirror([SiteMirror.mapping(parsing: "https://developer.apple.com=\(server.baseURL)")!])
    return (walk.corpus, SiteFetcher(client: walk.client, mirror: mirror))
  }

  func refresh(_ entries: [SourceEntry], server: LoopbackServer, maxBodyBytes: Int = 32 << 20)
    async throws -> (RefreshReport, CorpusStore)
  {
    let (corpus, fetcher) = try harness(for: server, maxBodyBytes: maxBodyBytes)
    let report = await Refresher(fetcher: fetcher, corpus: corpus).refresh(SourceList(sources: entries))
    return (report, corpus)
  }

  @Test("A HIG page lands with every heading, anchor and paragraph in order", arguments: [false, true])
  func harvestsAPage(byJSONURL: Bool) async throws {
    let page = FixtureHIGPage(slug: "folding-layouts", title: "Folding layouts")
    let server = try LoopbackServer(routes: [page.jsonPath: .body(page.json())])
    defer { server.stop() }
    let url = byJSONURL ? "https://developer.apple.com\(page.jsonPath)" : page.pageURL
    let (report, corpus) = try await refresh([SourceEntry(kind: .hig, url: url)], server: server)
    #expect(report.entries.map(\.status) == [.added], "\(report.entries)")
    let document = try #require(try corpus.read(id: "hig/folding-layouts"))
    #expect(document.kind == .hig)
    #expect(document.title == "Folding layouts")
    #expect(document.url == page.pageURL)
    #expect(document.passages.map(\.text) == page.expectedPassages.map(\.text))
    #expect(document.passages.map(\.anchor) == page.expectedPassages.map(\.anchor))
    let headings = document.sections.filter { $0.anchor != nil }
    #expect(headings.map(\.title) == page.expectedHeadings.map(\.title))
    #expect(headings.map(\.anchor) == page.expectedHeadings.map(\.anchor))
    #expect(server.requestCount(page.jsonPath) == 1)
  }

  @Test func aPageIsDatedByTheLatestDayOfItsChangeLog() async throws {
    let dated = FixtureHIGPage(
      slug: "folding-layouts", title: "Folding layouts",
      changeLog: [("March 1, 2024", "New page."), ("June 9, 2025", "Added guidance for half-open postures.")])
    let undated = FixtureHIGPage(slug: "color", title: "Color")
    let site = try FixtureSite(higPages: [dated, undated])
    defer { site.server.stop() }
    let entries = [SourceEntry(kind: .hig, url: dated.pageURL), SourceEntry(kind: .hig, url: undated.pageURL)]
    let (report, corpus) = try await refresh(entries, server: site.server)
    #expect(report.entries.map(\.status) == [.added, .added], "\(report.entries)")
    let document = try #require(try corpus.read(id: "hig/folding-layouts"))
    #expect(document.published == "2025-06-09")
    #expect(document.passages.map(\.text) == dated.expectedPassages.map(\.text))
    #expect(try corpus.read(id: "hig/color")?.published == nil, "no change log, no date")
  }

  @Test func followsTopicSectionsBoundedAndEachPageOnce() async throws {
    // root → a, b; a → b, root (a cycle); b → c; c is beyond the depth bound.
    let pages = [
      FixtureHIGPage(slug: "root", title: "Root", children: ["a", "b"]),
      FixtureHIGPage(slug: "a", title: "A", children: ["b", "root"]),
      FixtureHIGPage(slug: "b", title: "B", children: ["c"]),
      FixtureHIGPage(slug: "c", title: "C"),
    ]
    let server = try LoopbackServer(
      routes: Dictionary(uniqueKeysWithValues: pages.map { ($0.jsonPath, LoopbackResponse.body($0.json())) }))
    defer { server.stop() }
    let entry = SourceEntry(kind: .hig, url: pages[0].pageURL, follow: SourceEntry.Follow(maxDepth: 1, maxPages: 10))
    let (report, corpus) = try await refresh([entry], server: server)
    #expect(report.entries.compactMap(\.documentID) == ["hig/root", "hig/a", "hig/b"])
    #expect(try corpus.read(id: "hig/c") == nil)
    for page in pages.prefix(3) { #expect(server.requestCount(page.jsonPath) == 1) }

    let bounded = SourceEntry(kind: .hig, url: pages[0].pageURL, follow: SourceEntry.Follow(maxDepth: 5, maxPages: 2))
    let (countBound, _) = try await refresh([bounded], server: server)
    #expect(countBound.entries.count == 2)
  }

  @Test func followsFromTheRootOfTheGuidelines() async throws {
    let pages = [
      FixtureHIGPage(slug: "", title: "Human Interface Guidelines", children: ["layout"]),
      FixtureHIGPage(slug: "layout", title: "Layout"),
    ]
    let server = try LoopbackServer(
      routes: Dictionary(uniqueKeysWithValues: pages.map { ($0.jsonPath, LoopbackResponse.body($0.json())) }))
    defer { server.stop() }
    let entry = SourceEntry(kind: .hig, url: pages[0].pageURL, follow: SourceEntry.Follow())
    let (report, corpus) = try await refresh([entry], server: server)
    #expect(report.entries.map(\.status) == [.added, .added], "\(report.entries)")
    #expect(report.entries.compactMap(\.documentID) == ["hig", "hig/layout"])
    #expect(try corpus.read(id: "hig")?.url == "https://developer.apple.com/design/human-interface-guidelines")
  }

  @Test func pageAnsweringWithAnotherIdentifierIsNotStored() async throws {
    var page = FixtureHIGPage(slug: "layout", title: "Layout")
    page.identifierSlug = "human-interface-guidelines-home"
    let server = try LoopbackServer(routes: [page.jsonPath: .body(page.json())])
    defer { server.stop() }
    let (report, corpus) = try await refresh([SourceEntry(kind: .hig, url: page.pageURL)], server: server)
    #expect(report.entries.map(\.status) == [.failed])
    #expect(report.entries.first?.error?.contains("another page") == true)
    #expect(try corpus.read(id: "hig/layout") == nil)
  }

  @Test(
    "Bad answers fail clearly and keep the previous copy",
    arguments: [
      ("<!DOCTYPE html><html><body>Not found</body></html>", "HTML"),
      ("{\"kind\": \"article\", \"metadata\": ", "truncated"),
      ("[1, 2, 3]", "render"),
    ])
  func badAnswersFail(body: String, word: String) async throws {
    let page = FixtureHIGPage(slug: "layout", title: "Layout")
    let server = try LoopbackServer(routes: [page.jsonPath: .body(body)])
    defer { server.stop() }
    let (corpus, fetcher) = try harness(for: server)
    let previous = Document(
      id: "hig/layout", kind: .hig, title: "Kept", url: page.pageURL,
      passages: [Passage(kind: .text, text: "Kept.")])
    try corpus.write(previous)
    let report = await Refresher(fetcher: fetcher, corpus: corpus).refresh(
      SourceList(sources: [SourceEntry(kind: .hig, url: page.pageURL)]))
    #expect(report.entries.map(\.status) == [.failed])
    #expect(report.entries.first?.error?.localizedCaseInsensitiveContains(word) == true, "\(report.entries)")
    #expect(try corpus.read(id: "hig/layout") == previous)
  }

  @Test func fiftyMegabytePageIsRefusedBeforeItIsRead() async throws {
    let page = FixtureHIGPage(slug: "huge", title: "Huge")
    let huge = String(repeating: " ", count: 50 << 20) + page.json()
    let server = try LoopbackServer(routes: [page.jsonPath: .body(huge)])
    defer { server.stop() }
    let (report, _) = try await refresh([SourceEntry(kind: .hig, url: page.pageURL)], server: server)
    #expect(report.entries.map(\.status) == [.failed])
  }
}
