import DocumentModel
import JSON
import Testing

@testable import MCPServer

/// Documentation pages through the assistant's tools: found by `kind: doc`, quoted by their
/// section's id, cited as Apple Developer Documentation, and a deprecated API flagged as
/// such in every answer.
@Suite struct DocumentationToolTests {
  static let deprecatedID = "doc/foundation/nsdata/getbytes-_-4c1f09a2"

  static var deprecatedPage: Document {
    var document = Document(
      id: deprecatedID, kind: .doc, title: "getBytes(_:)",
      url: "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)",
      passages: [
        Passage(
          kind: .text, text: "Copies a data object’s contents into a given buffer.", anchor: "overview",
          heading: "Overview"),
        Passage(
          kind: .code, text: "func getBytes(_ buffer: UnsafeMutableRawPointer)", anchor: "declaration",
          heading: "Declaration"),
      ],
      sections: [
        SectionHeading(title: "Overview", anchor: "overview", level: 2),
        SectionHeading(title: "Declaration", anchor: "declaration", level: 2),
      ])
    document.documentation = DocumentationMetadata(
      role: "symbol", symbolKind: "method", roleHeading: "Instance Method", modules: ["Foundation"],
      platforms: [PlatformAvailability(name: "iOS", introduced: "2.0", deprecated: "8.0")],
      deprecationSummary: "Use getBytes(_:length:) instead.")
    return document
  }

  @Test func searchQuoteAndCiteADeprecatedSymbol() throws {
    let harness = try ServerHarness(documents: TestCorpus.documents + [Self.deprecatedPage])
    harness.initialize()
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    let schema = try #require(tools.first { $0["name"] == "search" }?["outputSchema"])
    let found = try #require(
      harness.call("search", ["query": "contents buffer", "kind": "doc"])["result"]?["structuredContent"])
    #expect(SchemaValidator.violation(of: found, against: schema) == nil)
    let hit = try #require(found["results"]?.arrayValue?.first)
    #expect(hit["source"]?["kind"] == "doc")
    #expect(hit["source"]?["deprecated"] == true)
    #expect(hit["citation"] == .string(Self.deprecatedID + "#overview"))
    #expect(
      hit["link"] == "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)#overview")
    // Talks and HIG pages are not documentation; every hit is of the page, and deprecated.
    let results = try #require(found["results"]?.arrayValue)
    #expect(results.allSatisfy { $0["source"]?["id"] == .string(Self.deprecatedID) }, "\(results)")
    #expect(results.allSatisfy { $0["source"]?["deprecated"] == true })

    let quoted = try #require(
      harness.call("quote", ["citation": .string(Self.deprecatedID + "#declaration")])["result"])
    #expect(quoted["isError"] == false)
    #expect(
      quoted["structuredContent"]?["target"]?["quote"] == "func getBytes(_ buffer: UnsafeMutableRawPointer)")

    let cited = try #require(
      harness.call("cite", ["query": .string(Self.deprecatedID + "#overview"), "format": "text"])["result"])
    #expect(cited["isError"] == false)
    let text = cited["structuredContent"]?["text"]?.stringValue ?? ""
    #expect(text.contains("Apple Developer Documentation"), "\(text)")
    #expect(text.contains("deprecated API: not to be cited as current"), "\(text)")
    let bibtex =
      harness.call("cite", ["query": .string(Self.deprecatedID + "#overview"), "format": "bibtex"])[
        "result"]?["structuredContent"]?["text"]?.stringValue ?? ""
    #expect(bibtex.contains("addendum = {Deprecated}"), "\(bibtex)")
  }
}
