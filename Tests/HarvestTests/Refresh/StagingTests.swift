import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// Progress survives faults: segments validated by a failed attempt are reused, by a
/// second pass at the end of the refresh and, through the staging cache, by the next one.
@Suite struct StagingTests {
  /// `count` sentences of one cue each: about one 6 s segment per two and a half.
  static func sentences(_ count: Int, tag: String) -> [String] {
    (0..<count).map { "Sentence \($0) of talk \(tag) says one thing." }
  }

  @Test func failedSegmentsAreStagedAndOnlyTheRestIsFetchedNextTime() async throws {
    let talk = fixtureTalk("930", sentences: Self.sentences(20, tag: "930"))
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness(
      retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
    let sources = harness.talks([site.url(talk.pagePath)])
    let failing = talk.segmentPath("eng", 3)
    site.answer(status: 503, at: failing)
    let first = await harness.refresh(sources)
    #expect(first.statuses == [.failed])
    #expect(first.entries[0].warnings.contains { $0.contains("segments kept for the next refresh") })
    // Two attempts in the first pass, two in the second.
    #expect(site.server.requestCount(failing) == 4)
    let count = talk.segmentCount(talk.tracks[0].lines)
    for index in 0..<count where index != 3 {
      #expect(site.server.requestCount(talk.segmentPath("eng", index)) == 1, "segment \(index) fetched once")
    }
    let staged = try #require(harness.staging.track(forDocument: "wwdc2025/930"))
    #expect(staged.segments.count == count - 1)

    site.restore(failing)
    site.server.resetRecords()
    let second = await harness.refresh(sources)
    #expect(second.statuses == [.added], "\(second.entries)")
    #expect(site.server.requestCount(failing) == 1)
    #expect(site.server.requestCount(talk.segmentPath("eng", 0)) == 0, "staged segments are not fetched again")
    #expect(try harness.corpus.read(id: "wwdc2025/930")?.passages.map(\.text) == Self.sentences(20, tag: "930"))
    #expect(harness.staging.track(forDocument: "wwdc2025/930") == nil, "the staging entry is done with")
    let record = try #require(RefreshStateStore(corpus: harness.corpus).record(forDocument: "wwdc2025/930"))
    #expect(record.track?.segments.count == count)
  }

  @Test func stagedSegmentsOfAnotherMediaPlaylistAreNotReused() async throws {
    let talk = fixtureTalk("931", sentences: Self.sentences(10, tag: "931"))
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness(retry: .none)
    let sources = harness.talks([site.url(talk.pagePath)])
    site.answer(status: 503, at: talk.segmentPath("eng", 1))
    _ = await harness.refresh(sources)
    #expect(harness.staging.track(forDocument: "wwdc2025/931") != nil)
    site.restore(talk.segmentPath("eng", 1))
    site.edit(
      talk.mediaPath("eng"),
      to: talk.mediaPlaylist("eng", count: talk.segmentCount(talk.tracks[0].lines), base: "") + "\n")
    site.server.resetRecords()
    #expect(await harness.refresh(sources).statuses == [.added])
    #expect(site.server.requestCount(talk.segmentPath("eng", 0)) == 1, "a new playlist: every segment fetched")
  }

  @Test func sweepRemovesStagedTracksPastTheirAge() throws {
    let scratch = try ScratchFolder("staging")
    let directory = scratch.appending("staging")
    let staging = SegmentStaging(directory: directory, maxAgeSeconds: 60)
    try staging.save(StagedTrack(documentID: "wwdc2025/932", mediaURL: "m", mediaSHA256: "s", segments: []))
    #expect(staging.sweep(now: Date()) == 0)
    #expect(staging.sweep(now: Date().addingTimeInterval(3_600)) == 1)
    #expect(staging.track(forDocument: "wwdc2025/932") == nil)
  }

  @Test("Under 30% faults every talk is harvested within three refreshes", arguments: [UInt64(7), 8])
  func convergesUnderThirtyPercentFaults(seed: UInt64) async throws {
    let talks = (0..<6).map { fixtureTalk("94\($0)", sentences: Self.sentences(320, tag: "94\($0)")) }
    #expect(talks[0].segmentCount(talks[0].tracks[0].lines) >= 130)
    var routes: [String: LoopbackResponse] = [:]
    for talk in talks {
      for (path, response) in talk.routes() { routes[path] = .faults(rate: 0.3, seed: seed, response) }
    }
    let server = try LoopbackServer(routes: routes)
    defer { server.stop() }
    let harness = try RefreshHarness(
      retry: RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5)))
    let sources = harness.talks(talks.map { server.url($0.pagePath) })
    var harvested: Set<String> = []
    for _ in 0..<3 {
      let report = await harness.refresh(sources)
      for entry in report.entries where entry.status == .added || entry.status == .unchanged {
        harvested.insert(entry.documentID ?? entry.source)
      }
      if harvested.count == talks.count { break }
    }
    #expect(harvested.count == talks.count, "harvested \(harvested.sorted())")
    for talk in talks {
      let id = "wwdc2025/\(talk.number)"
      #expect(try harness.corpus.read(id: id)?.passages.count == 320)
    }
  }
}
