import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@Suite struct TalkWalkTests {
  static let sentences = [
    "People will use iPhone Duo in many different poses.",
    "But that doesn’t mean designing a custom layout for each pose.",
    "Instead, focus on two size classes: compact width on the outer display and regular width on the inner display.",
    "Avoid fixed widths, breakpoints, or any metrics tied to a specific screen.",
  ]

  /// Enough sentences for many segments, each crossing boundaries somewhere.
  static var longTalk: [String] {
    (1...30).flatMap { round in sentences.map { $0.replacingOccurrences(of: ".", with: " \(round).") } }
  }

  @Test func harvestsEverySentenceOnceAtItsTimeAcrossManySegments() async throws {
    let lines = FixtureTalk.lines(Self.longTalk, voice: "Vince")
    let talk = FixtureTalk(tracks: [("eng", "en", "English", lines)])
    let routed = try LoopbackServer(routes: talk.routes())
    defer { routed.stop() }
    let harness = try WalkHarness()
    let report = await harness.refresh([routed.url(talk.pagePath)])
    #expect(report.entries.map(\.status) == [.added], "\(report.entries)")
    let document = try #require(try harness.corpus.read(id: "wwdc2025/280"))
    #expect(document.title == "Meet the fixture")
    #expect(document.url == "https://developer.apple.com/videos/play/wwdc2025/280/")
    #expect(document.event == "wwdc2025" && document.year == 2025)
    #expect(document.passageTexts == Self.longTalk)
    #expect(document.cues.count == lines.count, "boundary repeats were dropped")
    // Each sentence starts at its first cue and ends with its last.
    var cueIndex = 0
    for passage in document.passages {
      let words = passage.text.split(separator: " ").count
      let cueCount = (words + 6) / 7
      #expect(passage.startMilliseconds == lines[cueIndex].startMilliseconds)
      #expect(passage.endMilliseconds == lines[cueIndex + cueCount - 1].endMilliseconds)
      #expect(passage.speaker == "Vince")
      cueIndex += cueCount
    }
    #expect(talk.segmentCount(lines) > 40)
  }

  @Test func differingTimestampMapsShiftLaterSegments() async throws {
    let lines = FixtureTalk.lines(Self.sentences)
    var talk = FixtureTalk(tracks: [("eng", "en", "English", lines)])
    // Each segment's map moves back by 5 s of 90 kHz ticks, wrapping below zero at 2^33;
    // the cue times written in it move forward by as much.
    talk.mpegtsForSegment = { (181_083 - Int64($0) * 450_000) & ((1 << 33) - 1) }
    let routed = try LoopbackServer(routes: talk.routes())
    defer { routed.stop() }
    let harness = try WalkHarness()
    _ = await harness.refresh([routed.url(talk.pagePath)])
    let document = try #require(try harness.corpus.read(id: "wwdc2025/280"))
    #expect(document.passageTexts == Self.sentences)
    #expect(document.cues.map(\.startMilliseconds) == lines.map(\.startMilliseconds))
  }

  @Test(
    "Resolves relative, absolute-path and absolute URIs",
    arguments: [
      (FixtureTalk.URIStyle.relative, FixtureTalk.URIStyle.relative),
      (.absolutePath, .absoluteURL), (.absoluteURL, .absolutePath),
    ])
  func resolvesEveryURIStyle(media: FixtureTalk.URIStyle, segments: FixtureTalk.URIStyle) async throws {
    var talk = FixtureTalk(tracks: [("eng", "en", "English", FixtureTalk.lines(Self.sentences))])
    talk.mediaURIStyle = media
    talk.segmentURIStyle = segments
    let routed = try LoopbackServer(routes: talk.routes())
    defer { routed.stop() }
    let harness = try WalkHarness()
    let report = await harness.refresh([routed.url(talk.pagePath)])
    #expect(report.entries.map(\.status) == [.added], "\(report.entries)")
  }

  @Test func picksTheRequestedLanguage() async throws {
    let talk = FixtureTalk(tracks: [
      ("eng", "en", "English", FixtureTalk.lines(Self.sentences)),
      ("jpn", "ja", "Japanese", FixtureTalk.lines(["こんにちは。", "さようなら。"])),
    ])
    let routed = try LoopbackServer(routes: talk.routes())
    defer { routed.stop() }
    let harness = try WalkHarness()
    _ = await harness.refresh([routed.url(talk.pagePath)], language: "ja")
    let japanese = try #require(try harness.corpus.read(id: "wwdc2025/280/ja"))
    #expect(japanese.language == "ja")
    #expect(japanese.passageTexts == ["こんにちは。", "さようなら。"])
    #expect(try harness.corpus.read(id: "wwdc2025/280") == nil)
    _ = await harness.refresh([routed.url(talk.pagePath)])
    #expect(try harness.corpus.read(id: "wwdc2025/280")?.passageTexts == Self.sentences)
    #expect(try harness.corpus.read(id: "wwdc2025/280/ja")?.passageTexts == japanese.passageTexts)
  }

  @Test func followsARedirectedPage() async throws {
    let talk = FixtureTalk(tracks: [("eng", "en", "English", FixtureTalk.lines(Self.sentences))])
    var routes = talk.routes()
    routes["/videos/play/wwdc2025/old/"] = .redirect(to: talk.pagePath, status: 301)
    let routed = try LoopbackServer(routes: routes)
    defer { routed.stop() }
    let harness = try WalkHarness()
    let report = await harness.refresh([routed.url("/videos/play/wwdc2025/old/")])
    #expect(report.entries.first?.documentID == "wwdc2025/280")
  }

  @Test func unchangedPageCostsOneConditionalRequest() async throws {
    let talk = FixtureTalk(tracks: [("eng", "en", "English", FixtureTalk.lines(Self.sentences))])
    var routes = talk.routes()
    routes[talk.pagePath] = .entity(talk.page(), etag: "\"v1\"", lastModified: nil)
    let routed = try LoopbackServer(routes: routes)
    defer { routed.stop() }
    let harness = try WalkHarness()
    _ = await harness.refresh([routed.url(talk.pagePath)])
    let before = routed.totalRequestCount
    let again = await harness.refresh([routed.url(talk.pagePath)])
    #expect(again.entries.map(\.status) == [.unchanged])
    #expect(routed.totalRequestCount - before == 1)
    #expect(routed.requests(for: talk.pagePath).last?.header("If-None-Match") == "\"v1\"")
  }
}
