import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A talk that disappears upstream keeps its document, marked removed.
@Suite struct GoneUpstreamTests {
  enum Disappearance: Sendable, CustomStringConvertible {
    case status(Int)
    case redirectToIndex
    var description: String {
      switch self {
      case .status(let code): "HTTP \(code)"
      case .redirectToIndex: "redirect to the index"
      }
    }
  }

  @Test(
    "A talk page gone upstream keeps its document, marked",
    arguments: [
      Disappearance.status(404), .status(410), .redirectToIndex,
    ])
  func goneTalkIsKeptAndMarked(_ how: Disappearance) async throws {
    let talk = fixtureTalk("600", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk], extra: ["/videos/": "<html><body><h1>Videos</h1></body></html>"])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    switch how {
    case .status(let code): site.answer(status: code, at: talk.pagePath)
    case .redirectToIndex: site.redirect(talk.pagePath, to: "/videos/")
    }
    let report = await harness.refresh(sources)
    #expect(report.statuses == [.gone], "\(report.entries)")
    #expect(report.entries[0].documentID == "wwdc2025/600")
    let document = try #require(try harness.corpus.read(id: "wwdc2025/600"))
    #expect(document.isRemovedUpstream)
    #expect(document.passages.map(\.text) == refreshSentences, "the text is kept")
    // Gone again: nothing more to write.
    let modified =
      try FileManager.default.attributesOfItem(
        atPath: harness.corpus.fileURL(forDocument: "wwdc2025/600").path)[.modificationDate] as? Date
    #expect(await harness.refresh(sources).statuses == [.gone])
    #expect(
      try FileManager.default.attributesOfItem(
        atPath: harness.corpus.fileURL(forDocument: "wwdc2025/600").path)[.modificationDate] as? Date == modified)
  }

  @Test func talkBackUpstreamIsNoLongerMarked() async throws {
    let talk = fixtureTalk("601", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    site.answer(status: 404, at: talk.pagePath)
    _ = await harness.refresh(sources)
    #expect(try harness.corpus.read(id: "wwdc2025/601")?.isRemovedUpstream == true)
    site.restore(talk.pagePath)
    let back = await harness.refresh(sources)
    #expect(back.statuses == [.unchanged], "\(back.entries)")
    #expect(try harness.corpus.read(id: "wwdc2025/601")?.isRemovedUpstream == false)
  }

  @Test func talkNeverHarvestedThatIsGoneIsGoneWithNothingKept() async throws {
    let site = try FixtureSite()
    let harness = try RefreshHarness()
    let report = await harness.refresh(harness.talks([site.url("/videos/play/wwdc2025/9999/")]))
    #expect(report.statuses == [.gone])
    #expect(report.entries[0].documentID == nil)
    #expect(report.entries[0].error == "HTTP 404")
    #expect(try harness.corpus.read(id: "wwdc2025/9999") == nil)
  }

  @Test func missingSegmentIsAFailureNotAGoneTalk() async throws {
    let talk = fixtureTalk("602", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    site.answer(status: 404, at: talk.segmentPath("eng", 0))
    let report = await harness.refresh(sources, deep: DeepCheckSchedule(isForced: true))
    #expect(report.statuses == [.failed])
    #expect(try harness.corpus.read(id: "wwdc2025/602")?.isRemovedUpstream == false)
  }
}
