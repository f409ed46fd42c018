import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI

/// The conventions of a well-made command line: color, option spellings, suggestions, hints.
@Suite struct CLIConventionsTests {
  @Test(
    "Auto color: a terminal, NO_COLOR empty or unset, TERM not dumb",
    arguments: [
      ([:], true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["NO_COLOR": "0"], false),
      (["TERM": "dumb"], false), (["TERM": "xterm-256color"], true),
    ])
  func autoColor(environment: [String: String], expected: Bool) {
    #expect(ColorChoice.auto.usesColor(BufferOutput(isTerminal: true), environment: environment) == expected)
    #expect(!ColorChoice.auto.usesColor(BufferOutput(isTerminal: false), environment: environment))
  }

  @Test func alwaysAndNeverOverrideTheTerminalAndTheEnvironment() {
    #expect(
      ColorChoice.always.usesColor(BufferOutput(isTerminal: false), environment: ["NO_COLOR": "1", "TERM": "dumb"]))
    #expect(!ColorChoice.never.usesColor(BufferOutput(isTerminal: true), environment: [:]))
  }

  @Test func colorOptionBeforeOrAfterTheCommand() async throws {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let before = await runCLI(["--color", "always", "search", "hinge"], environment: env)
    #expect(before.status == .success)
    #expect(before.stdout.contains("\u{1B}["), "forced color on a pipe")
    let after = await runCLI(["search", "hinge", "--color=never"], environment: env, stdoutIsTerminal: true)
    #expect(after.status == .success && !after.stdout.contains("\u{1B}"))
    let emptyNoColor = await runCLI(
      ["search", "hinge"], environment: env.merging(["NO_COLOR": ""]) { $1 }, stdoutIsTerminal: true)
    #expect(emptyNoColor.stdout.contains("\u{1B}["), "NO_COLOR set but empty keeps color")
    let dumb = await runCLI(
      ["search", "hinge"], environment: env.merging(["TERM": "dumb"]) { $1 }, stdoutIsTerminal: true)
    #expect(!dumb.stdout.contains("\u{1B}"))
  }

  @Test func colorOptionTakesOnlyItsWordsAndAlsoColorsErrors() async {
    let bad = await runCLI(["status", "--color", "alwys"])
    #expect(bad.status == .usage)
    #expect(bad.stderr.contains("--color takes auto, always, never, not 'alwys'"))
    #expect(bad.stderr.contains("did you mean 'always'?"))
    let colored = await runCLI(["--color", "always", "frobnicate"])
    #expect(colored.stderr.hasPrefix("duo-kb: \u{1B}[31;1merror:\u{1B}[0m unknown command"))
  }

  @Test("A short option's value attached or apart", arguments: [["-n1"], ["-n", "1"], ["--limit=1"]])
  func shortOptionWithAttachedValue(limit: [String]) async throws {
    let home = try await SearchCommandTests().corpus()
    let run = await runCLI(["search", "scrolling"] + limit, environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("1. ") }.count == 1)
    #expect(!run.stdout.contains("\n2. "), "\(run.stdout)")
  }

  @Test func attachedValueOnAFlagIsRefused() {
    #expect(throws: UsageError.self) {
      try ArgumentParser.parse(["-hx"], options: GlobalOptions.all, command: "t")
    }
  }

  @Test(
    "Misspelt global options and version-style guesses get a suggestion",
    arguments: [
      (["--hme", "/tmp", "status"], "unknown option '--hme'", "did you mean '--home'?"),
      (["--colour", "never", "status"], "unknown option '--colour'", "did you mean '--color'?"),
      (["--verison"], "unknown option '--verison'", "did you mean '--version'?"),
      (["-v"], "unknown option '-v'", "did you mean '--version'?"),
      (["version"], "unknown command 'version'", "did you mean '--version'?"),
      (["status", "--hme", "/tmp"], "unknown option '--hme' for 'status'", "did you mean '--home'?"),
    ])
  func suggestions(arguments: [String], message: String, suggestion: String) async {
    let run = await runCLI(arguments)
    #expect(run.status == .usage)
    let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "duo-kb: error: \(message)")
    #expect(lines.count > 1 && lines[1].hasPrefix("hint: \(suggestion)"), "\(run.stderr)")
  }

  @Test(
    "No error ends in an empty hint line",
    arguments: [
      ["search", "\"unclosed"], ["search", "a (b"], ["search", "--limit"], ["--home"], ["status", "extra"],
      ["index", "x"], ["quote"], ["cite"], ["search"], ["add"], ["--color"],
    ])
  func noEmptyHints(arguments: [String]) async throws {
    let home = try await SearchCommandTests().corpus()
    let run = await runCLI(arguments, environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status != .success)
    #expect(run.stderr.contains("duo-kb: error: "), "\(run.stderr)")
    for line in run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      #expect(line.trimmingCharacters(in: .whitespaces) != "hint:", "\(run.stderr)")
      #expect(!line.trimmingCharacters(in: .whitespaces).isEmpty, "\(run.stderr)")
    }
  }

  @Test func queryErrorsKeepTheCaretUnderTheColumn() async throws {
    let home = try await SearchCommandTests().corpus()
    let run = await runCLI(["search", "a (b"], environment: ["DUO_KB_HOME": home.url.path])
    let lines = run.stderr.split(separator: "\n").map(String.init)
    let query = try #require(lines.firstIndex(of: "  a (b"), "\(run.stderr)")
    #expect(lines[query - 1].hasPrefix("hint: the caret marks column "))
    let caret = try #require(lines[query + 1].firstIndex(of: "^"))
    let column = lines[query + 1].distance(from: lines[query + 1].startIndex, to: caret) - 1
    #expect(lines[query - 1].hasSuffix("column \(column):"), "\(run.stderr)")
  }
}
