import Foundation
import Testing

@testable import DuoKBCLI

@Suite struct HomeDirectoryTests {
  let work = URL(fileURLWithPath: "/projects/app/sub", isDirectory: true)

  @Test func optionWinsOverEverything() {
    let home = HomeDirectory.resolve(
      option: "kb", environment: ["DUO_KB_HOME": "/env"], workingDirectory: work,
      fileExists: { _ in true })
    #expect(home.url.path == "/projects/app/sub/kb")
    #expect(home.origin == .option)
  }

  @Test func environmentComesNext() {
    let home = HomeDirectory.resolve(
      option: nil, environment: ["DUO_KB_HOME": "/env/kb"], workingDirectory: work,
      fileExists: { _ in true })
    #expect(home.url.path == "/env/kb")
    #expect(home.origin == .environment)
  }

  @Test func nearestDirectoryWithSourcesJSONAtOrAbove() {
    let home = HomeDirectory.resolve(
      option: nil, environment: [:], workingDirectory: work,
      fileExists: { $0 == "/projects/Corpus/sources.json" || $0 == "/Corpus/sources.json" })
    #expect(home.url.path == "/projects")
    #expect(home.origin == .workingDirectory)
  }

  @Test(
    "Falls back to the XDG data home off macOS",
    arguments: [
      (["XDG_DATA_HOME": "/data", "HOME": "/u"], "/data/duo-kb"),
      (["HOME": "/u"], "/u/.local/share/duo-kb"),
      (["XDG_DATA_HOME": "relative", "HOME": "/u"], "/u/.local/share/duo-kb"),  // XDG: relative paths are ignored
    ])
  func fallsBackToDataHome(environment: [String: String], expected: String) {
    let home = HomeDirectory.resolve(
      option: nil, environment: environment, workingDirectory: work, platform: .other, fileExists: { _ in false })
    #expect(home.url.path == expected)
    #expect(home.origin == .dataHome)
  }

  @Test func fallsBackToApplicationSupportOnMacOS() {
    let home = HomeDirectory.resolve(
      option: nil, environment: ["HOME": "/Users/u", "XDG_DATA_HOME": "/data"], workingDirectory: work,
      platform: .macOS, fileExists: { _ in false })
    #expect(home.url.path == "/Users/u/Library/Application Support/duo-kb")
    #expect(home.origin == .dataHome)
  }

  @Test func statusNamesTheHomeAndWhereItCameFrom() async throws {
    let scratch = try ScratchDirectory()
    try scratch.write("{\"version\": 1, \"sources\": []}", to: "project/Corpus/sources.json")
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("project/sub"), withIntermediateDirectories: true)
    let project = scratch.url.appendingPathComponent("project").path
    let runs = [
      (await runCLI(["status", "--home", project]), "home: \(project) (from --home)\n"),
      (await runCLI(["status"], environment: ["DUO_KB_HOME": project]), "home: \(project) (from DUO_KB_HOME)\n"),
      (
        await runCLI(["status"], in: scratch.url.appendingPathComponent("project/sub")),
        "home: \(project) (the nearest directory with Corpus/sources.json at or above the working one)\n"
      ),
      (
        await runCLI(
          ["status"], in: scratch.url, environment: ["HOME": scratch.url.path, "XDG_DATA_HOME": "/nonexistent-data"]),
        "home: \(HomeDirectory.defaultURL(environment: ["HOME": scratch.url.path, "XDG_DATA_HOME": "/nonexistent-data"]).path) (the default on this system)\n"
      ),
    ]
    for (run, line) in runs {
      #expect(run.stdout.hasPrefix(line), "\(run.stdout)")
    }
    let json = await runCLI(["status", "--format", "json", "--home", project])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["homeFrom"] as? String == "from --home")
  }

  @Test func homeOptionWorksBeforeAndAfterTheCommand() async throws {
    let scratch = try ScratchDirectory()
    let url = "https://developer.apple.com/videos/play/wwdc2024/10173/"
    let before = await runCLI(["--home", scratch.url.path, "add", url])
    #expect(before.status == .success)
    let after = await runCLI(["add", url, "--home", scratch.url.path])
    #expect(after.status == .usage)
    #expect(after.stderr.contains("already in sources.json"))
  }
}
