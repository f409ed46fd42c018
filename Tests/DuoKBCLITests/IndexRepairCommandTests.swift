import DuoKBTestSupport
import Foundation
import Testing

/// quote, cite, verify and audit answer from a rebuilt index when the one on disk is damaged.
@Suite struct IndexRepairCommandTests {
  @Test(
    "Each command rebuilds a damaged index and answers",
    arguments: [
      ["quote", "tech-talks/111463@3:46"], ["cite", "tech-talks/111463@3:46"], ["cite", "scrolling"],
      ["audit", "checklist.md"], ["verify", "report.md"],
    ])
  func rebuildsAndAnswers(arguments: [String]) async throws {
    let home = try await SearchCommandTests().corpus()
    try home.write("- Scrolling content does not displace\n", to: "checklist.md")
    try home.write(
      "Apple: “Continuous scrolling content like articles, feeds, documents, and lists don’t displace.” (3:46) "
        + "[talk](https://developer.apple.com/videos/play/tech-talks/111463/?time=226)\n",
      to: "report.md")
    let env = ["DUO_KB_HOME": home.url.path]
    _ = await runCLI(["index"], environment: env)
    let index = home.url.appendingPathComponent("Index")
    let generation = try String(contentsOf: index.appendingPathComponent("CURRENT"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let store = IndexFiles.url("store.dki", ofGeneration: index.appendingPathComponent(generation))
    var bytes = try Data(contentsOf: store)
    let found = try #require(bytes.range(of: Data("Continuous scrolling".utf8)))
    bytes[found.lowerBound + 3] ^= 0x20
    try bytes.write(to: store)

    let run = await runCLI(arguments, in: home.url, environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stderr.contains("rebuilt the index"), "\(run.stderr)")
    #expect(!run.stdout.contains("ConTinuous"))
  }
}
