import DuoKBTestSupport
import Foundation
import Testing

/// `duo-kb check` reads every byte of the index and every corpus document: a flipped byte
/// anywhere in an index file is reported with exit status 1, a clean home gives 0.
@Suite struct CheckCommandTests {
  func indexedHome() async throws -> (ScratchDirectory, [String: String]) {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    #expect(await runCLI(["index"], environment: env).status == .success)
    return (home, env)
  }

  func generation(_ home: ScratchDirectory) throws -> URL {
    let name = try home.read("Index/CURRENT").trimmingCharacters(in: .whitespacesAndNewlines)
    return home.url.appendingPathComponent("Index/\(name)")
  }

  func findings(_ run: CLIRun) throws -> [[String: String]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return try #require(object["findings"] as? [[String: String]])
  }

  @Test func aCleanHomeIsAllGood() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let run = await runCLI(["check"], environment: env)
    #expect(run.status == .success, "\(run.stdout) \(run.stderr)")
    #expect(run.stdout.contains("index: generation-1, 3 documents, 4 passages"), "\(run.stdout)")
    #expect(run.stdout.contains("ok      postings.dki"), "\(run.stdout)")
    #expect(run.stdout.hasSuffix("all good\n"), "\(run.stdout)")
    let json = await runCLI(["check", "--format", "json"], environment: env)
    #expect(json.status == .success)
    #expect(try findings(json).isEmpty)
  }

  @Test(
    "A flipped byte in any index file is found",
    arguments: [
      ("terms.dki", 0.0), ("terms.dki", 0.5), ("terms.dki", 1.0),
      ("postings.dki", 0.0), ("postings.dki", 0.5), ("postings.dki", 1.0),
      ("store.dki", 0.0), ("store.dki", 0.5), ("store.dki", 1.0),
    ])
  func flippedByteIsFound(file: String, position: Double) async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let url = IndexFiles.url(file, ofGeneration: try generation(home))
    var bytes = try Data(contentsOf: url)
    let offset = min(bytes.count - 1, Int(Double(bytes.count) * position))
    bytes[offset] ^= 0x10
    try bytes.write(to: url)

    let run = await runCLI(["check"], environment: env)
    #expect(run.status == .failure, "\(run.stdout)")
    #expect(run.stdout.contains("DAMAGED \(file)"), "\(run.stdout)")
    #expect(run.stdout.contains("\(file): damaged:"), "\(run.stdout)")
    #expect(run.stdout.contains("'duo-kb index --rebuild'"), "\(run.stdout)")
    let json = await runCLI(["check", "--format", "json"], environment: env)
    #expect(json.status == .failure)
    let found = try findings(json)
    #expect(found.contains { $0["subject"] == file && $0["kind"] == "damaged" }, "\(found)")
    #expect(found.allSatisfy { $0["subject"] == file }, "only the flipped file: \(found)")
  }

  @Test func aDocumentEditedInPlaceIsAMismatchThatTheFingerprintMisses() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let path = "Corpus/documents/tech-talks/111462.json"
    let edited = try home.read(path).replacingOccurrences(of: "custom view", with: "custom VIEW")
    try Data(edited.utf8).write(to: home.url.appendingPathComponent(path))  // in place: no folder changes
    #expect(await runCLI(["status"], environment: env).stdout.contains("matches the corpus"))
    let run = await runCLI(["check", "--format", "json"], environment: env)
    #expect(run.status == .failure)
    #expect(
      try findings(run) == [
        [
          "subject": "tech-talks/111462", "kind": "mismatch",
          "detail": "passage 0 differs between the corpus and the index",
        ]
      ])
  }

  @Test func aDocumentWhosePassagesDoNotMatchItsContentHashIsDamaged() async throws {
    let home = try ScratchDirectory()
    let env = ["DUO_KB_HOME": home.url.path]
    try home.write("WEBVTT\n\n00:01.000 --> 00:03.000\nHello there, everyone.\n", to: "talk.vtt")
    let imported = await runCLI(
      ["import", home.url.appendingPathComponent("talk.vtt").path, "--id", "wwdc2024/1", "--title", "A talk"],
      environment: env)
    #expect(imported.status == .success, "\(imported.stderr)")
    let path = "Corpus/documents/wwdc2024/1.json"
    try home.write(
      try home.read(path).replacingOccurrences(of: "Hello there, everyone.", with: "Hello there, anyone."), to: path)
    #expect(await runCLI(["index", "--rebuild"], environment: env).status == .success)
    let run = await runCLI(["check", "--format", "json"], environment: env)
    #expect(run.status == .failure)
    let found = try findings(run)
    #expect(found.contains { $0["subject"] == "wwdc2024/1" && $0["kind"] == "damaged" }, "\(found)")
  }

  @Test func unreadableDocumentsAndAStaleIndexAreReported() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    try Data("{".utf8).write(
      to: home.url.appendingPathComponent("Corpus/documents/hig/layout.json"), options: .atomic)
    let run = await runCLI(["check", "--format", "json"], environment: env)
    #expect(run.status == .failure)
    let found = try findings(run)
    #expect(found.contains { $0["subject"] == "hig/layout" && $0["kind"] == "unreadable" }, "\(found)")
    #expect(found.contains { $0["subject"] == "Index" && $0["kind"] == "stale" }, "\(found)")
  }

  @Test func noIndexIsMissing() async throws {
    let home = try await SearchCommandTests().corpus()
    let run = await runCLI(["check"], environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status == .failure)
    #expect(run.stdout.contains("CURRENT: missing:"), "\(run.stdout)")
  }

  @Test func aCorpusThatCannotBeListedIsFatal() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let documents = home.url.appendingPathComponent("Corpus/documents")
    let moved = home.url.appendingPathComponent("elsewhere")
    try FileManager.default.moveItem(at: documents, to: moved)
    try FileManager.default.createSymbolicLink(at: documents, withDestinationURL: moved)
    let run = await runCLI(["check"], environment: env)
    #expect(run.status == .usage, "\(run.stdout)")
    #expect(run.stderr.contains("documents is a symbolic link"), "\(run.stderr)")
  }
}
