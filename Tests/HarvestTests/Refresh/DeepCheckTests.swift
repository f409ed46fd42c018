import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// Captions edited in place are caught by a deep check, which revalidates every
/// playlist and segment with conditional requests.
@Suite struct DeepCheckTests {
  static let harvested = Date(timeIntervalSince1970: 1_800_000_000)

  /// One talk served on loopback and harvested once, as every test here begins.
  struct Harvested {
    let talk: FixtureTalk
    let site: FixtureSite
    let harness: RefreshHarness
    let sources: [SourceEntry]
    var parts: (FixtureTalk, FixtureSite, RefreshHarness, [SourceEntry]) { (talk, site, harness, sources) }
  }

  static func harvest(_ number: String) async throws -> Harvested {
    let talk = fixtureTalk(number, sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let sources = harness.talks([site.url(talk.pagePath)])
    _ = await harness.refresh(sources, now: harvested)
    return Harvested(talk: talk, site: site, harness: harness, sources: sources)
  }

  @Test func captionEditedInPlaceIsCaughtByADeepCheckOnly() async throws {
    let (talk, site, harness, sources) = try await Self.harvest("500").parts
    // The page and the playlists stay byte-identical; one segment body changes.
    let lines = talk.tracks[0].lines
    var editedLines = lines
    editedLines[0].text = "People will use iPhone Duo in several"
    let segment = talk.segmentPath("eng", 0)
    site.edit(segment, to: talk.segment(0, lines: editedLines))

    let ordinary = await harness.refresh(sources, now: Self.harvested.addingTimeInterval(3_600))
    #expect(ordinary.statuses == [.unchanged])
    #expect(!ordinary.entries[0].deepChecked)

    let deep = await harness.refresh(
      sources, now: Self.harvested.addingTimeInterval(7_200), deep: DeepCheckSchedule(isForced: true))
    #expect(deep.statuses == [.changed], "\(deep.entries)")
    #expect(deep.entries[0].deepChecked)
    #expect(deep.entries[0].passagesRemoved == [refreshSentences[0]])
    #expect(deep.entries[0].passagesAdded == ["People will use iPhone Duo in several different poses."])
    let document = try #require(try harness.corpus.read(id: "wwdc2025/500"))
    #expect(document.cues[0].text == "People will use iPhone Duo in several")
  }

  @Test func deepCheckOfAnUnchangedTalkIsAllConditionalAndRewritesNothing() async throws {
    let (talk, site, harness, sources) = try await Self.harvest("501").parts
    let file = try harness.corpus.fileURL(forDocument: "wwdc2025/501")
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
    let before = site.server.requests.count
    let report = await harness.refresh(
      sources, now: Self.harvested.addingTimeInterval(60), deep: DeepCheckSchedule(isForced: true))
    #expect(report.statuses == [.unchanged] && report.entries[0].deepChecked)
    let sent = Array(site.server.requests.dropFirst(before))
    let segments = talk.segmentCount(talk.tracks[0].lines)
    #expect(sent.count == 3 + segments, "page, master, media and every segment: \(sent.map(\.path))")
    #expect(sent.allSatisfy { $0.header("If-None-Match") != nil })
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == modified)
    let record = try #require(RefreshStateStore(corpus: harness.corpus).record(forDocument: "wwdc2025/501"))
    #expect(record.lastDeepCheckAt == "2027-01-15T08:01:00Z")
    #expect(record.track?.segments.count == segments)
  }

  @Test func ordinaryRefreshDeepChecksATalkWhoseCheckIsAPeriodOld() async throws {
    let (talk, site, harness, sources) = try await Self.harvest("502").parts
    let lines = talk.tracks[0].lines
    var editedLines = lines
    editedLines[lines.count - 1].text = "tied to one screen."
    let last = talk.segmentCount(lines) - 1
    site.edit(talk.segmentPath("eng", last), to: talk.segment(last, lines: editedLines))
    let report = await harness.refresh(sources, now: Self.harvested.addingTimeInterval(8 * 86_400))
    #expect(report.entries[0].deepChecked)
    #expect(report.statuses == [.changed])
  }

  @Test func deepCheckWithoutARecordWalksTheTalkAgain() async throws {
    // The site (its server) is held through `harvested` while the talk is walked again.
    let harvested = try await Self.harvest("503")
    let harness = harvested.harness
    try FileManager.default.removeItem(
      at: RefreshStateStore(corpus: harness.corpus).recordURL(forDocument: "wwdc2025/503"))
    let report = await harness.refresh(harvested.sources, now: Self.harvested, deep: DeepCheckSchedule(isForced: true))
    #expect(report.statuses == [.unchanged] && report.entries[0].deepChecked)
    #expect(RefreshStateStore(corpus: harness.corpus).record(forDocument: "wwdc2025/503") != nil)
  }

  @Test func checkRecordIsOneSegmentPerLine() async throws {
    let harvested = try await Self.harvest("504")
    let talk = harvested.talk
    let url = try RefreshStateStore(corpus: harvested.harness.corpus).recordURL(forDocument: "wwdc2025/504")
    let text = try String(contentsOf: url, encoding: .utf8)
    let segmentLines = text.split(separator: "\n").filter { $0.contains("sequence_") }
    #expect(segmentLines.count == talk.segmentCount(talk.tracks[0].lines))
    #expect(try JSONDecoder().decode(TalkCheckRecord.self, from: Data(text.utf8)).documentID == "wwdc2025/504")
  }
}

@Suite struct DeepCheckScheduleTests {
  let schedule = DeepCheckSchedule()
  let day = 86_400.0

  @Test func aboutASeventhOfTalksFallDueEachDay() {
    let ids = (0..<1_400).map { "wwdc20\(20 + $0 % 6)/\(10_000 + $0)" }
    let checked = Date(timeIntervalSince1970: 1_800_000_000)
    var dueByDay: [Int] = []
    var lastCheck = Dictionary(uniqueKeysWithValues: ids.map { ($0, checked) })
    for dayNumber in 1...14 {
      let now = checked.addingTimeInterval(Double(dayNumber) * day)
      let due = ids.filter { schedule.isDue(id: $0, lastDeepCheck: lastCheck[$0], now: now) }
      for id in due { lastCheck[id] = now }
      dueByDay.append(due.count)
    }
    // 1400 / 7 = 200 a day once spread; every talk checked once in each week.
    for count in dueByDay.dropFirst(7) { #expect((140...260).contains(count), "\(dueByDay)") }
    #expect(dueByDay.reduce(0, +) >= 1_400 && dueByDay.reduce(0, +) <= 3 * 1_400)
  }

  @Test func nothingIsDueRightAfterACheck() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    for number in 0..<500 {
      #expect(!schedule.isDue(id: "tech-talks/\(number)", lastDeepCheck: now.addingTimeInterval(-3_600), now: now))
    }
  }

  @Test func everythingIsDueAfterAPeriodAndWhenNeverChecked() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    for number in 0..<100 {
      #expect(schedule.isDue(id: "wwdc2024/\(number)", lastDeepCheck: now.addingTimeInterval(-7 * day), now: now))
      #expect(schedule.isDue(id: "wwdc2024/\(number)", lastDeepCheck: nil, now: now))
    }
  }

  @Test func phaseIsStable() {
    #expect(schedule.phaseSeconds(of: "wwdc2020/10163") == schedule.phaseSeconds(of: "wwdc2020/10163"))
    #expect(schedule.phaseSeconds(of: "wwdc2020/10163") != schedule.phaseSeconds(of: "wwdc2020/10164"))
  }

  @Test(
    "Reads periods",
    arguments: [
      ("7", 7 * 86_400.0), ("7d", 7 * 86_400.0), ("12h", 43_200.0), ("30m", 1_800.0), ("90s", 90.0), ("0.5", 43_200.0),
    ])
  func readsPeriod(text: String, seconds: Double) {
    #expect(DeepCheckSchedule.seconds(parsing: text) == seconds)
  }

  @Test("Refuses bad periods", arguments: ["", "0", "-1", "d", "7w", "nan", "inf", "1e400"])
  func refusesPeriod(text: String) {
    #expect(DeepCheckSchedule.seconds(parsing: text) == nil)
  }
}
