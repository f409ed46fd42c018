import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// `duo-kb cite`, the MCP `cite` tool, `/api/cite` and the page's copy buttons (which copy
/// `/api/cite`'s `text`) give the same citation, byte for byte, from the same document
/// metadata: the day published and the day fetched, not the index's year alone.
@Suite(.serialized) struct CitationSurfacesTests {
  /// The fixtures with what a harvest records beyond the index: a day published, a day fetched.
  static let documents: [Document] = {
    var talk = CitationFixtures.designTalk()
    talk.published = "2026-03-04"
    talk.fetch = FetchMetadata(
      sourceURL: talk.url, fetchedAt: "2026-11-20T08:00:00Z")
    var page = CitationFixtures.layoutPage()
    page.fetch = FetchMetadata(sourceURL: page.url, fetchedAt: "2026-11-21T09:30:00Z")
    return [talk, CitationFixtures.toolbarTalk(), page]
  }()

  static let inputs = [
    "tech-talks/900001@0:40", "hig/testing-layout#Best-practices", "hig/testing-layout#Folding", "toolbar outer",
  ]

  func mcpText(_ fixture: ServerFixture, session: String, query: String, format: String) throws -> String? {
    let arguments = try JSONSerialization.data(withJSONObject: ["query": query, "format": format])
    let body = """
      {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"cite","arguments":\
      \(String(decoding: arguments, as: UTF8.self))}}
      """
    let call = try fixture.client.post(
      "/mcp", contentType: "application/json", body,
      headers: [("Accept", "application/json, text/event-stream"), ("Mcp-Session-Id", session)])
    let content = (call.object["result"] as? [String: Any])?["content"] as? [[String: Any]]
    return content?.first?["text"] as? String
  }

  @Test("CLI, MCP, /api/cite and the copy buttons agree byte for byte in every format")
  func everySurfaceAgrees() async throws {
    let fixture = try ServerFixture(documents: Self.documents)
    let opened = try fixture.client.post(
      "/mcp", contentType: "application/json", MCPOverHTTPTests.initialize,
      headers: [MCPOverHTTPTests.accept])
    let session = try #require(opened.headers["mcp-session-id"])
    for input in Self.inputs {
      for format in CitationFormat.allCases.map(\.rawValue) where format != "json" {
        let cli = await fixture.cli(["cite", input, "--format", format])
        #expect(cli.status == 0, "\(input) \(format)")
        let query = input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? input
        let api = try fixture.client.get("/api/cite?id=\(query)&format=\(format)")
        #expect(api.status == 200, "\(input) \(format)")
        let apiText = api.object["text"] as? String
        #expect(apiText.map { $0 + "\n" } == cli.stdout, "\(input) \(format): API and CLI")
        let mcp = try mcpText(fixture, session: session, query: input, format: format)
        #expect(mcp == apiText, "\(input) \(format): MCP and API")
      }
      let cliJSON = await fixture.cli(["cite", input, "--format", "json"])
      let query = input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? input
      let apiJSON = try fixture.client.get("/api/cite?id=\(query)&format=json")
      #expect(decodedJSON(cliJSON.stdout) == decodedJSON(apiJSON.body), "\(input) json")
    }
  }

  @Test("The cited talk has its day published and the day it was fetched on every surface")
  func datesComeFromTheDocument() async throws {
    let fixture = try ServerFixture(documents: Self.documents)
    let bibtex = try fixture.client.get("/api/cite?id=tech-talks/900001@0:40&format=bibtex")
    let text = try #require(bibtex.object["text"] as? String)
    #expect(text.contains("date = {2026-03-04}"))
    #expect(text.contains("urldate = {2026-11-20}"))
    let csl = try fixture.client.get("/api/cite?id=tech-talks/900001@0:40&format=csl-json")
    let cslText = try #require(csl.object["text"] as? String)
    #expect(cslText.contains("\"accessed\""))
  }
}
