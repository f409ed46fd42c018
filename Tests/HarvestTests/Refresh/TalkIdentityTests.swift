import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A document's id and URL come from the source listed; a canonical link or a redirect
/// never moves it onto another document.
@Suite struct TalkIdentityTests {
  static func page(_ talk: FixtureTalk, canonical: String) -> String {
    talk.page().replacingOccurrences(
      of: "<link rel=\"canonical\" href=\"https://developer.apple.com\(talk.pagePath)\">",
      with: "<link rel=\"canonical\" href=\"\(canonical)\">")
  }

  @Test(
    "A canonical link naming another talk is refused",
    arguments: [
      "https://evil.example/videos/play/tech-talks/1081/",
      "https://developer.apple.com/videos/play/tech-talks/1081/",
    ])
  func canonicalNamingAnotherTalkIsRefused(canonical: String) async throws {
    let victim = fixtureTalk("1081", collection: "tech-talks", sentences: refreshSentences)
    let hostile = fixtureTalk("1080", collection: "tech-talks", sentences: ["Somebody else's words entirely."])
    let site = try FixtureSite(talks: [victim, hostile])
    let harness = try RefreshHarness()
    _ = await harness.refresh(harness.talks([site.url(victim.pagePath)]))
    let before = try harness.fileData("tech-talks/1081")
    site.edit(hostile.pagePath, to: Self.page(hostile, canonical: canonical))
    let report = await harness.refresh(harness.talks([site.url(hostile.pagePath)]))
    #expect(report.statuses == [.added], "\(report.entries)")
    #expect(report.entries[0].documentID == "tech-talks/1080")
    #expect(report.entries[0].warnings.contains { $0.contains("canonical link \(canonical) refused") })
    #expect(try harness.fileData("tech-talks/1081") == before, "the other talk is untouched")
    let document = try #require(try harness.corpus.read(id: "tech-talks/1080"))
    #expect(document.url == site.url(hostile.pagePath))
  }

  @Test func canonicalOfTheSameTalkOnAnAllowedHostGivesTheURL() async throws {
    let talk = fixtureTalk("1082", collection: "tech-talks", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let report = await harness.refresh(harness.talks([site.url(talk.pagePath)]))
    #expect(report.entries[0].warnings.isEmpty)
    #expect(try harness.corpus.read(id: "tech-talks/1082")?.url == "https://developer.apple.com\(talk.pagePath)")
  }

  @Test func redirectToAnotherTalkIsFollowedAndReportedUnderTheListedID() async throws {
    let target = fixtureTalk("1084", collection: "tech-talks", sentences: refreshSentences)
    let site = try FixtureSite(talks: [target], extra: ["/videos/play/tech-talks/1083/": ""])
    site.redirect("/videos/play/tech-talks/1083/", to: target.pagePath)
    let harness = try RefreshHarness()
    _ = await harness.refresh(harness.talks([site.url(target.pagePath)]))
    let before = try harness.fileData("tech-talks/1084")
    let report = await harness.refresh(harness.talks([site.url("/videos/play/tech-talks/1083/")]))
    #expect(report.statuses == [.added], "\(report.entries)")
    #expect(report.entries[0].documentID == "tech-talks/1083")
    #expect(
      report.entries[0].warnings.contains { $0.contains("redirected to") && $0.contains("kept as tech-talks/1083") })
    #expect(try harness.fileData("tech-talks/1084") == before)
    #expect(try harness.corpus.read(id: "tech-talks/1083")?.url == site.url("/videos/play/tech-talks/1083/"))
  }
}
