/// Every subcommand, registered in this one place, in the order `--help` lists them.
enum CommandRegistry {
  static var commands: [any Command.Type] {
    [
      SearchCommand.self,
      QuoteCommand.self,
      OpenCommand.self,
      CiteCommand.self,
      VerifyCommand.self,
      AuditCommand.self,
      IndexCommand.self,
      ImportCommand.self,
      AddCommand.self,
      RefreshCommand.self,
      SetupCommand.self,
      StatusCommand.self,
      CheckCommand.self,
      MCPCommand.self,
      ServeCommand.self,
      ParseCommand.self,
      CompletionsCommand.self,
      HelpCommand.self,
    ]
  }

  /// Commands run by other programs (the shell completions), left out of help and the manual.
  static var hidden: [any Command.Type] { [CompleteIDsCommand.self] }

  static func command(named name: String) -> (any Command.Type)? {
    (commands + hidden).first { $0.name == name }
  }
}
