import Foundation
import Testing

@testable import DuoKBCLI

/// `duo-kb completions`: scripts made from the registry, the bash one run in a real bash.
@Suite struct CompletionTests {
  /// Sources the bash script in a fresh bash and runs `commands` there; its stdout.
  static func bash(_ commands: String) throws -> String {
    let scratch = try ScratchDirectory()
    try scratch.write(CompletionScript.bash(), to: "duo-kb.bash")
    try scratch.write("", to: "notes.md")
    try scratch.write("", to: "nothing.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", "-c", "source duo-kb.bash\n" + commands]
    process.currentDirectoryURL = scratch.url
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }

  /// What the completion function offers for a command line whose last word is being typed.
  static func complete(_ words: [String]) throws -> [String] {
    let array = words.map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
    let output = try bash(
      """
      COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
      _duo_kb
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    return output.split(separator: "\n").map(String.init).sorted()
  }

  @Test func sourcingTheScriptRegistersTheFunction() throws {
    #expect(try Self.bash("complete -p duo-kb") == "complete -o default -F _duo_kb duo-kb\n")
  }

  @Test func completesEveryRegisteredCommand() throws {
    #expect(try Self.complete(["duo-kb", ""]) == CommandRegistry.commands.map { $0.name }.sorted())
    #expect(try Self.complete(["duo-kb", "sea"]) == ["search"])
    #expect(try Self.complete(["duo-kb", "--home", "/tmp", "st"]) == ["status"], "after a global option and its value")
  }

  @Test func completesTheGlobalOptions() throws {
    #expect(try Self.complete(["duo-kb", "--"]) == ["--color", "--help", "--home", "--version"])
    #expect(try Self.complete(["duo-kb", "--color", ""]) == ["always", "auto", "never"])
  }

  @Test func completesEachCommandsOptions() throws {
    for command in CommandRegistry.commands {
      let offered = try Self.complete(["duo-kb", command.name, "--"])
      let expected = (command.options + GlobalOptions.all).map { "--\($0.name)" }.sorted()
      #expect(offered == expected, "\(command.name)")
    }
  }

  @Test(
    "Completes option values from the registry",
    arguments: [
      (["duo-kb", "search", "--format", ""], ["json", "markdown", "text", "tsv"]),
      (["duo-kb", "cite", "--format", ""], ["bibtex", "csl-json", "json", "markdown", "ris", "text"]),
      (["duo-kb", "search", "--kind", "h"], ["hig"]),
      (["duo-kb", "status", "--format", "j"], ["json"]),
      (["duo-kb", "search", "--limit", ""], []),
      (["duo-kb", "completions", ""], ["bash", "fish", "zsh"]),
      (["duo-kb", "help", "ci"], ["cite"]),
    ])
  func optionValues(words: [String], expected: [String]) throws {
    #expect(try Self.complete(words) == expected)
  }

  @Test func completesQueryFiltersAcrossBashsColonSplit() throws {
    // bash splits `kind:t` into three words: `kind`, `:`, `t`.
    #expect(try Self.complete(["duo-kb", "search", "kind", ":", "t"]) == ["talk"])
    #expect(try Self.complete(["duo-kb", "search", "kind", ":"]) == ["code", "doc", "hig", "talk"])
    #expect(try Self.complete(["duo-kb", "search", "ki"]) == ["kind:code", "kind:doc", "kind:hig", "kind:talk"])
  }

  @Test func completesFilesWhereAFileIsWanted() throws {
    #expect(try Self.complete(["duo-kb", "verify", "no"]) == ["notes.md", "nothing.txt"])
    #expect(try Self.complete(["duo-kb", "search", "--batch", "not"]) == ["notes.md", "nothing.txt"])
  }

  @Test func theOtherShellsNameEveryCommandAndOption() {
    for shell in [CompletionScript.Shell.zsh, .fish] {
      let script = CompletionScript.script(for: shell)
      for command in CommandRegistry.commands {
        #expect(script.contains(command.name), "\(shell): \(command.name)")
        for option in command.options {
          let spelling = shell == .fish ? "-l \(option.name)" : "--\(option.name)"
          #expect(script.contains(spelling), "\(shell): \(command.name) --\(option.name)")
          if !option.choices.isEmpty {
            let words = option.choices.joined(separator: " ")
            #expect(script.contains(shell == .fish ? "'\(words)'" : "(\(words))"), "\(shell): \(option.name) values")
          }
        }
      }
      #expect(script.contains(shell == .fish ? "'kind:talk kind:hig kind:doc kind:code" : "kind\\:talk"), "\(shell)")
    }
  }

  @Test func completionsCommandPrintsTheScriptAndRefusesOtherShells() async {
    let run = await runCLI(["completions", "bash"])
    #expect(run.status == .success && run.stdout == CompletionScript.bash())
    let bad = await runCLI(["completions", "bsh"])
    #expect(bad.status == .usage)
    #expect(bad.stderr.contains("did you mean 'bash'?"))
  }
}

/// `man/duo-kb.1` is what `duo-kb help --man` prints now: it cannot go stale.
@Suite struct ManualPageTests {
  @Test func checkedInManualPageIsCurrent() throws {
    let checkedIn = try RepositoryFile.text("man/duo-kb.1")
    #expect(checkedIn == ManualPage.roff(), "man/duo-kb.1 is out of step with the commands: run scripts/gen-man")
  }

  @Test func manualNamesEveryCommandAndOption() async {
    let run = await runCLI(["help", "--man"])
    #expect(run.status == .success)
    for command in CommandRegistry.commands {
      #expect(run.stdout.contains(".SS \"\(ManualPage.escape(command.name)) "), "\(command.name)")
      for option in command.options {
        #expect(
          run.stdout.contains("\\fB\\-\\-\(ManualPage.escape(option.name))\\fR"), "\(command.name) --\(option.name)")
      }
    }
  }

  @Test func escapesWhatRoffWouldReadAsARequest() {
    #expect(ManualPage.escape(".hidden") == "\\&.hidden")
    #expect(ManualPage.escape("a\\b --c") == "a\\eb \\-\\-c")
  }
}
