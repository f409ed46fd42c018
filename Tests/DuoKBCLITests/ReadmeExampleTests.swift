import DuoKBTestSupport
import Foundation
import Testing

/// README.md shows what `duo-kb search` prints on the sample corpus; this keeps it true.
@Suite struct ReadmeExampleTests {
  /// The example block: the command line, then what it prints, `…` standing for lines left out.
  static func example() throws -> (query: String, shown: [String]) {
    let readme = try String(
      contentsOf: ConformanceData.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "```\n$ duo-kb search \""))
    let block = readme[start.upperBound...]
    let end = try #require(block.range(of: "\n```"))
    let lines = block[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The first line is the rest of the command: the query and its closing quote.
    let query = try #require(lines.first?.split(separator: "\"", omittingEmptySubsequences: false).first)
    return (String(query), Array(lines.dropFirst()))
  }

  @Test func theSearchExampleIsWhatTheCLIPrints() async throws {
    let (query, shown) = try Self.example()
    #expect(query == "scrolling content displace")
    let scratch = try ScratchDirectory()
    try FileManager.default.copyItem(
      at: ConformanceData.repositoryRoot.appendingPathComponent("Corpus"),
      to: scratch.url.appendingPathComponent("Corpus"))
    let run = await runCLI(["search", query], in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .success)
    let printed = run.stdout.split(separator: "\n").map(String.init)
    let head = Array(shown.prefix { $0 != "…" })
    let tail = Array(shown.drop { $0 != "…" }.dropFirst())
    #expect(!head.isEmpty)
    #expect(Array(printed.prefix(head.count)) == head)
    #expect(Array(printed.suffix(tail.count)) == tail)
    #expect(head.count + tail.count <= printed.count)
  }
}
