import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A writer whose document writes fail (a full disk, a read-only folder), the rest
/// going to the real corpus.
struct DocumentWritesFail: RefreshWriter {
  let real: CorpusRefreshWriter

  func write(_ document: Document) throws(CorpusError) {
    throw .io(path: document.id, reason: "No space left on device")
  }
  func write(_ record: TalkCheckRecord) throws(CorpusError) { try real.write(record) }
  func stage(_ track: StagedTrack) throws(CorpusError) { try real.stage(track) }
  func removeStaged(documentID: String) throws(CorpusError) { try real.removeStaged(documentID: documentID) }
  func write(_ listing: CatalogListing, key: String) throws(CorpusError) { try real.write(listing, key: key) }
}

/// The check record never runs ahead of the document.
@Suite struct LostUpdateTests {
  @Test func failedDocumentWriteLeavesTheChangeForTheNextRefresh() async throws {
    let (talk, site, harness, sources) = try await DeepCheckTests.harvest("910").parts
    let recordBefore = RefreshStateStore(corpus: harness.corpus).record(forDocument: "wwdc2025/910")
    // A caption edited in place: page and playlists byte-identical, one segment changed.
    var lines = talk.tracks[0].lines
    lines[0].text = "People will use iPhone Duo in several"
    site.edit(talk.segmentPath("eng", 0), to: talk.segment(0, lines: lines))
    let failing = DocumentWritesFail(real: CorpusRefreshWriter(corpus: harness.corpus, staging: harness.staging))
    let deep = DeepCheckSchedule(isForced: true)

    let failed = await harness.refresh(
      sources, now: DeepCheckTests.harvested.addingTimeInterval(3_600), deep: deep, writer: failing)
    #expect(failed.statuses == [.failed])
    #expect(failed.entries[0].error?.contains("could not write the document") == true)
    #expect(failed.entries[0].error?.contains("No space left on device") == true)
    #expect(
      RefreshStateStore(corpus: harness.corpus).record(forDocument: "wwdc2025/910") == recordBefore,
      "the check record is not written ahead of the document")

    let healed = await harness.refresh(sources, now: DeepCheckTests.harvested.addingTimeInterval(7_200), deep: deep)
    #expect(healed.statuses == [.changed], "\(healed.entries)")
    let document = try #require(try harness.corpus.read(id: "wwdc2025/910"))
    #expect(document.cues[0].text == "People will use iPhone Duo in several")
  }

  @Test func failedWriteOfANewTalkAddsItNextTime() async throws {
    let talk = fixtureTalk("911", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    let failing = DocumentWritesFail(real: CorpusRefreshWriter(corpus: harness.corpus, staging: harness.staging))
    #expect(await harness.refresh(sources, writer: failing).statuses == [.failed])
    #expect(RefreshStateStore(corpus: harness.corpus).record(forDocument: "wwdc2025/911") == nil)
    #expect(await harness.refresh(sources).statuses == [.added])
  }
}
