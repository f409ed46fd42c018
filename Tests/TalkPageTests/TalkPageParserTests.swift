import DuoKBTestSupport
import Foundation
import Testing

@testable import TalkPage

@Suite struct TalkPageParserTests {
  static let page2025 = "https://developer.apple.com/videos/play/wwdc2025/280/"

  @Test func readsThe2025PageAsGolden() throws {
    let page = try TalkPageFixture.parse("wwdc2025-280.html", url: Self.page2025)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(page), as: UTF8.self) + "\n"
    try Golden.check(json, named: "wwdc2025-280.json")
  }

  @Test func takesTheTitleFromTheDetailsHeading() throws {
    let page = try TalkPageFixture.parse("wwdc2025-280.html", url: Self.page2025)
    // Not the navigation's <h1>, and not <title> with its suffix.
    #expect(page.title == "Code-along: Cook up a rich text experience in SwiftUI")
    #expect(page.summary == "Join us to discover how to build rich text editing with SwiftUI & AttributedString.")
    #expect(page.collection == "wwdc2025")
    #expect(page.talkID == "280")
    #expect(page.year == 2025)
    #expect(page.datePublished == "2025-06-10")
    #expect(page.documentID == "wwdc2025/280")
    #expect(page.canonicalURL?.absoluteString == Self.page2025)
    #expect(
      page.masterPlaylistURL?.absoluteString
        == "https://devstreaming-cdn.apple.com/videos/wwdc/2025/280/4/abcdef/cmaf.m3u8")
    #expect(page.videoID == "wwdc2025-280")
    #expect(page.videoLocale == "en")
    #expect(page.warnings.isEmpty)
  }

  @Test func readsChaptersWithEndsFromEndTimeOrLenght() throws {
    let page = try TalkPageFixture.parse("wwdc2025-280.html", url: Self.page2025)
    #expect(
      page.chapters == [
        Chapter(title: "Introduction", startSeconds: 0, endSeconds: 75),
        Chapter(title: "Editing & formatting", startSeconds: 75, endSeconds: 336),
        // No data-chapter-end-time: start plus Apple's data-chapter-lenght.
        Chapter(title: "Custom attributes", startSeconds: 336, endSeconds: 456),
      ])
  }

  @Test func readsCodeSamplesAsExactPlainText() throws {
    let page = try TalkPageFixture.parse("wwdc2025-280.html", url: Self.page2025)
    #expect(page.codeSamples.count == 2)
    let first = try #require(page.codeSamples.first)
    #expect(first.title == "TextEditor and AttributedString")
    #expect(first.startSeconds == 75)
    #expect(
      first.code == """
        struct RecipeEditor: View {
            @Binding var text: AttributedString

            var body: some View {
                TextEditor(text: $text)
            }
        }
        """)
    let second = try #require(page.codeSamples.last)
    #expect(second.title == "Comparing <values>")
    #expect(second.startSeconds == 362)
    #expect(
      second.code
        == "if a < b && c > d {\n\tprint(\"café — 'ok'\")  // tab above, two spaces here\n}\n")
  }

  @Test func readsTranscriptLinesAcrossRepairedParagraphs() throws {
    let page = try TalkPageFixture.parse("wwdc2025-280.html", url: Self.page2025)
    #expect(
      page.transcript == [
        TranscriptLine(startSeconds: 0, text: "♪ ♪"),
        TranscriptLine(startSeconds: 7, text: "Hi, I’m Max, an engineer on the SwiftUI team."),
        TranscriptLine(startSeconds: 10, text: "Today we’ll cook up a rich"),
        // "</p><p>" inside the span: the parser closes the span; the line keeps its tail.
        TranscriptLine(startSeconds: 12, text: "text experience. First, the editor"),
        TranscriptLine(startSeconds: 15, text: "with <TextEditor> and AttributedString."),
      ])
  }

  @Test func reads2019PageWithRelativeHLSVodURLAndNoCode() throws {
    let page = try TalkPageFixture.parse(
      "wwdc2019-220.html", url: "https://developer.apple.com/videos/play/wwdc2019/220/")
    #expect(page.title == "Advances in Foundation")
    #expect(
      page.masterPlaylistURL?.absoluteString
        == "https://developer.apple.com/videos/wwdc/2019/220/hls_vod_mvp.m3u8")
    #expect(page.canonicalURL?.absoluteString == "https://developer.apple.com/videos/play/wwdc2019/220/")
    // No og:description: the details paragraph, not the list of links after it.
    #expect(page.summary == "Foundation has news for you.")
    #expect(page.year == 2019)
    #expect(page.videoLocale == nil)
    #expect(page.chapters.isEmpty && page.codeSamples.isEmpty && page.transcript.isEmpty)
  }

  @Test func emptyTranscriptGivesNoLinesAndTechTalkYearFromDate() throws {
    let page = try TalkPageFixture.parse(
      "tech-talks-111466-empty-transcript.html",
      url: "https://developer.apple.com/videos/play/tech-talks/111466/")
    #expect(page.transcript.isEmpty)
    #expect(page.warnings.isEmpty)
    #expect(page.collection == "tech-talks")
    #expect(page.talkID == "111466")
    #expect(page.year == 2023)
    #expect(page.documentID == "tech-talks/111466")
    #expect(page.summary == "Learn how to design for eyes and hands.")
  }

  @Test func readsLocalizedPage() throws {
    let page = try TalkPageFixture.parse(
      "jp-wwdc2023-10148.html", url: "https://developer.apple.com/jp/videos/play/wwdc2023/10148/")
    #expect(page.title == "SwiftUIの新機能")
    #expect(page.summary == "SwiftUIの最新情報をご紹介します。")
    #expect(page.collection == "wwdc2023")
    #expect(page.talkID == "10148")
    #expect(page.year == 2023)
    #expect(page.documentID == "wwdc2023/10148")
    #expect(page.videoLocale == "ja")
    #expect(page.transcript == [TranscriptLine(startSeconds: 3, text: "こんにちは。")])
  }

  @Test func pageWithoutVideoParsesButRequiringItThrows() throws {
    let url = URL(string: "https://developer.apple.com/videos/play/wwdc2020/10001/")!
    let page = try TalkPageParser().parse(try TalkPageFixture.data("no-video.html"), url: url)
    #expect(page.title == "Removed talk")
    // og:video names a poster image, not a playlist.
    #expect(page.masterPlaylistURL == nil)
    #expect(page.videoID == "wwdc2020-10001")
    #expect(throws: TalkPageError.noVideo(url)) { try page.requireMasterPlaylistURL() }
  }

  @Test(
    "Refuses error pages served as HTML",
    arguments: [
      ("not-found-200.html", "<title>"),  // Apple's page, status 200
      ("cdn-502.html", "<title>"),  // a CDN body in capitals
    ])
  func refusesErrorPages(fixture: String, source: String) throws {
    let url = URL(string: "https://developer.apple.com/videos/play/wwdc2099/99999/")!
    let error = #expect(throws: TalkPageError.self) {
      try TalkPageParser().parse(try TalkPageFixture.data(fixture), url: url)
    }
    guard case .notATalkPage(let errorURL, let reason) = error else {
      Issue.record("expected notATalkPage, got \(String(describing: error))")
      return
    }
    #expect(errorURL == url)
    #expect(reason.contains("error page: \(source)"))
  }

  @Test func fallsBackToOgTitleThenTitleWithoutSuffix() throws {
    let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/1/")!
    let withOg = """
      <title>From title - WWDC25 - Videos - Apple Developer</title>
      <meta property="og:title" content="From og - WWDC25 - Videos - Apple Developer">
      <meta property="og:video" content="/v/cmaf.m3u8">
      """
    #expect(try TalkPageParser().parse(Data(withOg.utf8), url: url).title == "From og")
    let titleOnly = """
      <title>Meet the talk - Tech Talks - Videos - Apple Developer</title>
      <video src="https://example.com/v/cmaf.m3u8"></video>
      """
    let page = try TalkPageParser().parse(Data(titleOnly.utf8), url: url)
    #expect(page.title == "Meet the talk")
    #expect(page.masterPlaylistURL?.absoluteString == "https://example.com/v/cmaf.m3u8")
  }

  @Test func talkTitledWithErrorWordsStillParsesWhenItHasAVideo() throws {
    let html = """
      <title>Handle “not found” errors - WWDC25 - Videos - Apple Developer</title>
      <meta property="og:video" content="https://example.com/v/cmaf.m3u8">
      <li class="supplement details"><h1>Handle “not found” errors</h1></li>
      """
    let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/2/")!
    #expect(try TalkPageParser().parse(Data(html.utf8), url: url).title == "Handle “not found” errors")
  }

  @Test(
    "Ignores video URLs that are not http(s) playlists",
    arguments: [
      "javascript:alert(1)//x.m3u8",
      "data:application/vnd.apple.mpegurl,x.m3u8",
      "file:///etc/cmaf.m3u8",
      "https://example.com/v/cmaf.mp4",
    ])
  func ignoresHostileVideoURLs(content: String) throws {
    let html = """
      <meta property="og:video" content="\(content)">
      <li class="supplement details"><h1>T</h1></li>
      """
    let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/3/")!
    #expect(try TalkPageParser().parse(Data(html.utf8), url: url).masterPlaylistURL == nil)
  }

  @Test func skipsBadChaptersCodeSamplesAndTranscriptLinesWithWarnings() throws {
    let html = """
      <li class="supplement details"><h1>T</h1></li>
      <meta property="og:video" content="https://example.com/v/cmaf.m3u8">
      <ul><li class="chapter-item" data-start-time="-5"><a class="jump-to-time">Bad</a></li>
      <li class="chapter-item" data-start-time="1e400"><a class="jump-to-time">Huge</a></li>
      <li class="chapter-item" data-start-time="90">1:30 - Plain title</li></ul>
      <ul><li class="sample-code-main-container"><p>no time</p><pre><code>x</code></pre></li>
      <li class="sample-code-main-container"><p>2:05 - Caption only</p><pre><code>y</code></pre></li>
      <li class="sample-code-main-container"><p><a class="jump-to-time-sample" href="?time=9">Q</a></p></li></ul>
      <section id="transcript-content"><span data-start="abc">dropped</span><span data-start="4.0">kept</span><span data-start="5.0">  </span></section>
      """
    let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/4/")!
    let page = try TalkPageParser().parse(Data(html.utf8), url: url)
    #expect(page.chapters == [Chapter(title: "Plain title", startSeconds: 90)])
    #expect(page.codeSamples == [CodeSample(title: "Caption only", startSeconds: 125, code: "y")])
    #expect(page.transcript == [TranscriptLine(startSeconds: 4, text: "kept")])
    #expect(
      page.warnings == [
        .skippedChapter(index: 0, reason: "no readable data-start-time"),
        .skippedChapter(index: 1, reason: "no readable data-start-time"),
        .skippedCodeSample(index: 0, reason: "no start time"),
        .skippedCodeSample(index: 2, reason: "no <pre> code block"),
        .skippedTranscriptLine(index: 0, reason: "bad data-start 'abc'"),
        .skippedTranscriptLine(index: 2, reason: "empty text"),
      ])
  }
}

@Suite struct CodeSampleTextTests {
  static let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/5/")!

  @Test(
    "Code text keeps every space and newline",
    arguments: [
      // HTML drops one newline right after <pre> (as a browser shows it), not after <code>.
      ("<pre class=\"code-source\">\nlet a = 1</pre>", "let a = 1"),
      ("<pre class=\"code-source\"><code>\nlet a = 1\n</code></pre>", "\nlet a = 1\n"),
      ("<pre class=\"code-source\"><code>a<br>b</code></pre>", "a\nb"),
      ("<pre class=\"code-source\"><code><span>x</span> <span>y</span>\n\n\n  z</code></pre>", "x y\n\n\n  z"),
      ("<pre class=\"code-source\"><code>&lt;T&gt; &amp;&amp; &#8212; &nbsp;</code></pre>", "<T> && — \u{A0}"),
      ("<pre class=\"other\">skipped</pre><pre class=\"code-source\"><code>chosen</code></pre>", "chosen"),
    ])
  func codeText(block: String, code: String) throws {
    let html = """
      <li class="supplement details"><h1>T</h1></li><meta property="og:video" content="/v.m3u8">
      <ul><li class="sample-code-main-container"><p>0:05 - <a class="jump-to-time-sample" \
      data-start-time="5">S</a></p>\(block)</li></ul>
      """
    let page = try TalkPageParser().parse(Data(html.utf8), url: Self.url)
    #expect(page.codeSamples == [CodeSample(title: "S", startSeconds: 5, code: code)])
  }
}
