import DuoKBCLI
import Foundation
import JSON
import MCPServer
import Testing

/// The `search` tool's structured result and `duo-kb search --format json` are one shape.
@Suite struct SearchShapeTests {
  @Test("Same JSON as the CLI", arguments: ["scrolling content", "toolbar", "displays"])
  func sameAsCommandLine(query: String) async throws {
    let harness = try ServerHarness()
    harness.initialize()
    let structured = harness.call("search", ["query": .string(query), "limit": 5])["result"]?["structuredContent"]
    let out = BufferOutput()
    let status = await DuoKBCLI.run(
      ["search", "--home", harness.home.path, "--format", "json", "--limit", "5", query],
      environment: ["HOME": harness.home.path], workingDirectory: harness.home, stdout: out, stderr: BufferOutput(),
      standardInput: { Data() })
    #expect(status == .success)
    let printed = JSONValue.decode(Data(out.text.utf8))
    // Both through the same decoder, so numbers compare alike.
    let served = structured.flatMap { JSONValue.decode(Data($0.encodedLine().utf8)) }
    #expect(served != nil)
    #expect(served == printed)
  }
}
