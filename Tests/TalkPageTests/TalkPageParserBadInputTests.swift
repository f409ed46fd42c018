import DuoKBTestSupport
import Foundation
import Testing

@testable import TalkPage

/// Malformed, truncated, oversized and hostile input: a typed error or a bounded result.
@Suite struct TalkPageParserBadInputTests {
  static let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/280/")!
  static let talkHead = """
    <meta property="og:video" content="https://example.com/v/cmaf.m3u8">
    <li class="supplement details"><h1>Deep</h1></li>
    """

  @Test func refusesABodyOverTheDefaultLimitBeforeParsing() {
    let body = Data(repeating: UInt8(ascii: "a"), count: (16 << 20) + 1)
    #expect(throws: TalkPageError.tooLarge(Self.url, byteCount: (16 << 20) + 1, limitBytes: 16 << 20)) {
      try TalkPageParser().parse(body, url: Self.url)
    }
  }

  @Test func refusesABodyOverACustomLimit() throws {
    let body = try TalkPageFixture.data("wwdc2025-280.html")
    let parser = TalkPageParser(limits: TalkPageLimits(maxBytes: 1000, maxDepth: 200))
    #expect(throws: TalkPageError.tooLarge(Self.url, byteCount: body.count, limitBytes: 1000)) {
      try parser.parse(body, url: Self.url)
    }
  }

  @Test func refusesAnEmptyBody() {
    #expect(throws: TalkPageError.notATalkPage(Self.url, reason: "empty body")) {
      try TalkPageParser().parse(Data(), url: Self.url)
    }
  }

  @Test("Refuses nesting deeper than the limit", arguments: ["<div>", "<b>", "<span class=sentence>"])
  func refusesDeepNesting(tag: String) {
    let html = Self.talkHead + String(repeating: tag, count: 100_000) + "x"
    #expect(throws: TalkPageError.tooDeeplyNested(Self.url, limitDepth: 200)) {
      try TalkPageParser().parse(Data(html.utf8), url: Self.url)
    }
  }

  @Test func clampsADepthLimitAboveWhatLibxml2CanReport() {
    let html = Self.talkHead + String(repeating: "<div>", count: 1000)
    let parser = TalkPageParser(limits: TalkPageLimits(maxBytes: 1 << 20, maxDepth: 10_000))
    #expect(throws: TalkPageError.tooDeeplyNested(Self.url, limitDepth: 250)) {
      try parser.parse(Data(html.utf8), url: Self.url)
    }
  }

  @Test func readsNestingWithinTheLimit() throws {
    let html =
      Self.talkHead + "<section id=\"transcript-content\">" + String(repeating: "<div>", count: 150)
      + "<span data-start=\"1.0\">deep line</span>" + String(repeating: "</div>", count: 150)
      + "</section>"
    let page = try TalkPageParser().parse(Data(html.utf8), url: Self.url)
    #expect(page.transcript == [TranscriptLine(startSeconds: 1, text: "deep line")])
  }

  @Test func replacesInvalidUTF8() throws {
    var html = Data("<li class=\"supplement details\"><h1>caf".utf8)
    html.append(contentsOf: [0xC3, 0xA9, 0x20, 0xFF, 0xFE, 0xC3])  // "é ", two bad bytes, a cut sequence
    html.append(contentsOf: Data("!</h1></li><meta property=\"og:video\" content=\"/v.m3u8\">".utf8))
    let page = try TalkPageParser().parse(html, url: Self.url)
    #expect(page.title == "café \u{FFFD}\u{FFFD}\u{FFFD}!")
  }

  @Test func ignoresADeclaredCharsetOtherThanUTF8() throws {
    let html = """
      <meta charset="iso-8859-1"><li class="supplement details"><h1>Café</h1></li>
      <meta property="og:video" content="/v.m3u8">
      """
    #expect(try TalkPageParser().parse(Data(html.utf8), url: Self.url).title == "Café")
  }

  @Test func survivesNULBytesAndAByteOrderMark() throws {
    var html = Data([0xEF, 0xBB, 0xBF])
    html.append(Data("<li class=\"supplement details\"><h1>A\u{0}B</h1></li>".utf8))
    html.append(Data("<meta property=\"og:video\" content=\"/v.m3u8\">\u{0}\u{0}".utf8))
    let page = try TalkPageParser().parse(html, url: Self.url)
    #expect(page.title.hasPrefix("A"))
    #expect(page.masterPlaylistURL?.absoluteString == "https://developer.apple.com/v.m3u8")
  }

  @Test(
    "Refuses bodies that are not HTML pages",
    arguments: [
      #"{"contents": [{"id": "wwdc2025-280"}]}"#,
      "#EXTM3U\n#EXT-X-VERSION:3\n",
      "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n",
      "<html><body></body></html>",
      "<?xml version=\"1.0\"?><feed/>",
    ])
  func refusesOtherFormats(body: String) {
    #expect(throws: TalkPageError.self) { try TalkPageParser().parse(Data(body.utf8), url: Self.url) }
  }

  @Test func refusesAkamai403Body() {
    let body = """
      <HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>
      You don't have permission to access "http&#58;&#47;&#47;developer&#46;apple&#46;com&#47;videos&#47;" on this server.<P>
      Reference&#32;&#35;18&#46;1b2c3d4&#46;1700000000&#46;5e6f7a8</BODY></HTML>
      """
    #expect(
      throws: TalkPageError.notATalkPage(Self.url, reason: "error page: <title> says \"Access Denied\"")
    ) { try TalkPageParser().parse(Data(body.utf8), url: Self.url) }
  }

  @Test("Random bytes give a typed error", arguments: 0..<64)
  func randomBytes(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let count = Int(generator.next() % 8192)
    let bytes = Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    #expect(throws: TalkPageError.self) { try TalkPageParser().parse(bytes, url: Self.url) }
  }

  @Test func everyTruncationOfThe2025PageIsAPageOrATypedError() throws {
    let full = try TalkPageFixture.data("wwdc2025-280.html")
    let complete = try TalkPageParser().parse(full, url: Self.url)
    var parsedCount = 0
    for length in stride(from: 0, to: full.count, by: 53) {
      do {
        let page = try TalkPageParser().parse(full.prefix(length), url: Self.url)
        parsedCount += 1
        #expect(!page.title.isEmpty)
        #expect(page.chapters.count <= complete.chapters.count)
        #expect(page.codeSamples.count <= complete.codeSamples.count)
        #expect(page.transcript.count <= complete.transcript.count)
      } catch {
        // Before the og:video and the details heading, there is no talk page yet.
        #expect(length < 1200, "prefix of \(length) bytes failed: \(error)")
      }
    }
    #expect(parsedCount > 0)
  }

  @Test func boundsALargeTranscript() throws {
    let line = "<span class=\"sentence\"><span data-start=\"7.0\">A line of words.</p><p>More</span></span>"
    let html =
      Self.talkHead + "<section id=\"transcript-content\"><p>"
      + String(repeating: line, count: 20_000) + "</section>"
    let page = try TalkPageParser().parse(Data(html.utf8), url: Self.url)
    #expect(page.transcript.count == 20_000)
    #expect(page.transcript.last?.text == "A line of words. More")
  }
}
