import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A slow source is given up after its own deadline; a mirror's validators are kept for
/// that mirror.
@Suite struct SourceDeadlineTests {
  @Test func slowDripIsGivenUpAtTheSourceDeadline() async throws {
    let slow = fixtureTalk("960", sentences: refreshSentences)
    var routes = slow.routes()
    // About 1.5 kB at 100 B/s: a quarter of a minute, against a deadline of one second.
    routes[slow.pagePath] = .drip(slow.page(), bytesPerSecond: 100)
    let server = try LoopbackServer(routes: routes)
    defer { server.stop() }
    let harness = try RefreshHarness()
    var refresher = harness.refresher()
    refresher.sourceTimeoutSeconds = 1
    let report = await refresher.refresh(SourceList(sources: harness.talks([server.url(slow.pagePath)])))
    #expect(report.statuses == [.failed], "\(report.entries)")
    let error = report.entries[0].error ?? ""
    #expect(error.contains(slow.pagePath) && error.contains("deadline"), "\(error)")
    #expect(server.requestCount(slow.pagePath) == 1, "no retry past the deadline")
  }

  @Test func refreshThroughAMirrorMakesConditionalRequests() async throws {
    let path = IncrementalRefreshTests.higPath
    let talk = fixtureTalk("962", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk], extra: [path: IncrementalRefreshTests.higJSON])
    let harness = try RefreshHarness(mirroring: site)
    let sources = [
      SourceEntry(kind: .hig, url: "https://developer.apple.com" + path),
      SourceEntry(kind: .talk, url: "https://developer.apple.com" + talk.pagePath),
    ]
    #expect(await harness.refresh(sources).statuses == [.added, .added])
    let document = try #require(try harness.corpus.read(id: "hig/folding-layouts"))
    #expect(document.fetch?.validatorOrigin == site.server.baseURL)
    #expect(document.url.hasPrefix("https://developer.apple.com/"))
    site.server.resetRecords()
    let again = await harness.refresh(sources, deep: DeepCheckSchedule(isForced: true))
    #expect(again.statuses == [.unchanged, .unchanged], "\(again.entries)")
    #expect(
      site.server.requests.allSatisfy { $0.header("If-None-Match") != nil }, "\(site.server.requests.map(\.path))")
    // A mirror's validators are never sent anywhere but to that mirror.
    site.server.resetRecords()
    let direct = SiteFetcher(transport: harness.fetcher.transport, allowedHosts: .apple.adding("127.0.0.1"))
    let response = try await direct.fetch(site.url(path), cached: CachedValidators(document.fetch))
    #expect(response.status == 200)
    #expect(site.server.requests.map { $0.header("If-None-Match") } == [nil])
  }
}
