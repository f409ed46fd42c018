import DuoKBTestSupport
import Foundation
import Testing

/// Searches never fail while a good index is on disk: a document that cannot be read is
/// left out by name, and when the index cannot be rebuilt (the corpus unreadable, a write
/// that fails) the last good generation answers, and stderr says it is stale and why.
@Suite struct StaleIndexTests {
  /// The search corpus (three documents), indexed once.
  func indexedHome() async throws -> (ScratchDirectory, [String: String]) {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let built = await runCLI(["index"], environment: env)
    #expect(built.status == .success, "\(built.stderr)")
    return (home, env)
  }

  /// Replaces a document's file by damaged JSON, renamed into place as a write would.
  func damage(_ id: String, in home: ScratchDirectory) throws {
    let url = home.url.appendingPathComponent("Corpus/documents/\(id).json")
    try Data("{\"id\": \"\(id)\", \"passages\": [".utf8).write(to: url, options: .atomic)
  }

  static let allDocuments = ["tech-talks/111463", "tech-talks/111462", "hig/layout"]
  static let readers: [[String]] = [
    ["search", "scrolling content"], ["quote", "tech-talks/111463@3:46"], ["cite", "tech-talks/111463@3:46"],
  ]

  @Test("A corrupt document is left out by name and the rest still answers", arguments: readers)
  func corruptDocumentIsLeftOut(reader: [String]) async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    try damage("tech-talks/111462", in: home)
    let run = await runCLI(reader, environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("Continuous scrolling content"), "\(run.stdout)")
    #expect(run.stderr.contains("left tech-talks/111462 out of the index"), "\(run.stderr)")
    #expect(run.stderr.contains("111462.json: not a duo-kb document"), "\(run.stderr)")
  }

  @Test func aFolderInPlaceOfADocumentIsLeftOutAndIndexStillBuilds() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let file = home.url.appendingPathComponent("Corpus/documents/tech-talks/111462.json")
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let run = await runCLI(["index", "--rebuild"], environment: env)
    #expect(run.status == .failure, "built, with a document left out: \(run.stderr)")
    #expect(run.stdout.contains("indexed 2 documents"), "\(run.stdout)")
    #expect(run.stderr.contains("left tech-talks/111462 out of the index"), "\(run.stderr)")
    #expect(run.stderr.contains("111462.json: not a regular file"), "\(run.stderr)")
    let again = await runCLI(["index"], environment: env)
    #expect(again.status == .failure, "still left out: \(again.stdout)")
    #expect(again.stderr.contains("left tech-talks/111462 out of the index"), "\(again.stderr)")
    let status = await runCLI(["status"], environment: env)
    #expect(status.status == .failure, "attention, not an error: \(status.stderr)")
    #expect(status.stdout.contains("unreadable: tech-talks/111462"), "\(status.stdout)")
    #expect(status.stdout.contains("left out of the index: tech-talks/111462"), "\(status.stdout)")
  }

  @Test("With no readable document, the last good index answers and says it is stale", arguments: readers)
  func unreadableCorpusAnswersFromTheLastGoodIndex(reader: [String]) async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    for id in Self.allDocuments { try damage(id, in: home) }
    let run = await runCLI(reader, environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("Continuous scrolling content"), "\(run.stdout)")
    #expect(
      run.stderr.contains("answering from the last good index (generation-1), which is stale: the corpus changed"),
      "\(run.stderr)")
    #expect(run.stderr.contains("not a duo-kb document"), "why: \(run.stderr)")
    let status = await runCLI(["status"], environment: env)
    #expect(status.status == .failure, "\(status.stderr)")
    #expect(status.stdout.contains("unreadable: hig/layout"), "\(status.stdout)")
  }

  @Test("A write that fails leaves the last good index answering", arguments: readers)
  func failingWriteAnswersFromTheLastGoodIndex(reader: [String]) async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    let added = await runCLI(
      ["import", "-"], environment: env, stdin: #"{"doc": "tech-talks/1", "text": "A new passage."}"# + "\n")
    #expect(added.status == .success)
    // The pointer cannot be replaced: a folder stands where CURRENT is written.
    let index = home.url.appendingPathComponent("Index")
    try FileManager.default.removeItem(at: index.appendingPathComponent("CURRENT"))
    try FileManager.default.createDirectory(
      at: index.appendingPathComponent("CURRENT"), withIntermediateDirectories: false)
    let run = await runCLI(reader, environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("Continuous scrolling content"), "\(run.stdout)")
    #expect(run.stderr.contains("answering from the last good index (generation-1), which is stale"), "\(run.stderr)")
    #expect(run.stderr.contains("CURRENT"), "why: \(run.stderr)")
    let generations = try FileManager.default.contentsOfDirectory(atPath: index.path).filter {
      $0.hasPrefix("generation-")
    }
    #expect(generations == ["generation-1"], "a generation that could not be made current is not left behind")
  }

  @Test func aDamagedCurrentGenerationFallsBackToThePreviousOne() async throws {
    let (home, env) = try await indexedHome()
    defer { withExtendedLifetime(home) {} }
    #expect(await runCLI(["index", "--rebuild"], environment: env).status == .success)
    let store = IndexFiles.url("store.dki", ofGeneration: home.url.appendingPathComponent("Index/generation-2"))
    var bytes = try Data(contentsOf: store)
    let found = try #require(bytes.range(of: Data("Continuous scrolling".utf8)))
    bytes[found.lowerBound + 3] ^= 0x20
    try bytes.write(to: store)
    for id in Self.allDocuments { try damage(id, in: home) }
    let run = await runCLI(["search", "scrolling content"], environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("“Continuous scrolling content"), "\(run.stdout)")
    #expect(!run.stdout.contains("ConTinuous"))
    #expect(run.stderr.contains("answering from the last good index (generation-1)"), "\(run.stderr)")
  }

  @Test func anIndexFolderThatIsAFileIsAClearErrorAndStatusStillAnswers() async throws {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    try home.write("not a folder", to: "Index")
    let run = await runCLI(["search", "scrolling"], environment: env)
    #expect(run.status == .usage)
    #expect(run.stderr.contains("Index: not a folder"), "\(run.stderr)")
    let status = await runCLI(["status"], environment: env)
    #expect(status.status == .failure, "\(status.stderr)")
    #expect(status.stdout.contains("does not match the corpus"), "\(status.stdout)")
  }
}
