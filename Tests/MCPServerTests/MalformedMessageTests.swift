import Foundation
import JSON
import MCPServer
import Testing

/// Bad input never kills the server: each gets a JSON-RPC error (JSON-RPC 2.0 §5.1), and the
/// next message is served.
@Suite struct MalformedMessageTests {
  @Test(
    "Not JSON is a parse error with a null id",
    arguments: [
      "garbage", "{", #"{"jsonrpc":"2.0","id":1,"method":"ping""#, "[1,2", "\u{1}", #"{"a":tru}"#,
    ])
  func parseError(line: String) throws {
    let harness = try ServerHarness()
    let response = harness.send(line)
    #expect(response?["error"]?["code"] == -32700)
    #expect(response?["id"] == .null)
    #expect(harness.request("ping")["result"] == [:])
  }

  @Test func invalidUTF8IsAParseError() throws {
    let harness = try ServerHarness()
    let response = harness.send(bytes: [0x7B, 0xFF, 0xFE, 0x7D])
    #expect(response?["error"]?["code"] == -32700)
  }

  @Test(
    "Invalid requests",
    arguments: [
      (#"42"#, JSONValue.null),
      (#""ping""#, .null),
      (#"{"id":1,"method":"ping"}"#, 1),  // no jsonrpc
      (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, 1),
      (#"{"jsonrpc":"2.0","id":1}"#, 1),  // no method
      (#"{"jsonrpc":"2.0","id":1,"method":7}"#, 1),
      (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, .null),  // MCP: ids are never null
      (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, .null),
      (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, .null),
    ])
  func invalidRequest(line: String, id: JSONValue) throws {
    let harness = try ServerHarness()
    let response = harness.send(line)
    #expect(response?["error"]?["code"] == -32600)
    #expect(response?["id"] == id)
  }

  @Test func paramsThatAreNotAnObjectAreInvalidParams() throws {
    let harness = try ServerHarness()
    #expect(harness.send(#"{"jsonrpc":"2.0","id":3,"method":"ping","params":[1]}"#)?["error"]?["code"] == -32602)
  }

  @Test func oversizedMessageIsAnInvalidRequestAndTheServerGoesOn() throws {
    let harness = try ServerHarness()
    let line = try #require(harness.server.respond(to: .oversized(byteCount: 5_000_000)))
    let response = JSONValue.decode(Data(line.utf8))
    #expect(response?["error"]?["code"] == -32600)
    #expect(response?["error"]?["data"]?["byteCount"] == 5_000_000)
    #expect(harness.request("ping")["result"] == [:])
  }

  @Test func oversizedLineThroughTheReaderIsAnsweredOnce() throws {
    let harness = try ServerHarness()
    let huge = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""# + String(repeating: "y", count: 300) + "\"}}"
    var reader = MessageLineReader(
      bytes: Array((huge + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n").utf8), maxLineBytes: 100)
    var output: [String] = []
    harness.server.run(input: &reader) { output.append($0) }
    #expect(output.count == 2)
    #expect(JSONValue.decode(Data(output[0].utf8))?["error"]?["code"] == -32600)
    #expect(JSONValue.decode(Data(output[1].utf8))?["id"] == 2)
  }

  @Test func deeplyNestedJSONDoesNotCrash() throws {
    let harness = try ServerHarness()
    let depth = 100_000
    let line = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(harness.send(line)?["error"]?["code"] == -32700)
    let object =
      #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":"# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}}"
    #expect(harness.send(object)?["error"]?["code"] == -32700)
    #expect(harness.request("ping")["result"] == [:])
  }

  @Test func batchesAreRejectedOutside20250326() throws {
    let harness = try ServerHarness()
    harness.initialize("2025-11-25")
    let response = harness.send(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
    #expect(response?["error"]?["code"] == -32600)
    #expect(response?["error"]?["message"]?.stringValue?.contains("batch") == true)
  }

  @Test func batchesAreServedUnder20250326() throws {
    let harness = try ServerHarness()
    harness.initialize("2025-03-26")
    let response = harness.send(
      #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"}]"#
    )
    let responses = try #require(response?.arrayValue)
    #expect(responses.count == 2)
    #expect(responses[0]["result"] == [:])
    #expect(responses[1]["error"]?["code"] == -32601)
    #expect(harness.send(#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#) == nil)
    #expect(harness.send("[]")?["error"]?["code"] == -32600)
  }
}
