import Foundation
import JSON
import Testing

@testable import MCPServer

/// The tools, prompts and description an assistant needs beyond search: audit, documents,
/// status; prompts/list and prompts/get; the instructions of initialize.
@Suite struct AssistantToolTests {
  static func outputSchema(_ harness: ServerHarness, _ name: String) throws -> JSONValue {
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    return try #require(tools.first { $0["name"] == .string(name) }?["outputSchema"])
  }

  @Test("tools/list offers audit, documents and status, every tool read-only and idempotent")
  func newToolsAreListedWithAnnotations() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let tools = try #require(harness.request("tools/list")["result"]?["tools"]?.arrayValue)
    #expect(
      tools.compactMap { $0["name"]?.stringValue } == [
        "search", "quote", "cite", "verify", "audit", "documents", "status",
      ])
    for tool in tools {
      #expect(tool["annotations"]?["readOnlyHint"] == true)
      #expect(tool["annotations"]?["idempotentHint"] == true)
    }
  }

  @Test("audit returns each rule with its cited quotes, and flags what nothing supports")
  func auditSupportsAndFlags() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let checklist = "- Place a vertical toolbar along the hinge\n- Use purple gradients everywhere\n"
    let result = harness.call("audit", ["checklist": .string(checklist), "quotesPerRule": 2])["result"]
    #expect(result?["isError"] == false)
    let structured = try #require(result?["structuredContent"])
    #expect(SchemaValidator.violation(of: structured, against: try Self.outputSchema(harness, "audit")) == nil)
    let items = try #require(structured["items"]?.arrayValue)
    #expect(items.count == 2)
    #expect(items[0]["supported"] == true)
    #expect(items[0]["quotes"]?.arrayValue?.first?["quote"] == "Place a vertical toolbar along the hinge.")
    #expect(items[0]["quotes"]?.arrayValue?.first?["citation"] == "hig/designing-for-iphone-duo#Toolbars")
    #expect(items[1]["supported"] == false)
    #expect(structured["unsupported"] == 1)
  }

  @Test("audit of an empty checklist is a tool error a model can act on")
  func auditOfNothing() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let result = harness.call("audit", ["checklist": "no list here"])["result"]
    #expect(result?["isError"] == true)
    #expect(
      result?["content"]?.arrayValue?.first?["text"]?.stringValue?.hasPrefix("The checklist cannot be read") == true)
  }

  @Test("documents lists what the knowledge base holds, filtered by kind, event and year")
  func documentsList() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let all = try #require(harness.call("documents", [:])["result"]?["structuredContent"])
    #expect(SchemaValidator.violation(of: all, against: try Self.outputSchema(harness, "documents")) == nil)
    #expect(all["total"] == 2)
    #expect(all["kinds"] == ["talk": 1, "hig": 1])
    let talks = try #require(harness.call("documents", ["kind": "talk", "year": 2026])["result"]?["structuredContent"])
    #expect(talks["documents"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["wwdc2026/101"])
    let none = try #require(harness.call("documents", ["event": "wwdc2019"])["result"]?["structuredContent"])
    #expect(none["total"] == 0)
  }

  @Test("status reports what the server was given, and says so when it was given nothing")
  func status() throws {
    let harness = try ServerHarness(status: { ["indexMatchesCorpus": true, "refreshes": 3] as [String: JSONValue] })
    harness.initialize()
    let result = harness.call("status", [:])["result"]
    #expect(result?["structuredContent"]?["refreshes"] == 3)
    let bare = try ServerHarness()
    bare.initialize()
    #expect(bare.call("status", [:])["result"]?["isError"] == true)
  }

  @Test("initialize describes the server and offers prompts")
  func initializeDescribes() throws {
    let harness = try ServerHarness()
    let response = harness.request(
      "initialize",
      ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]])
    let result = try #require(response["result"])
    #expect(result["capabilities"]?["prompts"] != nil)
    let instructions = try #require(result["instructions"]?.stringValue)
    for word in ["`audit`", "`documents`", "`status`", "quote-apple"] { #expect(instructions.contains(word)) }
  }

  @Test("prompts/list names each prompt and its arguments; prompts/get fills them in")
  func prompts() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let prompts = try #require(harness.request("prompts/list")["result"]?["prompts"]?.arrayValue)
    #expect(prompts.compactMap { $0["name"]?.stringValue } == ["quote-apple", "audit-checklist", "verify-draft"])
    #expect(prompts[0]["arguments"]?.arrayValue?.first?["required"] == true)
    let got = harness.request("prompts/get", ["name": "quote-apple", "arguments": ["topic": "toolbars on the hinge"]])
    let message = try #require(got["result"]?["messages"]?.arrayValue?.first)
    #expect(message["role"] == "user")
    let text = try #require(message["content"]?["text"]?.stringValue)
    #expect(text.contains("toolbars on the hinge"))
    #expect(text.contains("`search`") && text.contains("`verify`"))
    let missing = harness.request("prompts/get", ["name": "audit-checklist"])
    #expect(missing["error"]?["code"] == -32602)
    #expect(missing["error"]?["message"]?.stringValue?.contains("'checklist'") == true)
    let unknown = harness.request("prompts/get", ["name": "nothing"])
    #expect(unknown["error"]?["code"] == -32602)
  }
}
