import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI
@testable import DuoKBHarvestCLI

/// `duo-kb` runs `duo-kb-harvest` for the commands that harvest and for `serve`, and loads
/// none of libcurl, libxml2 and libmicrohttpd for the others. These tests run the executables beside the tests (built
/// when missing, see `BuiltProducts`), with output in files.
@Suite struct HelperExecutableTests {
  struct Finished {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// A built executable of this package (`duo-kb`, `duo-kb-harvest`).
  static func executable(_ name: String) throws -> URL { try BuiltProducts.executable(name) }

  static func run(
    _ binary: URL, _ arguments: [String], environment: [String: String] = [:], stdin: String = ""
  ) throws -> Finished {
    let scratch = try ScratchDirectory()
    let input = scratch.url.appendingPathComponent("stdin")
    let output = scratch.url.appendingPathComponent("stdout")
    let errors = scratch.url.appendingPathComponent("stderr")
    try Data(stdin.utf8).write(to: input)
    for file in [output, errors] { try Data().write(to: file) }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.url.path, "NO_COLOR": "1"].merging(
      environment
    ) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return Finished(
      status: process.terminationStatus, stdout: try String(contentsOf: output, encoding: .utf8),
      stderr: try String(contentsOf: errors, encoding: .utf8))
  }

  /// The dynamic loader's list of what it loads, on stderr: glibc's LD_DEBUG, dyld's twin.
  static var loaderTrace: [String: String] {
    #if os(macOS)
      ["DYLD_PRINT_LIBRARIES": "1"]
    #else
      ["LD_DEBUG": "libs"]
    #endif
  }

  /// What only the helper loads. Apple's Foundation loads libxml2 itself (NSXMLParser), so on
  /// macOS it is in every process and libcurl and libmicrohttpd tell the two executables apart.
  static var harvestLibraries: [String] {
    #if os(macOS)
      ["libcurl", "libmicrohttpd"]
    #else
      ["libcurl", "libxml2", "libmicrohttpd"]
    #endif
  }

  /// A home with one imported document and its index, made through the executables.
  static func importedHome() throws -> ScratchDirectory {
    let home = try ScratchDirectory()
    let duoKB = try executable("duo-kb")
    let imported = try run(
      duoKB, ["import", "-", "--home", home.url.path],
      stdin: #"{"doc": "wwdc2025/1", "title": "Hello", "text": "Hello there, general audience."}"# + "\n")
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout == "imported 1 documents, 1 passages\n")
    let indexed = try run(duoKB, ["index", "--home", home.url.path])
    #expect(indexed.status == 0, "\(indexed.stderr)")
    return home
  }

  @Test func everyHelperCommandOfTheRegistryHasItsCodeInTheHelper() {
    let helperCommands = CommandRegistry.entries.filter { $0.executable == .harvest }.map(\.command)
    #expect(Set(helperCommands.map { $0.name }) == ["refresh", "setup", "import", "parse", "serve"])
    for command in helperCommands { #expect(DuoKBHarvestCLI.code(command) != nil, "\(command.name)") }
    // The others run in duo-kb: the helper runs them as duo-kb does, with no code of its own.
    for entry in CommandRegistry.entries where entry.executable == .duoKB {
      #expect(DuoKBHarvestCLI.code(entry.command) == nil, "\(entry.command.name)")
      #expect(entry.runHere != nil, "\(entry.command.name)")
    }
  }

  @Test func inProcessTheLibraryNeverReplacesItsCallersProcess() async {
    let err = BufferOutput()
    let status = await DuoKBCLI.run(
      ["import", "-"], environment: [:], stdout: BufferOutput(), stderr: err, standardInput: { Data() })
    #expect(status == .usage)
    #expect(
      err.text == "duo-kb: error: 'duo-kb import' runs in duo-kb-harvest, not inside this program\n"
        + "hint: run it through DuoKBHarvestCLI.run, which has every command\n")
  }

  @Test func searchAndVersionLoadNoneOfTheHelpersLibraries() throws {
    let home = try Self.importedHome()
    let duoKB = try Self.executable("duo-kb")
    for arguments in [["--version"], ["search", "general audience", "--home", home.url.path]] {
      let finished = try Self.run(duoKB, arguments, environment: Self.loaderTrace)
      #expect(finished.status == 0, "\(arguments): \(finished.stderr.suffix(500))")
      #expect(!finished.stderr.isEmpty, "the loader traced what it loaded")
      for library in Self.harvestLibraries {
        #expect(!finished.stderr.contains(library), "duo-kb \(arguments[0]) loaded \(library)")
      }
    }
    let search = try Self.run(duoKB, ["search", "general audience", "--home", home.url.path])
    #expect(search.stdout.contains("Hello there, general audience."), "\(search.stdout)")
  }

  @Test func theHelperLoadsThemWhichTheTraceShows() throws {
    let finished = try Self.run(try Self.executable("duo-kb-harvest"), ["--version"], environment: Self.loaderTrace)
    #expect(finished.status == 0)
    for library in Self.harvestLibraries {
      #expect(finished.stderr.contains(library), "the trace names \(library) when it is loaded")
    }
  }

  @Test func refreshRunsThroughTheHelperAndKeepsItsExitStatus() throws {
    let site = try NumberedTalks.site(count: 2)
    let scratch = try RefreshCommandTests.home(site)
    let duoKB = try Self.executable("duo-kb")
    let refresh = try Self.run(duoKB, ["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1"])
    #expect(refresh.status == 0, "\(refresh.stderr)")
    #expect(refresh.stdout.contains("2 added, 0 changed, 0 unchanged, 0 gone, 0 failed"), "\(refresh.stdout)")
    let search = try Self.run(duoKB, ["search", "both displays", "--home", scratch.url.path])
    #expect(search.status == 0, "\(search.stderr)")
    let noSources = try Self.run(duoKB, ["refresh", "--home", scratch.url.appendingPathComponent("empty").path])
    #expect(noSources.status == 2)
    #expect(noSources.stderr.hasPrefix("duo-kb: error: no sources list at "), "\(noSources.stderr)")
    let usage = try Self.run(duoKB, ["refresh", "--jobs", "0", "--home", scratch.url.path])
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("--jobs needs a positive whole number"), "\(usage.stderr)")
  }

  @Test func addAndImportWorkFromTheExecutable() throws {
    let home = try Self.importedHome()
    let duoKB = try Self.executable("duo-kb")
    let added = try Self.run(
      duoKB, ["add", "https://developer.apple.com/videos/play/wwdc2024/10173/", "--home", home.url.path])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "added talk https://developer.apple.com/videos/play/wwdc2024/10173/\n")
    let missing = try Self.run(duoKB, ["import", "no-such-file.jsonl", "--home", home.url.path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("cannot read no-such-file.jsonl"), "\(missing.stderr)")
  }

  @Test func withoutTheHelperTheCommandsThatHarvestSaySoAndTheOthersRun() throws {
    let folder = try ScratchDirectory()
    let alone = folder.url.appendingPathComponent("duo-kb")
    try FileManager.default.copyItem(at: try Self.executable("duo-kb"), to: alone)
    let refresh = try Self.run(alone, ["refresh", "--home", folder.url.path])
    #expect(refresh.status == 2)
    let helper = folder.url.appendingPathComponent("duo-kb-harvest").path
    #expect(
      refresh.stderr
        == "duo-kb: error: 'duo-kb refresh' runs duo-kb-harvest, which is not beside duo-kb (no \(helper))\n"
        + "hint: install duo-kb-harvest in the same folder as duo-kb (scripts/install and the release archive do)\n")
    let help = try Self.run(alone, ["refresh", "--help"])
    #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: duo-kb refresh"), "help needs no helper")
    let status = try Self.run(alone, ["status", "--home", folder.url.path])
    #expect(status.stdout.hasPrefix("home: "), "\(status.stderr)")
  }
}
