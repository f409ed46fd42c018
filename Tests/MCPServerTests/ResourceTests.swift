import DocumentModel
import DuoKBTestSupport
import Foundation
import MCPServer
import Testing

@Suite struct ResourceTests {
  @Test func everyDocumentIsListedByAStableURI() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let resources = try #require(harness.request("resources/list")["result"]?["resources"]?.arrayValue)
    #expect(
      resources.map { $0["uri"] } == ["duokb://document/hig/designing-for-iphone-duo", "duokb://document/wwdc2026/101"])
    let talk = try #require(resources.last)
    #expect(talk["name"] == "wwdc2026/101")
    #expect(talk["title"] == "Meet iPhone Duo")
    #expect(talk["mimeType"] == "text/markdown")
    #expect(talk["description"]?.stringValue?.contains("wwdc2026 (2026)") == true)
  }

  @Test func talkReadsAsMarkdownWithTimeLinks() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let contents = try #require(
      harness.request("resources/read", ["uri": "duokb://document/wwdc2026/101"])["result"]?["contents"]?.arrayValue)
    #expect(contents.count == 1)
    #expect(contents[0]["uri"] == "duokb://document/wwdc2026/101")
    #expect(contents[0]["mimeType"] == "text/markdown")
    let markdown = try #require(contents[0]["text"]?.stringValue)
    #expect(markdown.contains("[3:46](\(TestCorpus.talkURL)?time=226) **Maria:** \(TestCorpus.scrollingQuote)"))
    try Golden.check(markdown, named: "talk.md")
  }

  @Test func pageReadsAsMarkdownWithLinkedHeadings() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let markdown =
      harness.request("resources/read", ["uri": "duokb://document/hig/designing-for-iphone-duo"])[
        "result"]?["contents"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(markdown.contains("### [Toolbars](\(TestCorpus.pageURL)#Toolbars)"))
    try Golden.check(markdown, named: "page.md")
  }

  @Test(
    "Unknown or hostile URIs are not found: -32002 before 2026-07-28",
    arguments: [
      "duokb://document/wwdc2026/999", "duokb://document/../../etc/passwd", "duokb://document/", "file:///etc/passwd",
      "duokb://document/wwdc2026/101/../101",
    ])
  func notFound(uri: String) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let error = harness.request("resources/read", ["uri": .string(uri)])["error"]
    #expect(error?["code"] == -32002)
    #expect(error?["data"]?["uri"] == .string(uri))
  }

  @Test func notFoundIsInvalidParamsIn20260728() throws {
    let harness = try ServerHarness()
    let response = harness.modern("resources/read", ["uri": "duokb://document/wwdc2026/999"])
    #expect(response["error"]?["code"] == -32602)
  }

  @Test func readWithoutURIIsInvalidParams() throws {
    let harness = try ServerHarness()
    harness.initialize()
    #expect(harness.request("resources/read", [:])["error"]?["code"] == -32602)
  }

  @Test func templatesNameTheDocumentURIForm() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let templates = harness.request("resources/templates/list")["result"]?["resourceTemplates"]?.arrayValue
    #expect(templates?.first?["uriTemplate"] == "duokb://document/{+id}")
  }

  @Test func badCursorIsInvalidParams() throws {
    let harness = try ServerHarness()
    harness.initialize()
    #expect(harness.request("resources/list", ["cursor": "nope"])["error"]?["code"] == -32602)
    #expect(harness.request("resources/list", ["cursor": "2"])["result"]?["resources"] == [])
    // An offset near Int.max is past the end, not an overflow.
    #expect(harness.request("resources/list", ["cursor": "9223372036854775807"])["result"]?["resources"] == [])
    #expect(harness.request("resources/list", ["cursor": "9223372036854775807"])["result"]?["nextCursor"] == nil)
  }

  @Test func modernListingCarriesCachingHints() throws {
    let harness = try ServerHarness()
    let result = harness.modern("resources/list")["result"]
    #expect(result?["resources"]?.arrayValue?.count == 2)
    #expect(result?["cacheScope"] == "private")
    #expect(result?["ttlMs"]?.intValue != nil)
  }
}

@Suite struct ResourcePagingTests {
  @Test func longListingsComeInPagesWithACursor() throws {
    let documents = (0..<501).map { number in
      Document(
        id: "hig/page-\(1000 + number)", kind: .hig, title: "Page \(number)",
        url: "https://developer.apple.com/design/human-interface-guidelines/page-\(number)",
        passages: [Passage(kind: .text, text: "Text \(number).")])
    }
    let harness = try ServerHarness(documents: documents)
    harness.initialize()
    let first = harness.request("resources/list")["result"]
    #expect(first?["resources"]?.arrayValue?.count == 500)
    let cursor = try #require(first?["nextCursor"])
    let second = harness.request("resources/list", ["cursor": cursor])["result"]
    #expect(second?["resources"]?.arrayValue?.map { $0["uri"] } == ["duokb://document/hig/page-1500"])
    #expect(second?["nextCursor"] == nil)
  }
}
