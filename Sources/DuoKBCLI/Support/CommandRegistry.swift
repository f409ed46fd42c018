/// Which executable runs a command's code.
package enum Executable: Sendable, Equatable {
  /// `duo-kb` itself.
  case duoKB
  /// `duo-kb-harvest`, beside `duo-kb`: the commands that harvest or parse, with libcurl
  /// and libxml2, and `serve`, which every other command starts without. `duo-kb` parses
  /// their options, answers `--help`, then runs the helper in its own place (exec), so that
  /// signals, the exit status and the terminal are the same; the helper runs the same
  /// command line with the code of every command.
  case harvest
}

/// One command of the registry: the command and which executable runs it.
package struct CommandEntry {
  package let command: any Command.Type
  package let executable: Executable
  /// Run by other programs (the shell completions), left out of help and the manual.
  package let isHidden: Bool
  /// The command's code, for one that `duo-kb` runs.
  let runHere: ((ParsedArguments, CommandContext) throws -> ExitStatus)?

  /// A command that `duo-kb` runs.
  static func duoKB<C: LocalCommand>(_ command: C.Type, hidden: Bool = false) -> CommandEntry {
    CommandEntry(command: command, executable: .duoKB, isHidden: hidden) { try C.run(parsing: $0, $1) }
  }

  /// A command whose code is in `duo-kb-harvest`.
  static func harvest<C: Command>(_ command: C.Type) -> CommandEntry {
    CommandEntry(command: command, executable: .harvest, isHidden: false, runHere: nil)
  }
}

/// Every subcommand of both executables, registered in this one place, in the order
/// `--help` lists them, each with the executable that runs it.
package enum CommandRegistry {
  package static var entries: [CommandEntry] {
    [
      .duoKB(SearchCommand.self),
      .duoKB(QuoteCommand.self),
      .duoKB(OpenCommand.self),
      .duoKB(CiteCommand.self),
      .duoKB(VerifyCommand.self),
      .duoKB(AuditCommand.self),
      .duoKB(IndexCommand.self),
      .harvest(ImportCommand.self),
      .duoKB(AddCommand.self),
      .harvest(RefreshCommand.self),
      .harvest(SetupCommand.self),
      .duoKB(StatusCommand.self),
      .duoKB(CheckCommand.self),
      .duoKB(MCPCommand.self),
      .harvest(ServeCommand.self),
      .harvest(ParseCommand.self),
      .duoKB(CompletionsCommand.self),
      .duoKB(HelpCommand.self),
      .duoKB(CompleteIDsCommand.self, hidden: true),
    ]
  }

  /// The commands help, the manual and the completions list.
  package static var commands: [any Command.Type] { entries.filter { !$0.isHidden }.map(\.command) }

  static func entry(named name: String) -> CommandEntry? { entries.first { $0.command.name == name } }

  static func command(named name: String) -> (any Command.Type)? { entry(named: name)?.command }
}
