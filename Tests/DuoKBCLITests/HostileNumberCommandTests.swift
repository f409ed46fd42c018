import Foundation
import Testing

/// Numbers from the command line or the home that do not fit give a clear answer, never a trap.
@Suite struct HostileNumberCommandTests {
  @Test(
    "Options past their bound are usage errors",
    arguments: [
      (["refresh", "--jobs", "2305843009213693952"], "--jobs takes at most 64"),
      (["refresh", "--jobs", "9223372036854775808"], "--jobs needs a positive whole number"),
      (["search", "scrolling", "--limit", "9223372036854775807"], "--limit takes at most 10000"),
      (["audit", "checklist.md", "--quotes", "51"], "--quotes takes at most 50"),
    ])
  func optionPastItsBound(arguments: [String], message: String) async throws {
    let home = try await SearchCommandTests().corpus()
    try home.write("{\"version\": 1, \"sources\": []}\n", to: "Corpus/sources.json")
    try home.write("- Scrolling\n", to: "checklist.md")
    let run = await runCLI(arguments, in: home.url, environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func documentDatedPastTheYear2262IsIndexed() async throws {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let documents = home.url.appendingPathComponent("Corpus/documents")
    let files = try #require(FileManager.default.enumerator(atPath: documents.path)?.allObjects as? [String])
    let file = try #require(files.first { $0.hasSuffix(".json") })
    // The year 2400: more nanoseconds since 1970 than Int64 holds.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 13_569_465_600)],
      ofItemAtPath: documents.appendingPathComponent(file).path)
    let run = await runCLI(["index"], environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(await runCLI(["status"], environment: env).status == .success)
  }

  @Test func generationFolderNumberedIntMaxDoesNotStopARebuild() async throws {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    #expect(await runCLI(["index"], environment: env).status == .success)
    let stray = home.url.appendingPathComponent("Index/generation-9223372036854775807", isDirectory: true)
    try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
    let run = await runCLI(["index", "--rebuild"], environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let current = try String(contentsOf: home.url.appendingPathComponent("Index/CURRENT"), encoding: .utf8)
    #expect(current.hasPrefix("generation-") && !current.contains("9223372036854775807"))
    #expect(FileManager.default.fileExists(atPath: stray.path), "a folder that is not ours is left alone")
    #expect(await runCLI(["search", "scrolling"], environment: env).status == .success)
  }
}
