import Foundation
import Testing

@testable import DuoKBCLI

@Suite struct CommandLineTests {
  @Test func helpListsEveryRegisteredCommand() async {
    let run = await runCLI(["--help"])
    #expect(run.status == .success)
    for command in CommandRegistry.commands {
      #expect(run.stdout.contains("  \(command.name) "), "missing \(command.name)")
    }
    #expect(run.stderr.isEmpty)
  }

  @Test func versionPrintsTheVersion() async {
    let run = await runCLI(["--version"])
    #expect(run.status == .success)
    #expect(run.stdout == "duo-kb \(DuoKBCLI.versionLine)\n")
  }

  @Test func helpCommandShowsOneCommandsOptions() async {
    let run = await runCLI(["help", "add"])
    #expect(run.status == .success)
    #expect(run.stdout.hasPrefix("USAGE: duo-kb add URL"))
    #expect(run.stdout.contains("--language TAG"))
    let viaFlag = await runCLI(["add", "--help"])
    #expect(viaFlag.stdout == run.stdout)
  }

  @Test(
    "Unknown names get a one-line error naming them, a hint, and status 2",
    arguments: [
      (["frobnicate"], "unknown command 'frobnicate'"),
      (["ad"], "unknown command 'ad'"),
      (["add", "--bogus"], "unknown option '--bogus' for 'add'"),
      (["--bogus"], "unknown option '--bogus'"),
      (["help", "nope"], "unknown command 'nope'"),
      ([], "no command given"),
    ])
  func unknownNamesAreUsageErrors(arguments: [String], message: String) async {
    let run = await runCLI(arguments)
    #expect(run.status == .usage)
    #expect(run.stdout.isEmpty)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.first == "duo-kb: error: \(message)")
    #expect(lines.count == 2 && lines[1].hasPrefix("hint: "))
  }

  @Test func misspeltCommandGetsASuggestion() async {
    let run = await runCLI(["hepl"])
    #expect(run.stderr.contains("did you mean 'help'?"))
  }

  @Test func optionMissingItsValueIsAUsageError() async {
    let run = await runCLI(["add", "https://example.com/x.m3u8", "--id"])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("--id needs a value"))
  }
}

@Suite struct DidYouMeanTests {
  @Test(
    "Edit distance",
    arguments: [
      ("help", "help", 0), ("hepl", "help", 1), ("serch", "search", 1), ("", "abc", 3),
      ("abc", "", 3), ("kitten", "sitting", 3),
    ])
  func distance(a: String, b: String, expected: Int) {
    #expect(DidYouMean.editDistance(a, b) == expected)
  }

  @Test func farNamesGetNoSuggestion() {
    #expect(DidYouMean.suggestion(for: "zzzzzz", among: ["search", "help"]) == nil)
  }
}
