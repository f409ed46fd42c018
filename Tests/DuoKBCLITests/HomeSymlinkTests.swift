import DuoKBCLI
import DuoKBTestSupport
import Foundation
import Testing

/// A symbolic link planted in the home (a cloned repository can carry one) is refused with
/// a clear error: nothing outside the home is written, or read as corpus.
@Suite struct HomeSymlinkTests {
  /// A home with one talk to harvest, and a folder outside it holding one file.
  struct Setup {
    let site: FixtureSite
    let scratch: ScratchDirectory
    var home: URL { scratch.url.appendingPathComponent("home") }
    var outside: URL { scratch.url.appendingPathComponent("outside") }
    var outsideFile: URL { outside.appendingPathComponent("precious.txt") }
    static let precious = "someone else's file\n"

    init() throws {
      site = try NumberedTalks.site(count: 1)
      scratch = try ScratchDirectory()
      try scratch.write(site.sourcesJSON, to: "home/Corpus/sources.json")
      try scratch.write(Self.precious, to: "outside/precious.txt")
    }

    func link(_ relativePath: String, to destination: URL) throws {
      let url = home.appendingPathComponent(relativePath)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(at: url, withDestinationURL: destination)
    }

    /// Every file outside the home, by name, with its text.
    func outsideFiles() throws -> [String: String] {
      var found: [String: String] = [:]
      let walker = FileManager.default.enumerator(atPath: outside.path)
      while let name = walker?.nextObject() as? String {
        var isFolder: ObjCBool = false
        let path = outside.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
          continue
        }
        found[name] = try String(contentsOfFile: path, encoding: .utf8)
      }
      return found
    }

    func refresh() async -> CLIRun {
      await runCLI(["refresh", "--home", home.path, "--allow-host", "127.0.0.1"])
    }
  }

  @Test func aLinkedLockFileIsRefusedNotTruncated() async throws {
    let setup = try Setup()
    try setup.link(".refresh.lock", to: setup.outsideFile)
    let run = await setup.refresh()
    #expect(run.status == .usage)
    #expect(run.stderr.contains(".refresh.lock is a symbolic link"), "\(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
  }

  @Test func aLinkedChangeLogIsRefusedNotAppendedTo() async throws {
    let setup = try Setup()
    try setup.link("Corpus/changelog.jsonl", to: setup.outsideFile)
    let run = await setup.refresh()
    #expect(run.stderr.contains("changelog.jsonl is a symbolic link"), "\(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
  }

  @Test func aRefreshDoesNotWriteThroughALinkedDocumentsFolder() async throws {
    let setup = try Setup()
    try setup.link("Corpus/documents/wwdc2025", to: setup.outside)
    let run = await setup.refresh()
    #expect(run.status != .success, "the source fails: \(run.stdout) \(run.stderr)")
    #expect(run.stdout.contains("1 failed"), "\(run.stdout)")
    #expect((run.stdout + run.stderr).contains("wwdc2025 is a symbolic link"), "\(run.stdout) \(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
  }

  @Test func anImportDoesNotWriteThroughALinkedFolder() async throws {
    let setup = try Setup()
    try setup.link("Corpus/documents/wwdc2025", to: setup.outside)
    let run = await runCLI(
      ["import", "-", "--home", setup.home.path], stdin: #"{"doc": "wwdc2025/1", "text": "Hello there."}"# + "\n")
    #expect(run.status == .usage)
    #expect(run.stderr.contains("documents/wwdc2025 is a symbolic link"), "\(run.stderr)")
    #expect(run.stderr.contains("hint: put the file or folder itself in its place"), "\(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
  }

  @Test func aLinkedSourcesListIsNotRewrittenByAdd() async throws {
    let setup = try Setup()
    try FileManager.default.removeItem(at: setup.home.appendingPathComponent("Corpus/sources.json"))
    try setup.link("Corpus/sources.json", to: setup.outsideFile)
    let run = await runCLI(
      ["add", "https://developer.apple.com/videos/play/wwdc2024/10173/", "--home", setup.home.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("sources.json is a symbolic link"), "\(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
  }

  @Test func aLinkedDocumentIsNeitherReadNorIndexed() async throws {
    let setup = try Setup()
    try setup.scratch.write(
      #"{"doc": "tech-talks/1", "text": "Inside words stay searchable."}"# + "\n", to: "inside.jsonl")
    #expect(
      await runCLI(["import", setup.scratch.url.appendingPathComponent("inside.jsonl").path, "--home", setup.home.path])
        .status == .success)
    // A complete document outside the home, linked in as a document of the corpus.
    let document = try setup.scratch.read("home/Corpus/documents/tech-talks/1.json")
      .replacingOccurrences(of: "tech-talks/1", with: "tech-talks/2")
      .replacingOccurrences(of: "Inside words stay searchable.", with: "Secret outside words.")
    try setup.scratch.write(document, to: "outside/secret.json")
    try setup.link("Corpus/documents/tech-talks/2.json", to: setup.outside.appendingPathComponent("secret.json"))

    let index = await runCLI(["index", "--home", setup.home.path])
    #expect(index.stderr.contains("tech-talks/2.json is a symbolic link"), "\(index.stderr)")
    let search = await runCLI(["search", "secret outside", "--home", setup.home.path])
    #expect(search.status == .failure, "no hit: \(search.stdout)")
    #expect(!search.stdout.contains("Secret"))
  }

  @Test func aRefreshWritesNoCheckRecordThroughALinkedFolderAndSweepsNothingOutside() async throws {
    let setup = try Setup()
    try setup.link("Corpus/validators", to: setup.outside)
    // A temporary file of a dead writer, outside: the sweep must not reach it through a link.
    let stray = ".1.json.\(Int32.max - 7).1.tmp"
    try setup.scratch.write("not ours\n", to: "outside/\(stray)")
    try setup.link("Corpus/documents/elsewhere", to: setup.outside)
    _ = await setup.refresh()
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious, stray: "not ours\n"])
  }

  @Test func aLinkedIndexFolderIsRefusedForWritingAndReading() async throws {
    let setup = try Setup()
    let imported = await runCLI(
      ["import", "-", "--home", setup.home.path], stdin: #"{"doc": "wwdc2025/1", "text": "Hello there."}"# + "\n")
    #expect(imported.status == .success, "\(imported.stderr)")
    try setup.link("Index", to: setup.outside)
    let run = await runCLI(["index", "--home", setup.home.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("Index is a symbolic link"), "\(run.stderr)")
    #expect(run.stderr.contains("hint: put the file or folder itself in its place"), "\(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
  }

  @Test func aLinkedGenerationIsNeitherReadNorWrittenAndAFreshOneAnswers() async throws {
    let setup = try Setup()
    let imported = await runCLI(
      ["import", "-", "--home", setup.home.path], stdin: #"{"doc": "wwdc2025/1", "text": "Hello there."}"# + "\n")
    #expect(imported.status == .success, "\(imported.stderr)")
    #expect(await runCLI(["index", "--home", setup.home.path]).status == .success)
    try setup.link("Index/generation-2", to: setup.outside)
    try setup.scratch.write("generation-2\n", to: "home/Index/CURRENT")
    let run = await runCLI(["search", "hello", "--home", setup.home.path])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("Hello there."))
    #expect(run.stderr.contains("generation-2 is a symbolic link"), "\(run.stderr)")
    #expect(try setup.outsideFiles() == ["precious.txt": Setup.precious])
    #expect(try setup.scratch.read("home/Index/CURRENT") == "generation-3\n")
  }
}
