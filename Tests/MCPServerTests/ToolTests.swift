import Foundation
import JSON
import Testing

@testable import MCPServer

@Suite struct ToolTests {
  @Test func toolsListGivesSchemasForInputAndOutput() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    #expect(!tools.isEmpty)
    for tool in tools {
      #expect(tool["inputSchema"]?["type"] == "object")
      #expect(tool["inputSchema"]?["additionalProperties"] == false)
      #expect(tool["outputSchema"]?["type"] == "object")
      #expect(tool["description"]?.stringValue?.contains("exact") == true)
      #expect(tool["annotations"]?["readOnlyHint"] == true)
    }
    let search = try #require(tools.first { $0["name"] == "search" })
    #expect(search["inputSchema"]?["required"] == ["query"])
    #expect(search["inputSchema"]?["properties"]?["limit"]?["type"] == "integer")
    #expect(search["inputSchema"]?["properties"]?["kind"]?["enum"] == ["talk", "hig", "doc", "code"])
    #expect(search["outputSchema"]?["required"] == ["version", "query", "total", "partialMatches", "results"])
  }

  @Test func before20250618ThereIsNoOutputSchemaNorStructuredContent() throws {
    let harness = try ServerHarness()
    harness.initialize("2024-11-05")
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    #expect(tools.allSatisfy { $0["outputSchema"] == nil })
    let result = harness.call("search", ["query": "scrolling"])["result"]
    #expect(result?["structuredContent"] == nil)
    #expect(result?["content"]?.arrayValue?.count == 1)
  }

  @Test func searchAnswersWithTheExactQuoteItsTimeLinkAndCitation() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = try #require(harness.call("search", ["query": "scrolling content", "limit": 3])["result"])
    #expect(result["isError"] == false)
    let structured = try #require(result["structuredContent"])
    #expect(structured["query"] == "scrolling content")
    #expect(structured["total"] == 1)
    let hit = try #require(structured["results"]?.arrayValue?.first)
    #expect(hit["quote"] == .string(TestCorpus.scrollingQuote))
    #expect(hit["link"] == .string(TestCorpus.talkURL + "?time=226"))
    #expect(hit["timestamp"] == "3:46")
    #expect(hit["citation"] == "wwdc2026/101@3:46")
    #expect(hit["speaker"] == "Maria")
    #expect(hit["start"] == 226.4)
    #expect(hit["anchor"] == .null)
    #expect(hit["source"]?["id"] == "wwdc2026/101")
    #expect(hit["source"]?["kind"] == "talk")
    #expect(hit["source"]?["title"] == "Meet iPhone Duo")
    #expect(hit["source"]?["url"] == .string(TestCorpus.talkURL))
    #expect(hit["source"]?["year"] == 2026)
    let text = try #require(result["content"]?.arrayValue?.first)
    #expect(text["type"] == "text")
    #expect(JSONValue.decode(Data((text["text"]?.stringValue ?? "").utf8)) == structured)
  }

  static let searches: [JSONValue] = [
    ["query": "scrolling"], ["query": "toolbar", "kind": "hig"], ["query": "toolbar", "kind": "code"],
    ["query": "nothing-matches-this"], ["query": "displays", "source": "hig/designing-for-iphone-duo", "limit": 1],
  ]

  @Test("Every structured result fits the tool's output schema", arguments: searches)
  func structuredResultFitsOutputSchema(arguments: JSONValue) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    let schema = try #require(tools.first { $0["name"] == "search" }?["outputSchema"])
    let structured = try #require(harness.call("search", arguments)["result"]?["structuredContent"])
    #expect(SchemaValidator.violation(of: structured, against: schema) == nil)
  }

  @Test func explainBreaksEachScoreDownAndFitsTheSchema() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    let schema = try #require(tools.first { $0["name"] == "search" }?["outputSchema"])
    let explained = try #require(
      harness.call("search", ["query": "scrolling content", "explain": true])["result"]?["structuredContent"])
    #expect(SchemaValidator.violation(of: explained, against: schema) == nil)
    let hits = try #require(explained["results"]?.arrayValue)
    #expect(!hits.isEmpty)
    for hit in hits {
      #expect(hit["explain"]?["score"] == hit["score"])
      #expect(hit["explain"]?["clauses"]?.arrayValue?.isEmpty == false)
    }
    let plain = harness.call("search", ["query": "scrolling content"])["result"]?["structuredContent"]
    #expect(plain?["results"]?.arrayValue?.allSatisfy { $0["explain"] == nil } == true)
  }

  @Test func kindAndSourceNarrowTheSearch() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let hig = harness.call("search", ["query": "toolbar", "kind": "hig"])["result"]?["structuredContent"]
    let hit = try #require(hig?["results"]?.arrayValue?.first)
    #expect(hit["source"]?["kind"] == "hig")
    #expect(hit["anchor"] == "Toolbars")
    #expect(hit["link"] == .string(TestCorpus.pageURL + "#Toolbars"))
    #expect(hit["timestamp"] == .null)
    let code = harness.call("search", ["query": "toolbar", "kind": "code"])["result"]?["structuredContent"]
    #expect(code?["results"]?.arrayValue?.first?["source"]?["kind"] == "code")
    let talkOnly = harness.call("search", ["query": "displays", "source": "wwdc2026/101"])["result"]?[
      "structuredContent"]
    #expect(talkOnly?["results"]?.arrayValue?.allSatisfy { $0["source"]?["id"] == "wwdc2026/101" } == true)
  }

  static let badArgumentCases: [(JSONValue, String)] = [
    ([:], "missing required argument 'query'"),
    (["query": 5], "'query' must be a string"),
    (["query": ""], "'query' must not be empty"),
    (["query": "a", "limit": "ten"], "'limit' must be an integer"),
    (["query": "a", "limit": 0], "'limit' must be at least 1"),
    (["query": "a", "limit": 500], "'limit' must be at most 50"),
    (["query": "a", "limit": 2.5], "'limit' must be an integer"),
    (["query": "a", "kind": "video"], "'kind' must be one of: talk, hig, doc, code"),
    (["query": "a", "colour": "red"], "unknown argument 'colour'"),
  ]

  @Test("Arguments that do not fit the input schema are tool errors that say what to fix", arguments: badArgumentCases)
  func badArguments(arguments: JSONValue, message: String) throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = try #require(harness.call("search", arguments)["result"])
    #expect(result["isError"] == true)
    let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(text.contains(message), "\(text)")
    #expect(result["structuredContent"] == nil)
  }

  @Test func argumentsThatAreNotAnObjectAreInvalidParams() throws {
    let harness = try ServerHarness()
    harness.initialize()
    #expect(harness.request("tools/call", ["name": "search", "arguments": "q"])["error"]?["code"] == -32602)
    #expect(harness.request("tools/call", ["arguments": [:]])["error"]?["code"] == -32602)
  }

  @Test func unknownToolIsAProtocolErrorNamingTheTools() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let error = harness.call("serch", ["query": "a"])["error"]
    #expect(error?["code"] == -32602)
    #expect(error?["message"]?.stringValue?.contains("Unknown tool: serch") == true)
    #expect(error?["message"]?.stringValue?.contains("search") == true)
  }

  @Test func queryThatDoesNotParseIsAToolError() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = harness.call("search", ["query": "\"unclosed phrase"])["result"]
    #expect(result?["isError"] == true)
    #expect(result?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("column") == true)
  }

  @Test func emptyCorpusIsAClearToolErrorNotACrash() throws {
    let harness = try ServerHarness(documents: [])
    harness.initialize()
    let result = harness.call("search", ["query": "anything"])["result"]
    #expect(result?["isError"] == true)
    let text = result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(text.contains("no documents"))
    #expect(text.contains("duo-kb refresh"))
    #expect(harness.request("resources/list")["result"]?["resources"] == [])
  }

  @Test func theIndexIsBuiltWhenMissingAndSaidSoOnTheLog() throws {
    let harness = try ServerHarness()
    harness.initialize()
    _ = harness.call("search", ["query": "scrolling"])
    #expect(harness.logs.contains { $0.contains("built the index") })
    #expect(FileManager.default.fileExists(atPath: harness.home.appendingPathComponent("Index").path))
  }

  @Test func modernToolCallCarriesResultTypeAndStructuredContent() throws {
    let harness = try ServerHarness()
    let result = harness.modern("tools/call", ["name": "search", "arguments": ["query": "scrolling"]])["result"]
    #expect(result?["resultType"] == "complete")
    #expect(result?["structuredContent"]?["total"] == 1)
  }
}
