import MCPServer
import Testing

/// The handshake era (2025-11-25 basic/lifecycle) and the stateless one (2026-07-28 basic/versioning).
@Suite struct LifecycleTests {
  @Test(
    "initialize answers with the client's revision when served, else the latest legacy one",
    arguments: [
      ("2025-11-25", "2025-11-25"),
      ("2025-06-18", "2025-06-18"),
      ("2025-03-26", "2025-03-26"),
      ("2024-11-05", "2024-11-05"),
      ("2026-07-28", "2025-11-25"),  // the stateless revision has no initialize
      ("1900-01-01", "2025-11-25"),
    ])
  func negotiatesVersion(requested: String, expected: String) throws {
    let harness = try ServerHarness()
    #expect(harness.initialize(requested) == expected)
  }

  @Test func initializeResultDeclaresToolsResourcesAndServer() throws {
    let harness = try ServerHarness()
    let result = harness.request("initialize", ["protocolVersion": "2025-11-25", "capabilities": [:]])["result"]
    #expect(result?["capabilities"]?["tools"] != nil)
    #expect(result?["capabilities"]?["resources"] != nil)
    #expect(result?["serverInfo"]?["name"] == "duo-kb")
    #expect(result?["serverInfo"]?["version"] == "9.9.9")
    #expect(result?["instructions"]?.stringValue?.contains("verbatim") == true)
  }

  @Test func initializeWithoutVersionIsInvalidParams() throws {
    let harness = try ServerHarness()
    #expect(harness.request("initialize", ["capabilities": [:]])["error"]?["code"] == -32602)
  }

  @Test func pingAnswersEmptyResultEvenBeforeInitialize() throws {
    let harness = try ServerHarness()
    #expect(harness.request("ping", id: "p")["result"] == [:])
    #expect(harness.request("ping", id: "p")["id"] == "p")
  }

  @Test func requestBeforeInitializeWithoutMetaIsRejectedWithAClearMessage() throws {
    let harness = try ServerHarness()
    let error = harness.request("tools/list")["error"]
    #expect(error?["code"] == -32602)
    #expect(error?["message"]?.stringValue?.contains("initialize") == true)
    #expect(error?["message"]?.stringValue?.contains("io.modelcontextprotocol/protocolVersion") == true)
  }

  @Test func notificationsGetNoResponse() throws {
    let harness = try ServerHarness()
    #expect(harness.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
    #expect(harness.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#) == nil)
    #expect(harness.send(#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"search"}}"#) == nil)
    #expect(harness.send(#"{"jsonrpc":"2.0","method":"no/such/notification"}"#) == nil)
  }

  @Test func responsesFromTheClientAreIgnored() throws {
    let harness = try ServerHarness()
    #expect(harness.send(#"{"jsonrpc":"2.0","id":7,"result":{}}"#) == nil)
    #expect(harness.send(#"{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"x"}}"#) == nil)
  }

  @Test func unknownMethodIsMethodNotFound() throws {
    let harness = try ServerHarness()
    harness.initialize()
    let error = harness.request("completion/complete")["error"]
    #expect(error?["code"] == -32601)
    #expect(error?["message"]?.stringValue?.contains("completion/complete") == true)
  }

  @Test func idsComeBackAsSent() throws {
    let harness = try ServerHarness()
    #expect(harness.request("ping", id: 42)["id"] == 42)
    #expect(harness.request("ping", id: "abc-1")["id"] == "abc-1")
  }

  // MARK: 2026-07-28

  @Test func discoverListsRevisionsCapabilitiesAndServer() throws {
    let harness = try ServerHarness()
    let result = harness.modern("server/discover")["result"]
    #expect(result?["resultType"] == "complete")
    #expect(result?["supportedVersions"]?.arrayValue?.first == "2026-07-28")
    #expect(result?["supportedVersions"]?.arrayValue?.contains("2025-11-25") == true)
    #expect(result?["capabilities"]?["tools"] != nil)
    #expect(result?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "duo-kb")
    #expect(result?["ttlMs"]?.intValue != nil)
    #expect(result?["cacheScope"] == "private")
  }

  @Test func modernRequestsNeedNoHandshakeAndCarryResultType() throws {
    let harness = try ServerHarness()
    let result = harness.modern("tools/list")["result"]
    #expect(result?["resultType"] == "complete")
    #expect(result?["tools"]?.arrayValue?.isEmpty == false)
    #expect(result?["ttlMs"]?.intValue != nil)
  }

  @Test(
    "An unsupported revision in _meta is UnsupportedProtocolVersion (-32022) listing ours",
    arguments: ["1900-01-01", "2025-11-25"])
  func unsupportedModernVersion(version: String) throws {
    let harness = try ServerHarness()
    let error = harness.modern("tools/list", version: version)["error"]
    #expect(error?["code"] == -32022)
    #expect(error?["data"]?["requested"] == .string(version))
    #expect(error?["data"]?["supported"]?.arrayValue?.contains("2026-07-28") == true)
  }

  @Test func modernRequestWithoutCapabilitiesIsInvalidParams() throws {
    let harness = try ServerHarness()
    let response = harness.request(
      "tools/list", ["_meta": ["io.modelcontextprotocol/protocolVersion": "2026-07-28"]])
    #expect(response["error"]?["code"] == -32602)
    #expect(response["error"]?["message"]?.stringValue?.contains("clientCapabilities") == true)
  }

  @Test func pingIsGoneIn20260728() throws {
    let harness = try ServerHarness()
    #expect(harness.modern("ping")["error"]?["code"] == -32601)
  }

  @Test func bothErasOnOneProcess() throws {
    let harness = try ServerHarness()
    harness.initialize("2025-06-18")
    #expect(harness.request("tools/list")["result"]?["resultType"] == nil)
    #expect(harness.modern("tools/list")["result"]?["resultType"] == "complete")
  }

  @Test func runServesUntilInputEndsAndAnswersOnlyRequests() throws {
    let harness = try ServerHarness()
    let input = """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}
      {"jsonrpc":"2.0","method":"notifications/initialized"}
      {"jsonrpc":"2.0","id":2,"method":"ping"}

      """
    var reader = MessageLineReader(bytes: Array(input.utf8))
    var output: [String] = []
    harness.server.run(input: &reader) { output.append($0) }
    #expect(output.count == 2)
    #expect(output.allSatisfy { !$0.contains("\n") })
  }
}
