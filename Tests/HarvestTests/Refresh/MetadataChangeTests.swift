import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// What a document shows or cites changing upstream is a change, even when its text is not.
@Suite struct MetadataChangeTests {
  @Test func retitledTalkIsChangedAndTakesTheNewTitle() async throws {
    let talk = fixtureTalk("920", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    var renamed = talk
    renamed.title = "Talk 920, renamed"
    site.edit(talk.pagePath, to: renamed.page())
    let report = await harness.refresh(sources)
    #expect(report.statuses == [.changed], "\(report.entries)")
    #expect(report.entries[0].fieldsChanged == ["title"])
    #expect(report.entries[0].passagesAdded.isEmpty && report.entries[0].passagesRemoved.isEmpty)
    #expect(try harness.corpus.read(id: "wwdc2025/920")?.title == "Talk 920, renamed")
  }

  @Test func newSummaryIsAChange() async throws {
    let talk = fixtureTalk("921", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    site.edit(talk.pagePath, to: talk.page().replacingOccurrences(of: "A fixture talk.", with: "A revised talk."))
    let report = await harness.refresh(sources)
    #expect(report.statuses == [.changed], "\(report.entries)")
    #expect(report.entries[0].fieldsChanged == ["summary"])
    #expect(try harness.corpus.read(id: "wwdc2025/921")?.summary == "A revised talk.")
  }

  @Test func recordsTheTalksDocumentationLinksAndALinkAddedIsAChange() async throws {
    var talk = fixtureTalk("922", sentences: refreshSentences)
    talk.documentationLinks = [
      ("Foundation", "/documentation/foundation"), ("Elsewhere", "https://example.com/documentation/x"),
    ]
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    let first = try harness.corpus.read(id: "wwdc2025/922")
    #expect(
      first?.relatedDocumentation == [
        RelatedDocumentation(title: "Foundation", url: site.url("/documentation/foundation"))
      ])
    var linked = talk
    linked.documentationLinks.append(("UIView", "/documentation/UIKit/UIView"))
    site.edit(talk.pagePath, to: linked.page())
    let report = await harness.refresh(sources)
    #expect(report.statuses == [.changed], "\(report.entries)")
    #expect(report.entries[0].fieldsChanged == ["relatedDocumentation"])
    #expect(
      try harness.corpus.read(id: "wwdc2025/922")?.relatedDocumentation?.map(\.url) == [
        site.url("/documentation/foundation"), site.url("/documentation/uikit/uiview"),
      ])
  }

  @Test func aTalkWithoutLinksRecordsNone() async throws {
    let talk = fixtureTalk("923", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    _ = await harness.refresh(harness.talks([site.url(talk.pagePath)]))
    let document = try harness.corpus.read(id: "wwdc2025/923")
    #expect(document != nil && document?.relatedDocumentation == nil)
  }
}
