import Foundation
import JSON
import MCPServer
import Testing

/// When the corpus changed but the index cannot be rebuilt, the tools answer from the last
/// good index and say so in the log: a tool never fails while that index is on disk.
@Suite struct StaleIndexTests {
  @Test func toolsAnswerFromTheLastGoodIndexAndLogWhy() throws {
    let harness = try ServerHarness()
    _ = harness.initialize()
    let first = try #require(harness.call("search", ["query": "scrolling content"])["result"])
    #expect(first["isError"] == false)
    for document in TestCorpus.documents {
      let url = harness.home.appendingPathComponent("Corpus/documents/\(document.id).json")
      try Data("{\"id\": 7".utf8).write(to: url, options: .atomic)
    }
    for (tool, arguments) in [
      ("search", ["query": JSONValue.string("scrolling content")]),
      ("quote", ["citation": JSONValue.string("wwdc2026/101@3:46")]),
    ] {
      let result = try #require(harness.call(tool, .object(arguments))["result"], "\(tool)")
      #expect(result["isError"] == false, "\(tool): \(result)")
      #expect(result.encodedLine().contains("Continuous scrolling content"), "\(tool): \(result)")
    }
    #expect(
      harness.logs.contains { $0.hasPrefix("answering from the last good index (generation-1), which is stale") },
      "\(harness.logs)")
  }
}
