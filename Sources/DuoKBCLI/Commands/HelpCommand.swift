import KnowledgeBase

/// `duo-kb help [COMMAND]`.
enum HelpCommand: LocalCommand {
  static let name = "help"
  static let summary = "Show help for duo-kb or for one command"
  static let usage = "[COMMAND]"
  static var argumentCompletion: ValueCompletion { .words(CommandRegistry.commands.map { $0.name }) }
  /// `help`'s options.
  struct Options: CommandOptions {
    var man = false
    var generated: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .flag("man", \.man, help: "print the manual page of every command (roff, as duo-kb.1)"),
        .value(
          "generated", "PART", \.generated, .word(among: GeneratedDocs.allCases.map(\.rawValue)),
          help: "print a generated part of the docs: \(QuerySyntax.listed(GeneratedDocs.allCases.map(\.rawValue)))"),
      ]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    if options.man {
      guard context.positionals.isEmpty else { throw UsageError("help --man takes no command") }
      context.stdout.write(ManualPage.roff())
      return .success
    }
    if let name = options.generated {
      guard context.positionals.isEmpty else { throw UsageError("help --generated takes no command") }
      guard let part = GeneratedDocs(rawValue: name) else { throw UsageError("help --generated: no part '\(name)'") }
      context.stdout.write(part.text + "\n")
      return .success
    }
    guard let name = context.positionals.first else {
      context.stdout.write(HelpText.overview())
      return .success
    }
    guard let command = CommandRegistry.command(named: name) else {
      let suggestion = DidYouMean.suggestion(
        for: name, among: CommandRegistry.commands.map { $0.name })
      throw UsageError(
        "unknown command '\(name)'",
        hint: suggestion.map { "did you mean '\($0)'?" } ?? "see 'duo-kb --help' for the commands")
    }
    context.stdout.write(HelpText.command(command))
    return .success
  }
}
