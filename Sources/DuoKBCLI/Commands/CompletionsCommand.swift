/// `duo-kb completions bash|zsh|fish`: the shell's completion script, from the registry.
enum CompletionsCommand: LocalCommand {
  static let name = "completions"
  static let summary = "Print the shell completion script for bash, zsh or fish"
  static let usage = "bash|zsh|fish"
  static let discussion = """
    Completes every command, option and option value (--format's words, --kind's kinds,
    files and directories), the query filters (kind:talk), and for quote and open the
    document and citation ids of the home's index (tech-talks/111463@3:46), which the
    script asks 'duo-kb __complete-ids PREFIX' for. scripts/install puts them
    where each shell looks; by hand:
      bash: duo-kb completions bash > ~/.local/share/bash-completion/completions/duo-kb
      zsh:  duo-kb completions zsh > ~/.zfunc/_duo-kb   (with fpath+=(~/.zfunc) before compinit)
      fish: duo-kb completions fish > ~/.config/fish/completions/duo-kb.fish
    """
  static let argumentCompletion = ValueCompletion.words(CompletionScript.Shell.allCases.map(\.rawValue))
  typealias Options = NoOptions

  static func run(_ options: NoOptions, _ context: CommandContext) throws -> ExitStatus {
    let shells = CompletionScript.Shell.allCases.map(\.rawValue)
    guard context.positionals.count == 1, let name = context.positionals.first else {
      throw UsageError(
        "completions needs one shell: \(shells.joined(separator: ", "))", hint: "duo-kb completions bash")
    }
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError(
        "completions knows \(shells.joined(separator: ", ")), not '\(name)'",
        hint: DidYouMean.suggestion(for: name, among: shells).map { "did you mean '\($0)'?" })
    }
    context.stdout.write(CompletionScript.script(for: shell))
    return .success
  }
}
