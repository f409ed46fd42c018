import DocumentModel
import Foundation
import Testing

@testable import DuoKBCLI

/// The Homebrew formula, scripts/install and scripts/package agree with the code and each
/// other: the version, the two binaries, the manual page and the three completions.
@Suite struct PackagingTests {
  /// Where a prefix holds each installed file.
  static let installedFiles = [
    "bin/duo-kb", "bin/duo-kb-harvest", "share/man/man1/duo-kb.1", "share/bash-completion/completions/duo-kb",
    "share/zsh/site-functions/_duo-kb", "share/fish/vendor_completions.d/duo-kb.fish",
  ]

  /// The formula's Ruby lines, comments left out.
  static func formulaLines() throws -> [String] {
    try RepositoryFile.text("Formula/duo-kb.rb").split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
  }

  @Test func formulaVersionIsTheCodesVersion() throws {
    let lines = try Self.formulaLines()
    let declaration = try #require(lines.first { $0.hasPrefix("DUO_KB_VERSION = ") })
    #expect(declaration == "DUO_KB_VERSION = \"\(DuoKBVersion.current)\".freeze")
    #expect(lines.contains { $0.contains("assert_match \"duo-kb #{DUO_KB_VERSION} (commit ") })
  }

  @Test func formulaBuildsWithTheReleaseScriptAndInstallsEveryFile() throws {
    let lines = try Self.formulaLines()
    let install = try #require(lines.firstIndex(of: "def install"))
    let end = try #require(lines[install...].firstIndex(of: "end"))
    let steps = Array(lines[(install + 1)..<end])
    #expect(
      steps.contains { $0.hasPrefix("system \"scripts/release-build\"") && $0.contains("\"--product\", \"duo-kb\"") })
    #expect(steps.contains("bin.install \".build/release/duo-kb\", \".build/release/duo-kb-harvest\""))
    #expect(steps.contains("man1.install \"man/duo-kb.1\""))
    #expect(steps.contains("generate_completions_from_executable(bin/\"duo-kb\", \"completions\")"))
    #expect(FileManager.default.fileExists(atPath: RepositoryFile.url("man/duo-kb.1").path))
    // Homebrew passes each shell's name as the last argument: the command must take them all.
    #expect(Set(CompletionScript.Shell.allCases.map(\.rawValue)) == ["bash", "zsh", "fish"])
    #expect(CommandRegistry.command(named: "completions") != nil)
  }

  @Test("install and package put each file in the same place", arguments: ["scripts/install", "scripts/package"])
  func scriptsInstallEveryFile(path: String) throws {
    let script = try RepositoryFile.text(path)
    for file in Self.installedFiles {
      let directory = (file as NSString).deletingLastPathComponent
      #expect(script.contains(directory), "\(path) does not write \(directory)")
      #expect(script.contains((file as NSString).lastPathComponent), "\(path): \(file)")
    }
    #expect(
      script.contains("scripts/build-progress\" --product duo-kb")
        || script.contains("scripts/build-progress --product duo-kb"))
  }

  @Test func installsWhereTheScheduleFilesLook() throws {
    let install = try RepositoryFile.text("scripts/install")
    #expect(install.contains("prefix=\"$HOME/.local\""), "the schedule files name ~/.local/bin/duo-kb")
  }

  @Test func versionNamesTheCommit() async {
    let run = await runCLI(["--version"])
    #expect(run.status == .success)
    #expect(run.stdout == "duo-kb \(DuoKBVersion.current) (commit \(BuildCommit.id))\n")
    #expect(!BuildCommit.id.isEmpty)
  }
}
