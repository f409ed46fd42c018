import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// Whatever a server sends, one talk holds a bounded number of subtitle bytes and cues.
@Suite struct HarvestLimitTests {
  /// A valid WebVTT segment of about `bytes` bytes: one cue, then padding notes.
  static func paddedSegment(bytes: Int) -> String {
    "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nPadded.\n\n"
      + String(repeating: "NOTE padding padding padding padding padding padding\n\n", count: bytes / 54)
  }

  static func talkServing(_ segment: @escaping @Sendable (Int) -> LoopbackResponse) throws -> (
    FixtureTalk, LoopbackServer
  ) {
    let talk = fixtureTalk("950", sentences: StagingTests.sentences(40, tag: "950"))
    var routes = talk.routes()
    for index in 0..<talk.segmentCount(talk.tracks[0].lines) { routes[talk.segmentPath("eng", index)] = segment(index) }
    return (talk, try LoopbackServer(routes: routes))
  }

  @Test func talkWhoseSegmentsTogetherPassTheLimitFailsWithATypedError() async throws {
    let (talk, server) = try Self.talkServing { _ in .gzipped(Self.paddedSegment(bytes: 40_000)) }
    defer { server.stop() }
    let limits = HarvestLimits(maxSegmentBytes: 64 << 10, maxTalkSubtitleBytes: 200_000)
    let harness = try RefreshHarness(limits: limits)
    let report = await harness.refresh(harness.talks([server.url(talk.pagePath)]))
    #expect(report.statuses == [.failed])
    let error = report.entries[0].error ?? ""
    #expect(error.contains("prog_index.m3u8") && error.contains("limit of 200000 bytes"), "\(error)")
    #expect(try harness.corpus.read(id: "wwdc2025/950") == nil)
  }

  @Test func segmentOverItsOwnLimitFails() async throws {
    let (talk, server) = try Self.talkServing { index in
      index == 2 ? .gzipped(Self.paddedSegment(bytes: 300_000)) : .body(Self.paddedSegment(bytes: 100))
    }
    defer { server.stop() }
    let harness = try RefreshHarness(limits: HarvestLimits(maxSegmentBytes: 100_000))
    let report = await harness.refresh(harness.talks([server.url(talk.pagePath)]))
    #expect(report.statuses == [.failed])
    #expect(report.entries[0].error?.contains("sequence_2.webvtt: response larger than 100000 bytes") == true)
  }

  static let bombPrefix = Data("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBig.\n\nNOTE ".utf8)

  static func bomb(decodedBytes: Int) -> LoopbackResponse {
    let body = LoopbackGzipBomb.encode(
      prefix: bombPrefix, repeating: UInt8(ascii: "a"), count: decodedBytes, suffix: Data("\n\n".utf8))
    return .data(body, headers: ["Content-Encoding": "gzip"])
  }

  /// Made once: inflates to 30 MB.
  static let thirtyMegabyteBomb = bomb(decodedBytes: 30 << 20)

  @Test func gzipBombDecodesToWhatItSays() async throws {
    let server = try LoopbackServer(routes: ["/bomb": Self.bomb(decodedBytes: 1_000_000)])
    defer { server.stop() }
    let harness = try WalkHarness(maxBodyBytes: 2_000_000)
    let response = try await harness.client.fetch(server.url("/bomb"))
    #expect(response.body.count == Self.bombPrefix.count + 1_000_000 + 2)
    #expect(response.body.suffix(3) == Data("a\n\n".utf8))
  }

  @Test func segmentsThatInflateToThirtyMegabytesFailAtTheSegmentLimit() async throws {
    let bomb = Self.thirtyMegabyteBomb
    let (talk, server) = try Self.talkServing { _ in bomb }
    defer { server.stop() }
    let harness = try RefreshHarness()
    let report = await harness.refresh(harness.talks([server.url(talk.pagePath)]))
    #expect(report.statuses == [.failed])
    #expect(report.entries[0].error?.contains("response larger than \(512 << 10) bytes") == true, "\(report.entries)")
  }

  @Test func tooManyCuesFails() async throws {
    let cues = (0..<200).map { "00:00:0\($0 % 10).000 --> 00:00:0\($0 % 10).500\nc\($0)\n" }.joined(separator: "\n")
    let (talk, server) = try Self.talkServing { _ in .body("WEBVTT\n\n" + cues) }
    defer { server.stop() }
    let harness = try RefreshHarness(limits: HarvestLimits(maxTalkCues: 1_000))
    let report = await harness.refresh(harness.talks([server.url(talk.pagePath)]))
    #expect(report.entries[0].error?.contains("more than 1000 cues") == true, "\(report.entries)")
  }

  @Test func budgetHoldsReservationsToItsCapacity() async {
    let budget = ByteBudget(capacityBytes: 100)
    #expect(await budget.reserve(60) == 60)
    #expect(await budget.availableBytes == 40)
    // Cut to the capacity: granted once the 60 come back, whenever it started waiting.
    let waiter = Task { await budget.reserve(500) }
    await budget.release(60)
    #expect(await waiter.value == 100)
    #expect(await budget.availableBytes == 0)
    await budget.release(100)
    #expect(await budget.availableBytes == 100)
  }
}
