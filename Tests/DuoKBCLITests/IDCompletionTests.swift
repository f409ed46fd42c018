import Foundation
import Testing

@testable import DuoKBCLI

/// The completion scripts offer the home's document and citation ids, asking the built
/// `duo-kb` (`__complete-ids`) in real bash and fish.
@Suite struct IDCompletionTests {
  /// What the bash script offers for `words`, the last being typed.
  static func bash(_ words: [String], in shell: SampleShell) throws -> [String] {
    let array = words.map { "'\($0)'" }.joined(separator: " ")
    let finished = try shell.run(
      """
      eval "$(duo-kb completions bash)"
      COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
      _duo_kb
      printf '%s\\n' "${COMPREPLY[@]}"
      """, shell: "/bin/bash")
    #expect(finished.status == 0, "\(finished.stderr)")
    return finished.stdout.split(separator: "\n").map(String.init).sorted()
  }

  @Test func bashCompletesDocumentIDsAndPassageIDs() throws {
    let shell = try SampleShell()
    // No index yet: nothing, and no error on the terminal.
    #expect(try Self.bash(["duo-kb", "quote", "tech"], in: shell) == [])
    #expect(try shell.run("duo-kb index").status == 0)
    #expect(
      try Self.bash(["duo-kb", "quote", "tech-talks/11146"], in: shell) == [
        "tech-talks/111461", "tech-talks/111462", "tech-talks/111463", "tech-talks/111466",
      ])
    #expect(try Self.bash(["duo-kb", "open", "tech-talks/111466"], in: shell) == ["tech-talks/111466"])
    // bash splits `tech-talks/111463@3:4` at the colon; what it puts in place is after it.
    let after = try Self.bash(["duo-kb", "quote", "tech-talks/111463@3", ":", "4"], in: shell)
    #expect(after.contains("46") && after.contains("48"), "\(after)")
    #expect(after.allSatisfy { $0.hasPrefix("4") })
    // Through --home, from anywhere.
    let elsewhere = try Self.bash(["duo-kb", "--home", shell.scratch.url.path, "open", "tech-talks/111461"], in: shell)
    #expect(elsewhere == ["tech-talks/111461"])
    // Words of a query still complete as before.
    #expect(try Self.bash(["duo-kb", "search", "kind", ":", "t"], in: shell) == ["talk"])
  }

  @Test(.enabled(if: OtherShellCompletionTests.shell("fish") != nil, "fish is not on PATH"))
  func fishCompletesIDs() throws {
    let shell = try SampleShell()
    #expect(try shell.run("duo-kb index").status == 0)
    let fish = try #require(OtherShellCompletionTests.shell("fish"))
    let finished = try shell.run(
      "duo-kb completions fish > duo-kb.fish && \(fish) --no-config -c \"source duo-kb.fish; complete -C 'duo-kb quote tech-talks/111463@3:4'\""
    )
    #expect(finished.status == 0, "\(finished.stderr)")
    let offered = finished.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    #expect(offered.contains("tech-talks/111463@3:46") && offered.allSatisfy { $0.hasPrefix("tech-talks/111463@3:4") })
  }

  /// The ids of the home named by --home, after the command or before it, from a folder that
  /// is no home; none without it.
  @Test(.enabled(if: OtherShellCompletionTests.shell("fish") != nil, "fish is not on PATH"))
  func fishCompletesIDsOfTheHomeGiven() throws {
    let shell = try SampleShell()
    #expect(try shell.run("duo-kb index").status == 0)
    let fish = try #require(OtherShellCompletionTests.shell("fish"))
    let finished = try shell.run(
      """
      duo-kb completions fish > duo-kb.fish && home="$PWD" && unset DUO_KB_HOME && cd / && \
      \(fish) --no-config -c "source '$home/duo-kb.fish'
      complete -C 'duo-kb quote --home $home tech-talks/11146'; echo ---
      complete -C 'duo-kb --home $home open tech-talks/111461'; echo ---
      complete -C 'duo-kb quote tech-talks/11146'"
      """)
    #expect(finished.status == 0, "\(finished.stderr)")
    let parts = finished.stdout.components(separatedBy: "---\n").map {
      $0.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }
    #expect(parts.count == 3)
    #expect(parts.first == ["tech-talks/111461", "tech-talks/111462", "tech-talks/111463", "tech-talks/111466"])
    #expect(parts.dropFirst().first == ["tech-talks/111461"])
    #expect(parts.last == [])
  }

  /// zsh's id completion in the real shell, its completion system stood in for: the home of
  /// `--home` after the command (`opt_args`), else before it (`_duo_kb_home`), else none.
  @Test(.enabled(if: OtherShellCompletionTests.shell("zsh") != nil, "zsh is not on PATH"))
  func zshCompletesIDsOfTheHomeGiven() throws {
    let shell = try SampleShell()
    #expect(try shell.run("duo-kb index").status == 0)
    let zsh = try #require(OtherShellCompletionTests.shell("zsh"))
    let finished = try shell.run(
      """
      duo-kb completions zsh > _duo-kb && home="$PWD" && unset DUO_KB_HOME && cd / && \
      \(zsh) -f -c "_arguments() { : }; source '$home/_duo-kb'
      compadd() { print -rl -- \\${(P)\\${@[-1]}} }
      typeset -A opt_args; PREFIX=tech-talks/11146
      opt_args[--home]='$home'; _duo_kb_ids; print -r -- ---
      unset 'opt_args[--home]'; _duo_kb_home='$home'; _duo_kb_ids; print -r -- ---
      _duo_kb_home=; _duo_kb_ids"
      """)
    #expect(finished.status == 0, "\(finished.stderr)")
    let parts = finished.stdout.components(separatedBy: "---\n").map { $0.split(separator: "\n").map(String.init) }
    let ids = ["tech-talks/111461", "tech-talks/111462", "tech-talks/111463", "tech-talks/111466"]
    #expect(parts.count == 3)
    #expect(parts.first.map { Set($0).isSuperset(of: ids) } == true, "\(parts)")
    #expect(parts.dropFirst().first.map { Set($0).isSuperset(of: ids) } == true, "\(parts)")
    #expect(parts.last == [])
  }

  @Test(.enabled(if: OtherShellCompletionTests.shell("zsh") != nil, "zsh is not on PATH"))
  func zshScriptWithIDsParses() throws {
    let zsh = try #require(OtherShellCompletionTests.shell("zsh"))
    let result = try OtherShellCompletionTests.run(zsh, ["-n", "FILE"], script: CompletionScript.zsh())
    #expect(result.status == 0 && CompletionScript.zsh().contains("'*:argument:_duo_kb_ids'"))
  }
}
