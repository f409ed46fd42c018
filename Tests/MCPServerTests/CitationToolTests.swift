import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import JSON
import KnowledgeBase
import Testing

@testable import MCPServer

/// `quote`, `cite` and `verify` over the Citations API.
@Suite struct CitationToolTests {
  static func text(_ result: JSONValue?) -> String {
    result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
  }

  static func outputSchema(_ harness: ServerHarness, _ name: String) -> JSONValue? {
    harness.request("tools/list")["result"]?["tools"]?.arrayValue?.first { $0["name"] == .string(name) }?[
      "outputSchema"]
  }

  static let quoteCalls: [JSONValue] = [
    ["citation": "wwdc2026/101@3:46"], ["source": "wwdc2026/101", "time": "3:46"],
    ["source": "wwdc2026/101", "time": 226], ["citation": "wwdc2026/101@3:46", "context": 1],
  ]

  @Test("quote by citation id, or by source and time", arguments: quoteCalls)
  func quoteNamesThePassage(arguments: JSONValue) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = try #require(harness.call("quote", arguments)["result"])
    #expect(result["isError"] == false, "\(Self.text(result))")
    let structured = try #require(result["structuredContent"])
    #expect(structured["citation"] == "wwdc2026/101@3:46")
    #expect(structured["target"]?["quote"] == .string(TestCorpus.scrollingQuote))
    #expect(structured["target"]?["link"] == .string(TestCorpus.talkURL + "?time=226"))
    #expect(structured["before"]?.arrayValue?.last?["quote"] == "Two displays change how people hold the phone.")
    #expect(structured["after"]?.arrayValue?.first?["source"]?["kind"] == "code")
    #expect(
      SchemaValidator.violation(of: structured, against: try #require(Self.outputSchema(harness, "quote"))) == nil)
  }

  @Test func quoteOfAHIGSection() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let structured = harness.call("quote", ["citation": "hig/designing-for-iphone-duo#Toolbars", "context": 0])[
      "result"]?["structuredContent"]
    #expect(structured?["target"]?["quote"] == "Place a vertical toolbar along the hinge.")
    #expect(structured?["target"]?["link"] == .string(TestCorpus.pageURL + "#Toolbars"))
    #expect(structured?["before"] == [])
  }

  /// A whole document is not quoted; the tool error offers an id the index holds (a page's
  /// first section, a talk's first moment), and that id, followed, is quoted.
  @Test(arguments: ["hig/designing-for-iphone-duo", "wwdc2026/101"])
  func aWholeDocumentOffersAnIDThatQuotes(id: String) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let refused = try #require(harness.call("quote", ["citation": .string(id)])["result"])
    #expect(refused["isError"] == true)
    let message = Self.text(refused)
    // "…, such as ID." or "…; its chapters begin at ID (Title), …": the first id offered.
    let start = try #require(message.range(of: "such as ") ?? message.range(of: "begin at "), "\(message)")
    let offered = message[start.upperBound...].prefix { $0 != " " && $0 != "," }.trimmingCharacters(in: ["."])
    #expect(offered.hasPrefix(id + (id.hasPrefix("hig/") ? "#" : "@")), "\(message)")
    let followed = try #require(harness.call("quote", ["citation": .string(String(offered))])["result"])
    #expect(followed["isError"] == false, "\(message) → \(Self.text(followed))")
  }

  @Test func quoteOfAHIGSectionKeepsItsListAndTable() throws {
    let page = CitationFixtures.laidOutSectionPage()
    let harness = try ServerHarness(documents: TestCorpus.documents + [page])
    harness.initialize()
    let result = try #require(harness.call("quote", ["citation": "hig/layout#Adaptability", "context": 0])["result"])
    #expect(result["isError"] == false, "\(Self.text(result))")
    let structured = try #require(result["structuredContent"])
    #expect(
      structured["section"]
        == .string(
          "Avoid widths < 320 points.\n\n- Size classes\n- Split View and window resizing\n\n"
            + "| Device | Width |\n| --- | --- |\n| Outer | Compact |"))
    #expect(structured["passages"]?.arrayValue?.compactMap { $0["quote"]?.stringValue } == page.passages.map(\.text))
    #expect(
      SchemaValidator.violation(of: structured, against: try #require(Self.outputSchema(harness, "quote"))) == nil)
    // A talk's moment has no section to lay out.
    let moment = harness.call("quote", ["citation": "wwdc2026/101@3:46"])["result"]?["structuredContent"]
    #expect(moment?["section"] == nil)
  }

  static let quoteFailures: [(JSONValue, String)] = [
    (["citation": "not an id!"], "not a citation id"),
    (["citation": "wwdc2026/999@1:00"], "wwdc2026/999"),
    (["source": "wwdc2026/101"], "Give either"),
    (["citation": "wwdc2026/101@3:46", "source": "wwdc2026/101", "time": 1], "Give either"),
    (["source": "wwdc2026/101", "time": "soon"], "'time' must be"),
    // Seconds past any citation id, as a number and as text: refused, and no trap.
    (["source": "wwdc2026/101", "time": .int(Int.max)], "'time' must be"),
    (["source": "wwdc2026/101", "time": "9223372036854775807"], "'time' must be"),
    (["source": "wwdc2026/101", "time": .int(Timecode.maximumSeconds + 1)], "up to 3599999"),
    // The latest time an id can name is read, and is past this talk's passages.
    (["source": "wwdc2026/101", "time": .int(Timecode.maximumSeconds)], "is spoken at 999:59:59"),
    ([:], "Give either"),
    (["citation": "wwdc2026/101@3:46", "context": 99], "'context' must be at most"),
  ]

  @Test("quote errors are tool errors a model can act on", arguments: quoteFailures)
  func quoteErrors(arguments: JSONValue, message: String) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = harness.call("quote", arguments)["result"]
    #expect(result?["isError"] == true)
    #expect(Self.text(result).contains(message), "\(Self.text(result))")
  }

  @Test("cite an id or a query's best hit", arguments: ["wwdc2026/101@3:46", "scrolling content"])
  func citeGivesReadyText(query: String) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = try #require(harness.call("cite", ["query": .string(query), "format": "markdown"])["result"])
    #expect(result["isError"] == false, "\(Self.text(result))")
    let text = try #require(result["structuredContent"]?["text"]?.stringValue)
    #expect(text.contains(TestCorpus.scrollingQuote))
    #expect(text.contains(TestCorpus.talkURL + "?time=226"))
    #expect(Self.text(result) == text)
    let schema = try #require(Self.outputSchema(harness, "cite"))
    #expect(SchemaValidator.violation(of: try #require(result["structuredContent"]), against: schema) == nil)
  }

  @Test func citeAsCSLJSONIsJSON() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let text =
      harness.call("cite", ["query": "wwdc2026/101@3:46", "format": "csl-json"])["result"]?[
        "structuredContent"]?["text"]?.stringValue ?? ""
    #expect(JSONValue.decode(Data(text.utf8))?.arrayValue?.count == 1)
  }

  @Test func citeWithNoHitIsAToolError() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = harness.call("cite", ["query": "zebra quantum"])["result"]
    #expect(result?["isError"] == true)
    #expect(Self.text(result).contains("Nothing matches"))
  }

  @Test func citeOfWordsNoPassageHasEnoughOfIsAToolErrorNamingTheClosest() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = harness.call("cite", ["query": "toolbar zebra quantum"])["result"]
    #expect(result?["isError"] == true)
    let text = Self.text(result)
    #expect(text.hasPrefix("No passage has enough of the words of 'toolbar zebra quantum'"), "\(text)")
    #expect(text.contains("by its id"))
  }

  @Test func verifyGivesEachQuotationsVerdict() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let document = """
      # Review

      Apple says “\(TestCorpus.scrollingQuote)” ([3:46](\(TestCorpus.talkURL)?time=226)).

      And “Continuous scrolling content like posts don’t displace.” ([3:46](\(TestCorpus.talkURL)?time=226)).
      """
    let result = try #require(harness.call("verify", ["text": .string(document), "file": "review.md"])["result"])
    #expect(result["isError"] == false, "\(Self.text(result))")
    let structured = try #require(result["structuredContent"])
    #expect(structured["total"] == 2)
    #expect(structured["passed"] == false)
    #expect(structured["counts"]?["verified"] == 1)
    #expect(structured["counts"]?["misquoted"] == 1)
    let verdicts = try #require(structured["quotations"]?.arrayValue)
    #expect(verdicts.map { $0["status"] } == ["verified", "misquoted"])
    #expect(verdicts.map { $0["line"] } == [3, 5])
    #expect(verdicts[0]["file"] == "review.md")
    #expect(verdicts[1]["closest"] == .string(TestCorpus.scrollingQuote))
    let schema = try #require(Self.outputSchema(harness, "verify"))
    #expect(SchemaValidator.violation(of: structured, against: schema) == nil)
    // The same engine and the same JSON as `duo-kb verify --format json`.
    let verifier = try KnowledgeBase(home: harness.home).quotationVerifier()
    let report = VerificationReport(checks: [verifier.check(text: document, file: "review.md")], toleranceSeconds: 5)
    #expect(JSONValue.decode(try report.json()) == structured)
  }
}
