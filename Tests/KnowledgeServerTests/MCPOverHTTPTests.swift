import Foundation
import Testing

/// MCP over Streamable HTTP at /mcp: sessions, JSON and SSE answers, and refusals.
@Suite(.serialized) struct MCPOverHTTPTests {
  static let initialize = """
    {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
    "capabilities":{},"clientInfo":{"name":"test","version":"1"}}}
    """
  static let accept = ("Accept", "application/json, text/event-stream")

  func post(_ fixture: ServerFixture, _ body: String, session: String? = nil, accept: String? = nil) throws
    -> RawResponse
  {
    var headers = [("Accept", accept ?? Self.accept.1)]
    if let session { headers.append(("Mcp-Session-Id", session)) }
    return try fixture.client.post("/mcp", contentType: "application/json", body, headers: headers)
  }

  @Test("initialize opens a session; its requests answer as on stdio; DELETE ends it")
  func sessionLifecycle() throws {
    let fixture = try ServerFixture()
    let opened = try post(fixture, Self.initialize)
    #expect(opened.status == 200)
    let session = try #require(opened.headers["mcp-session-id"])
    #expect(session.count == 32 && session.allSatisfy(\.isHexDigit))
    let result = opened.object["result"] as? [String: Any]
    #expect(result?["protocolVersion"] as? String == "2025-06-18")
    #expect((result?["instructions"] as? String)?.contains("exact words") == true)
    #expect(
      try post(fixture, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, session: session).status == 202)
    let call = try post(
      fixture,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"toolbar side"}}}"#,
      session: session)
    #expect(call.status == 200)
    let structured = ((call.object["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
    let api = try fixture.client.get("/api/search?q=toolbar+side&limit=10")
    #expect(structured.map { NSDictionary(dictionary: $0) } == NSDictionary(dictionary: api.object))
    let delete = try fixture.client.request("DELETE", "/mcp", headers: [("Mcp-Session-Id", session)])
    #expect(delete.status == 204)
    #expect(try post(fixture, #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#, session: session).status == 404)
  }

  @Test("A client that accepts only server-sent events gets the response as one event")
  func sseResponse() throws {
    let fixture = try ServerFixture()
    let response = try post(fixture, Self.initialize, accept: "text/event-stream")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "text/event-stream")
    #expect(response.text.hasPrefix("event: message\ndata: {"))
    #expect(response.text.hasSuffix("}\n\n"))
  }

  @Test("Without a session, legacy requests are 400 and an unknown session 404; 2026-07-28 needs none")
  func sessionsAreRequiredForLegacy() throws {
    let fixture = try ServerFixture()
    let list = #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#
    #expect(try post(fixture, list).status == 400)
    #expect(try post(fixture, list, session: "0123456789abcdef0123456789abcdef").status == 404)
    let modern = """
      {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{\
      "io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
      """
    let response = try post(fixture, modern)
    #expect(response.status == 200)
    let tools = ((response.object["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []).compactMap {
      $0["name"] as? String
    }
    #expect(tools.contains("search"))
  }

  @Test("Bad JSON is a parse error with 400; a wrong media type, Accept or protocol version is refused")
  func malformedRequests() throws {
    let fixture = try ServerFixture()
    let broken = try post(fixture, #"{"jsonrpc":"2.0","id":1,"#)
    #expect(broken.status == 400)
    #expect((broken.object["error"] as? [String: Any])?["code"] as? Int == -32700)
    let text = try fixture.client.post("/mcp", contentType: "text/plain", "{}", headers: [Self.accept])
    #expect(text.status == 415)
    #expect(try post(fixture, Self.initialize, accept: "text/html").status == 406)
    let version = try fixture.client.post(
      "/mcp", contentType: "application/json", Self.initialize,
      headers: [Self.accept, ("MCP-Protocol-Version", "1999-01-01")])
    #expect(version.status == 400)
    let get = try fixture.client.get("/mcp", headers: [Self.accept])
    #expect(get.status == 405)
  }
}
