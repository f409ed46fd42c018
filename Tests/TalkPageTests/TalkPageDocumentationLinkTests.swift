import Foundation
import Testing

@testable import TalkPage

/// The details supplement's links to documentation pages: which count, their form and bounds.
@Suite struct TalkPageDocumentationLinkTests {
  static let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/280/")!

  static func links(_ body: String, url: URL = url) throws -> [DocumentationLink] {
    let html = """
      <meta property="og:video" content="https://example.com/v/cmaf.m3u8">
      <ul class="supplements"><li class="supplement details"><h1>Talk</h1>
      <ul class="links small">\(body)</ul></li></ul>
      <footer><a href="/documentation/xcode">Footer link, not the talk's</a></footer>
      """
    return try TalkPageParser().parse(Data(html.utf8), url: url).documentationLinks
  }

  static func link(_ title: String, _ url: String) -> DocumentationLink {
    DocumentationLink(title: title, url: URL(string: url)!)
  }

  @Test func readsThe2019PagesFoundationLink() throws {
    let page = try TalkPageFixture.parse(
      "wwdc2019-220.html", url: "https://developer.apple.com/videos/play/wwdc2019/220/")
    #expect(
      page.documentationLinks == [Self.link("Foundation", "https://developer.apple.com/documentation/foundation")])
  }

  @Test func readsThe2025PagesLinksOnceInOrderWithoutTheDownloads() throws {
    let page = try TalkPageFixture.parse("wwdc2025-280.html", url: TalkPageParserTests.page2025)
    #expect(
      page.documentationLinks == [
        Self.link("TextEditor", "https://developer.apple.com/documentation/swiftui/texteditor"),
        Self.link("AttributedString", "https://developer.apple.com/documentation/foundation/attributedstring"),
      ])
  }

  @Test func pagesWithoutLinksGiveNone() throws {
    let page = try TalkPageFixture.parse(
      "jp-wwdc2023-10148.html", url: "https://developer.apple.com/jp/videos/play/wwdc2023/10148/")
    #expect(page.documentationLinks.isEmpty)
  }

  @Test(
    "Reads a link's form",
    arguments: [
      (
        "<a href=\"/documentation/uikit/uiview\">UIView</a>", "UIView",
        "https://developer.apple.com/documentation/uikit/uiview"
      ),
      (
        "<a href=\"../../../../documentation/UIKit/UIView\">  UI\n  View </a>", "UI View",
        "https://developer.apple.com/documentation/uikit/uiview"
      ),
      (
        "<a href=\"http://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)\">get</a>", "get",
        "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)"
      ),
      (
        "<a href=\"/documentation/swiftui?language=objc#x\"></a>", "swiftui",
        "https://developer.apple.com/documentation/swiftui"
      ),
      (
        "<a href=\"/tutorials/data/documentation/swiftui.json\">JSON</a>", "JSON",
        "https://developer.apple.com/documentation/swiftui"
      ),
    ])
  func readsALinksForm(html: String, title: String, url: String) throws {
    #expect(try Self.links(html) == [Self.link(title, url)])
  }

  @Test(
    "Ignores what is not a documentation page of the page's site",
    arguments: [
      "<a href=\"javascript:alert(1)//documentation/x\">js</a>",
      "<a href=\"https://example.com/documentation/uikit\">other host</a>",
      "<a href=\"ftp://developer.apple.com/documentation/uikit\">ftp</a>",
      "<a href=\"/documentation/\">root</a>",
      "<a href=\"/documentation\">root</a>",
      "<a href=\"/documentation/../videos\">dot dot</a>",
      "<a href=\"/design/human-interface-guidelines/color\">HIG</a>",
      "<a href=\"/videos/play/wwdc2024/10001/\">talk</a>",
      "<a>no href</a>",
      "<a href=\"\">empty</a>",
      "<a href=\"data:text/html,/documentation/x\">data</a>",
    ])
  func ignores(html: String) throws {
    #expect(try Self.links(html).isEmpty)
  }

  @Test func takesLinksOnThePagesOwnOriginAsServedFromAnotherHost() throws {
    let url = URL(string: "http://127.0.0.1:8080/videos/play/wwdc2025/280/")!
    let links = try Self.links(
      "<a href=\"/documentation/foundation\">F</a><a href=\"http://127.0.0.1:9/documentation/uikit\">U</a>", url: url)
    #expect(links == [Self.link("F", "http://127.0.0.1:8080/documentation/foundation")])
  }

  @Test func keepsAtMostTheLimitOfThousandsOfLinks() throws {
    let body = (0..<5000).map { "<li><a href=\"/documentation/m\($0)\">M\($0)</a></li>" }.joined()
    let links = try Self.links(body)
    #expect(links.count == DocumentationLink.maxCount)
    #expect(links.first == Self.link("M0", "https://developer.apple.com/documentation/m0"))
    #expect(links.last?.title == "M\(DocumentationLink.maxCount - 1)")
  }

  @Test func passesOverAHugeHrefAndCutsAHugeTitle() throws {
    let huge = "/documentation/" + String(repeating: "a", count: 100_000)
    let title = String(repeating: "t", count: 10_000)
    let links = try Self.links("<a href=\"\(huge)\">x</a><a href=\"/documentation/ok\">\(title)</a>")
    #expect(
      links == [
        Self.link(
          String(repeating: "t", count: DocumentationLink.maxTitleLength),
          "https://developer.apple.com/documentation/ok")
      ])
  }

  @Test func deduplicatesAcrossCaseAndForm() throws {
    let links = try Self.links(
      "<a href=\"/documentation/UIKit\">A</a><a href=\"https://developer.apple.com/documentation/uikit/\">B</a>")
    #expect(links == [Self.link("A", "https://developer.apple.com/documentation/uikit")])
  }
}
