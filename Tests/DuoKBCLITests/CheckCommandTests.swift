import DocumentModel
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

  /// A document damaged in a way the reader must not pass over, as its file's text is edited.
  enum Damage: String, CaseIterable, Sendable {
    case idOutsideTheCorpus, emptyID, copyUnderAnotherName, newerFormat, infiniteNumber, keyTwiceInUnknownObject,
      keyTwice
  }

  /// Writes the damaged document into the corpus; its path relative to the home.
  func damage(_ damage: Damage, in home: ScratchDirectory) throws -> (path: String, detail: String) {
    let original = try home.read("Corpus/documents/tech-talks/111463.json")
    let id = #""id" : "tech-talks/111463""#
    let copy = "Corpus/documents/tech-talks/111466.json"
    let own = "Corpus/documents/tech-talks/111463.json"
    func edited(_ replacement: String) throws -> String {
      let text = original.replacingOccurrences(of: id, with: replacement)
      #expect(text != original)
      return text
    }
    let (path, text, detail): (String, String, String)
    switch damage {
    case .idOutsideTheCorpus:
      (path, text, detail) = (
        copy, try edited(#""id" : "../../../../etc/passwd""#),
        "its id is '../../../../etc/passwd', not 'tech-talks/111466'"
      )
    case .emptyID: (path, text, detail) = (copy, try edited(#""id" : """#), "its id is '', not 'tech-talks/111466'")
    case .copyUnderAnotherName:
      (path, text, detail) = (copy, original, "its id is 'tech-talks/111463', not 'tech-talks/111466'")
    case .newerFormat:
      let newer = original.replacingOccurrences(
        of: #""formatVersion" : "# + String(DocumentFormat.version), with: #""formatVersion" : 99"#)
      #expect(newer != original)
      (path, text, detail) = (own, newer, "document format 99")
    case .infiniteNumber:
      (path, text, detail) = (own, try edited(id + #", "duration" : 1e400"#), "a number that is not a whole number")
    case .keyTwiceInUnknownObject:
      (path, text, detail) = (own, try edited(id + #", "extra" : {"a" : 1, "a" : 2}"#), "the key 'a' twice")
    case .keyTwice:
      (path, text, detail) = (own, try edited(id + ", " + id), "the key 'id' twice")
    }
    try home.write(text, to: path)
    return (path, detail)
  }

  @Test("A damaged document is reported by path and what is wrong", arguments: Damage.allCases)
  func damagedDocumentIsReported(_ damage: Damage) async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let (path, detail) = try self.damage(damage, in: home)
    let run = await runCLI(["check"], environment: env)
    #expect(run.status == .failure, "\(run.stdout)")
    let id = String(path.dropFirst("Corpus/documents/".count).dropLast(".json".count))
    let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("  \(id): unreadable: ") }
    #expect(line?.contains(path) == true, "\(run.stdout)")
    #expect(line?.contains(detail) == true, "\(run.stdout)")
  }

  @Test func aDocumentCopiedUnderAnotherNameIsNotSearchedTwice() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    _ = try damage(.copyUnderAnotherName, in: home)
    let index = await runCLI(["index"], environment: env)
    #expect(index.stderr.contains("tech-talks/111466.json"), "\(index.stdout) \(index.stderr)")
    let run = await runCLI(["search", "these experiences already adapt", "--format", "json"], environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.count == 1, "\(run.stdout)")
    #expect(object["total"] as? Int == 1, "\(run.stdout)")
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
