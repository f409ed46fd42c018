import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@Suite struct TalkWalkFailureTests {
  static let talk = FixtureTalk(tracks: [
    ("eng", "en", "English", FixtureTalk.lines(TalkWalkTests.sentences))
  ])

  /// Harvests with one route replaced; returns the report and the harness.
  func refresh(
    replacing path: String, with response: LoopbackResponse, harness: WalkHarness? = nil
  ) async throws -> (RefreshReport, WalkHarness, LoopbackServer) {
    var routes = Self.talk.routes()
    routes[path] = response
    let server = try LoopbackServer(routes: routes)
    let harness = try harness ?? WalkHarness()
    let report = await harness.refresh([server.url(Self.talk.pagePath)])
    return (report, harness, server)
  }

  func expectFailure(_ report: RefreshReport, mentioning words: [String]) {
    #expect(report.entries.map(\.status) == [.failed])
    let error = report.entries.first?.error ?? ""
    for word in words { #expect(error.contains(word), "\(error) should mention \(word)") }
  }

  @Test func missingSegmentFailsTheTalkAndKeepsThePreviousCopy() async throws {
    let harness = try WalkHarness()
    let previous = Document(
      id: "wwdc2025/280", kind: .talk, title: "Previous", url: "https://developer.apple.com/videos/play/wwdc2025/280/",
      passages: [Passage(kind: .speech, text: "Kept.", startMilliseconds: 0, endMilliseconds: 1)])
    try harness.corpus.write(previous)
    let segment = Self.talk.segmentPath("eng", 1)
    let (report, _, server) = try await refresh(replacing: segment, with: .status(404), harness: harness)
    defer { server.stop() }
    expectFailure(report, mentioning: ["404", "sequence_1.webvtt"])
    #expect(server.requestCount(segment) == 1, "no retry on 404")
    #expect(try harness.corpus.read(id: "wwdc2025/280") == previous)
  }

  @Test func serviceUnavailableWithRetryAfterIsRetried() async throws {
    let segment = Self.talk.segmentPath("eng", 0)
    let body = Self.talk.segment(0, lines: Self.talk.tracks[0].lines)
    let (report, harness, server) = try await refresh(
      replacing: segment,
      with: .sequence([.status(503, headers: ["Retry-After": "1"]), .body(body)]))
    defer { server.stop() }
    #expect(report.entries.map(\.status) == [.added], "\(report.entries)")
    #expect(server.requestCount(segment) == 2)
    #expect(try harness.corpus.read(id: "wwdc2025/280")?.passageTexts == TalkWalkTests.sentences)
  }

  @Test func truncatedSegmentFailsClearly() async throws {
    let (report, _, server) = try await refresh(
      replacing: Self.talk.segmentPath("eng", 2),
      with: .truncated(declaredLength: 500, body: "WEBVTT\n\n00:00:12.000 --> 00:00:14"))
    defer { server.stop() }
    expectFailure(report, mentioning: ["sequence_2.webvtt"])
  }

  @Test func responseOverTheSizeLimitFails() async throws {
    let harness = try WalkHarness(maxBodyBytes: 20_000)
    let huge = "WEBVTT\n\n" + String(repeating: "NOTE padding padding padding\n\n", count: 2_000)
    let (report, _, server) = try await refresh(
      replacing: Self.talk.segmentPath("eng", 0), with: .body(huge), harness: harness)
    defer { server.stop() }
    expectFailure(report, mentioning: ["sequence_0.webvtt"])
  }

  @Test func pageWithoutVideoFails() async throws {
    var talk = Self.talk
    talk.hasVideo = false
    let (report, _, server) = try await refresh(replacing: talk.pagePath, with: .body(talk.page()))
    defer { server.stop() }
    expectFailure(report, mentioning: ["/videos/play/wwdc2025/280/"])
  }

  @Test func htmlWhereAPlaylistWasExpectedFails() async throws {
    let (report, harness, server) = try await refresh(
      replacing: Self.talk.mediaPath("eng"),
      with: .body("<!DOCTYPE html><html><body><h1>We can’t find that page.</h1></body></html>"))
    defer { server.stop() }
    expectFailure(report, mentioning: ["prog_index.m3u8"])
    #expect(try harness.corpus.read(id: "wwdc2025/280") == nil)
  }

  @Test func errorPageServedWithStatus200IsNotATalk() async throws {
    let (report, _, server) = try await refresh(
      replacing: Self.talk.pagePath,
      with: .body(
        "<html><head><title>Page Not Found - Apple Developer</title></head><body><h1>Page Not Found</h1></body></html>")
    )
    defer { server.stop() }
    expectFailure(report, mentioning: ["/videos/play/wwdc2025/280/"])
  }

  @Test func oneFailingSourceDoesNotStopTheOthers() async throws {
    var other = Self.talk
    other.number = "281"
    var routes = Self.talk.routes().merging(other.routes()) { first, _ in first }
    routes[other.masterPath] = .status(500)
    let server = try LoopbackServer(routes: routes)
    defer { server.stop() }
    let harness = try WalkHarness(retry: .none)
    let report = await harness.refresh([server.url(other.pagePath), server.url(Self.talk.pagePath)])
    #expect(report.entries.map(\.status) == [.failed, .added])
    #expect(report.hasFailures)
  }
}
