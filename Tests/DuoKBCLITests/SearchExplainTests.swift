import DuoKBTestSupport
import Foundation
import Testing

/// `duo-kb search --explain`: why each hit ranked where it did, in text and in JSON.
@Suite struct SearchExplainTests {
  func sampleHome() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    try FileManager.default.copyItem(
      at: ConformanceData.repositoryRoot.appendingPathComponent("Corpus"),
      to: scratch.url.appendingPathComponent("Corpus"))
    return scratch
  }

  @Test func textShowsEachWordsPartUnderEachHit() async throws {
    let home = try sampleHome()
    let env = ["DUO_KB_HOME": home.url.path]
    let plain = await runCLI(["search", "scrolling content displace", "--limit", "3"], environment: env)
    let run = await runCLI(["search", "scrolling content displace", "--limit", "3", "--explain"], environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("   score ") }.count == 3, "\(run.stdout)")
    for word in ["scrolling", "content", "displace"] {
      #expect(lines.contains { $0.hasPrefix("     \(word)") && $0.contains("idf ") }, "\(word)\n\(run.stdout)")
    }
    // The hits, their order and the closing line are the same as without --explain.
    let unexplained = lines.filter { !$0.hasPrefix("   score ") && !$0.hasPrefix("     ") }
    #expect(unexplained == plain.stdout.split(separator: "\n").map(String.init))
  }

  @Test func jsonPartsAddUpToTheScore() async throws {
    let home = try sampleHome()
    let env = ["DUO_KB_HOME": home.url.path]
    let run = await runCLI(
      ["search", "what happens to the tab bar on the outer display", "--format", "json", "--explain"], environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
    for result in results {
      let explain = try #require(result["explain"] as? [String: Any])
      let clauses = try #require(explain["clauses"] as? [[String: Any]])
      let scores = clauses.compactMap { $0["score"] as? Double }
      #expect(scores.count == clauses.count)
      let sum = try #require(explain["sum"] as? Double)
      // Every number is rounded to four decimals: the parts agree within that rounding.
      #expect(abs(scores.reduce(0, +) - sum) <= 0.0001 * Double(clauses.count + 1))
      let coverage = try #require(explain["coverage"] as? Double)
      let exponent = try #require(explain["coordinationExponent"] as? Double)
      let naming = try #require(explain["naming"] as? Double)
      let score = try #require(result["score"] as? Double)
      #expect(explain["score"] as? Double == score)
      #expect(abs(sum * pow(coverage, exponent) * naming - score) <= 0.001 * max(1, score))
    }
    let plain = await runCLI(
      ["search", "what happens to the tab bar on the outer display", "--format", "json"], environment: env)
    #expect(!plain.stdout.contains("\"explain\""))
  }

  @Test func markdownAndStrictSayWhatTheyCannotExplain() async throws {
    let home = try sampleHome()
    let env = ["DUO_KB_HOME": home.url.path]
    let markdown = await runCLI(["search", "tab bar", "--format", "markdown", "--explain"], environment: env)
    #expect(markdown.status == .usage)
    #expect(markdown.stderr.contains("--explain shows in text and json"))
    let strict = await runCLI(["search", "tab bar", "--strict", "--explain", "--limit", "1"], environment: env)
    #expect(strict.status == .success)
    #expect(strict.stdout.contains("(not broken down: a strict search ranks by BM25"))
  }
}
