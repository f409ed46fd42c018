import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI

/// Every id `cite`, `quote` and `verify` offer in what they print (a hint, a suggestion, a
/// passage's id) is taken back by `quote` and `cite`: each is run, and must succeed.
@Suite struct HintsRunTests {
  static let commands: [[String]] = [
    ["cite", "hig/testing-layout"],
    ["cite", "tech-talks/900001"],
    ["quote", "hig/testing-layout"],
    ["quote", "tech-talks/900001"],
    ["quote", "900001@0:40"],
    ["cite", "900001@0:40"],
    ["quote", "tech-talks/900001@0:30"],
    ["quote", "tech-talks/900001@0:10.3"],
    ["cite", "tech-talks/900001@0:40.2"],
    ["quote", "hig/testing-layout#nowhere"],
    ["cite", "hig/testing-layout#Best-practices.9"],
    ["quote", "tech-talks/900001@0:10"],
    ["cite", "toolbar zebra"],
    ["verify", "notes.md"],
  ]

  /// The citation ids in `text`: a document id with a time, a place or an anchor.
  static func ids(in text: String) -> [String] {
    let pattern = #/[a-z0-9-]+/[a-z0-9-]+(/[a-z]{2}(-[A-Za-z]+)?)?(@[0-9:.]+|#[A-Za-z0-9._-]*)(~[0-9a-f]+)?/#
    var ids: [String] = []
    for match in text.matches(of: pattern) {
      var id = String(match.output.0)
      while id.hasSuffix(".") || id.hasSuffix(":") { id.removeLast() }
      if !ids.contains(id) { ids.append(id) }
    }
    return ids
  }

  @Test("Each id a command offers is quoted and cited without an error", arguments: commands)
  func offeredIDsRun(arguments: [String]) async throws {
    let scratch = try CitationCommandTests.home()
    try scratch.write(CitationCommandTests.plantedDocument, to: "notes.md")
    let run = await CitationCommandTests.run(arguments, in: scratch)
    let offered = Self.ids(in: run.stderr + "\n" + run.stdout).filter { $0 != arguments.last }
    if arguments[0] != "verify", arguments.last?.contains(" ") == false, run.status != .success {
      #expect(!offered.isEmpty, "\(arguments) offers no id to run: \(run.stderr)")
    }
    for id in offered {
      for command in ["quote", "cite"] {
        let again = await CitationCommandTests.run([command, id], in: scratch)
        #expect(again.status == .success, "\(arguments) offered \(id); '\(command) \(id)': \(again.stderr)")
      }
    }
  }

  @Test func noIDInAnyOutputHasAHashSuffix() async throws {
    let scratch = try CitationCommandTests.home()
    try scratch.write(CitationCommandTests.plantedDocument, to: "notes.md")
    for arguments in Self.commands + [
      ["quote", "hig/testing-layout#Best-practices", "--format", "json"], ["search", "folding", "--format", "json"],
    ] {
      let run = await CitationCommandTests.run(arguments, in: scratch)
      #expect(Self.ids(in: run.stdout + run.stderr).allSatisfy { !$0.contains("~") }, "\(arguments)")
    }
  }
}
