import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A refresh of an unchanged corpus costs one conditional request per source.
@Suite struct IncrementalRefreshTests {
  static let higPath = "/tutorials/data/design/human-interface-guidelines/folding-layouts.json"
  static let higJSON = """
    {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "article",
     "identifier": {"interfaceLanguage": "swift", "url": "doc://com.apple.HIG/design/Human-Interface-Guidelines/folding-layouts"},
     "metadata": {"title": "Folding layouts", "role": "article"},
     "abstract": [{"type": "text", "text": "A folding layout keeps content readable across a hinge."}],
     "primaryContentSections": [{"kind": "content", "content": [
       {"type": "paragraph", "inlineContent": [{"type": "text", "text": "Keep important content away from the hinge."}]}]}]}
    """

  @Test func unchangedCorpusCostsOneConditionalRequestPerSource() async throws {
    let talks = (1...3).map { fixtureTalk("10\($0)", sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks, extra: [Self.higPath: Self.higJSON])
    // HIG pages are known by Apple's URL: the site stands in for it as a mirror.
    let harness = try RefreshHarness(mirroring: site)
    var sources = harness.talks(talks.map { site.url($0.pagePath) })
    sources.append(SourceEntry(kind: .hig, url: "https://developer.apple.com" + Self.higPath))
    sources.append(
      SourceEntry(kind: .talk, url: site.url(talks[0].masterPath), id: "keynotes/master", title: "By master"))
    let first = await harness.refresh(sources)
    #expect(first.statuses == [.added, .added, .added, .added, .added], "\(first.entries)")
    let before = site.server.requests.count
    let higFile = try harness.corpus.fileURL(forDocument: "hig/folding-layouts")
    let higModified = try FileManager.default.attributesOfItem(atPath: higFile.path)[.modificationDate] as? Date
    let again = await harness.refresh(sources)
    #expect(try FileManager.default.attributesOfItem(atPath: higFile.path)[.modificationDate] as? Date == higModified)
    #expect(again.statuses == [.unchanged, .unchanged, .unchanged, .unchanged, .unchanged])
    let sent = Array(site.server.requests.dropFirst(before))
    #expect(sent.count == sources.count, "one request per source: \(sent.map(\.path))")
    // The HIG page comes through a mirror, whose validators are kept for that mirror:
    // it too is asked conditionally.
    #expect(sent.allSatisfy { $0.header("If-None-Match") != nil }, "\(sent.map(\.path))")
    #expect(Set(sent.map(\.path)) == Set(talks.map(\.pagePath) + [Self.higPath, talks[0].masterPath]))
  }

  /// A talk answered 304 is decided from its document's head: its passages and cues are
  /// never decoded. Here they no longer decode at all, and the refresh still asks
  /// conditionally, reports the talk unchanged and leaves the file as it is (finding
  /// such damage is `duo-kb check`'s job).
  @Test func unchangedTalkIsDecidedFromItsHeadAlone() async throws {
    let talk = fixtureTalk("150", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    #expect(await harness.refresh(sources).statuses == [.added])
    let file = try harness.corpus.fileURL(forDocument: "wwdc2025/150")
    var stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    stored["passages"] = "not passages"
    stored["cues"] = 7
    let damaged = try JSONSerialization.data(withJSONObject: stored, options: [.sortedKeys])
    try damaged.write(to: file)
    #expect(throws: CorpusError.self) { try harness.corpus.read(id: "wwdc2025/150") }
    let before = site.server.requests.count
    let again = await harness.refresh(sources)
    #expect(again.statuses == [.unchanged], "\(again.entries)")
    let sent = Array(site.server.requests.dropFirst(before))
    #expect(sent.map(\.path) == [talk.pagePath])
    #expect(sent.allSatisfy { $0.header("If-None-Match") != nil })
    #expect(try Data(contentsOf: file) == damaged)
  }

  @Test func documentWithUnchangedContentIsNotRewritten() async throws {
    let talk = fixtureTalk("200", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    site.sendsValidators = false  // no ETag: every refresh walks the talk again
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    let file = try harness.corpus.fileURL(forDocument: "wwdc2025/200")
    let before = try FileManager.default.attributesOfItem(atPath: file.path)
    let fingerprint = try harness.corpus.fingerprint()
    let again = await harness.refresh(sources, now: Date(timeIntervalSince1970: 1_900_000_000))
    #expect(again.statuses == [.unchanged])
    let after = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int, "same inode: no rename over it")
    #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
    #expect(try harness.corpus.fingerprint() == fingerprint)
  }

  @Test func changedTalkIsPickedUpWithASentenceDiff() async throws {
    let talk = fixtureTalk("300", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources)
    var edited = talk
    var sentences = refreshSentences
    sentences[2] = "Instead, focus on the two size classes that matter."
    edited.tracks = [("eng", "en", "English", FixtureTalk.lines(sentences))]
    edited.title = "Talk 300, revised"
    site.edit(talk.pagePath, to: edited.page())
    for index in 0..<talk.segmentCount(edited.tracks[0].lines) {
      site.edit(talk.segmentPath("eng", index), to: edited.segment(index, lines: edited.tracks[0].lines))
    }
    let report = await harness.refresh(sources)
    #expect(report.statuses == [.changed])
    #expect(report.entries[0].passagesRemoved == ["Instead, focus on two size classes."])
    #expect(report.entries[0].passagesAdded == ["Instead, focus on the two size classes that matter."])
    #expect(try harness.corpus.read(id: "wwdc2025/300")?.passages.map(\.text) == sentences)
  }

  @Test func refreshRightAfterAHarvestSendsOneRequestPerSourceWithTheDefaultSchedule() async throws {
    let talks = (1...5).map { fixtureTalk("40\($0)", sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks)
    let harness = try RefreshHarness()
    let sources = harness.talks(talks.map { site.url($0.pagePath) })
    let harvested = Date(timeIntervalSince1970: 1_800_000_000)
    _ = await harness.refresh(sources, now: harvested)
    let before = site.server.requests.count
    let report = await harness.refresh(sources, now: harvested.addingTimeInterval(600))
    #expect(report.entries.allSatisfy { !$0.deepChecked })
    #expect(site.server.requests.count - before == talks.count)
  }

  @Test func hundredUnchangedTalksAtFiftyMillisecondsCostAHundredConditionalRequests() async throws {
    let talks = (0..<100).map { fixtureTalk(String(11_000 + $0), sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks)
    let harness = try RefreshHarness()
    let sources = harness.talks(talks.map { site.url($0.pagePath) })
    let first = await harness.refresh(sources)
    #expect(first.count(.added) == 100)
    site.delayMilliseconds = 50
    let before = site.server.requests.count
    let again = await harness.refresh(sources, now: Date(timeIntervalSince1970: 1_800_000_600))
    #expect(again.count(.unchanged) == 100)
    #expect(site.server.requests.count - before == 100)
  }
}
