import DuoKBTestSupport
import Foundation
import MCPServer
import Testing

/// A tool that finds the index damaged after the server opened it rebuilds it once and
/// answers from the new one: the damaged text is never returned.
@Suite struct IndexRepairTests {
  @Test func damagedPassageTextIsRebuiltAndAnsweredExactly() throws {
    let harness = try ServerHarness()
    _ = harness.initialize()
    // The server opens the index with another search: a passage it read as a hit stays as
    // it was read and checked (a segment keeps its recent hits), so the damage below is
    // found by the first read of that passage after it.
    let first = try #require(harness.call("search", ["query": "welcome session"])["result"])
    #expect(first["isError"] == false)
    let firstQuotes = first["structuredContent"]?["results"]?.arrayValue?.compactMap { $0["quote"]?.stringValue }
    #expect(firstQuotes?.isEmpty == false && firstQuotes?.contains(TestCorpus.scrollingQuote) == false)

    let index = harness.home.appendingPathComponent("Index")
    let generation = try String(contentsOf: index.appendingPathComponent("CURRENT"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let store = IndexFiles.url("store.dki", ofGeneration: index.appendingPathComponent(generation))
    var bytes = try Data(contentsOf: store)
    let quote = Data(TestCorpus.scrollingQuote.utf8)
    let found = try #require(bytes.range(of: quote), "the passage text is stored verbatim")
    bytes[found.lowerBound + 3] ^= 0x20  // "Continuous" becomes "ConTinuous"
    try bytes.write(to: store)

    let second = try #require(harness.call("search", ["query": "scrolling content"])["result"])
    #expect(second["isError"] == false)
    let quotes = second["structuredContent"]?["results"]?.arrayValue?.compactMap { $0["quote"]?.stringValue } ?? []
    #expect(quotes.contains(TestCorpus.scrollingQuote))
    #expect(!quotes.contains { $0.contains("ConTinuous") })
    #expect(harness.logs.contains { $0.hasPrefix("rebuilt the index") })
  }
}
