/// Options every command accepts, before or after its name.
package struct GlobalOptions: CommandOptions {
  /// `--home DIR`: nil for the default (`HomeDirectory.resolve`).
  package var home: String?
  package var color = ColorChoice.auto
  package var help = false

  package init() {}

  package static var declarations: [OptionDeclaration<GlobalOptions>] {
    [
      .value("home", "DIR", \.home, .text, help: "the directory that holds Corpus/ and Index/ (or DUO_KB_HOME)"),
      .value(
        ColorChoice.optionName, "WHEN", \.color, .choice,
        help: "auto, always or never (default auto: a terminal, no NO_COLOR, no TERM=dumb)"),
      .flag("help", short: "h", \.help, help: "show help for this command"),
    ]
  }

  /// The specs of the options, for help, the manual and the completions.
  static var all: [OptionSpec] { declarations.map(\.spec) }

  /// An option before the command that is none of these: named, with the closest spelling.
  static func unknown(_ argument: String) -> UsageError {
    let suggestion =
      DidYouMean.globalOption(for: argument)
      ?? DidYouMean.suggestion(for: argument, among: all.map { "--\($0.name)" } + ["--version"])
    return UsageError(
      "unknown option '\(argument)'",
      hint: suggestion.map { "did you mean '\($0)'? see 'duo-kb --help'" }
        ?? "see 'duo-kb --help' for the global options")
  }
}
