/// The text of `duo-kb --help` and `duo-kb help COMMAND`.
enum HelpText {
  static func overview() -> String {
    let width = CommandRegistry.commands.map { $0.name.count }.max() ?? 0
    var text = """
      duo-kb \(DuoKBCLI.version): Apple's developer talks and Human Interface Guidelines,
      searchable, answering with exact quotes, their source and their timestamp.

      USAGE: duo-kb [--home DIR] [--color WHEN] COMMAND [ARGUMENTS]

      COMMANDS:

      """
    for command in CommandRegistry.commands {
      text += "  \(padded(command.name, width))  \(command.summary)\n"
    }
    text += """

      GLOBAL OPTIONS:
        --home DIR      the directory holding Corpus/ and Index/; also DUO_KB_HOME. Default:
                        the nearest directory at or above this one with Corpus/sources.json,
                        else ~/Library/Application Support/duo-kb on macOS and
                        $XDG_DATA_HOME/duo-kb (~/.local/share/duo-kb) elsewhere
        --color WHEN    auto, always or never; auto colors a terminal, unless NO_COLOR is
                        set to a non-empty value or TERM is dumb
        -h, --help      show help
        --version       show the version and the commit it was built from

      Results go to stdout, diagnostics to stderr. Exit status: 0 done, 1 no (no hits,
      failures), 2 usage or fatal error. 'duo-kb status' shows the home in use.
      See 'duo-kb help COMMAND' for one command.

      """
    return text
  }

  static func command(_ command: any Command.Type) -> String {
    var text = "USAGE: duo-kb \(command.name) \(command.usage)\n\n\(command.summary)\n"
    if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
    let options = command.options + GlobalOptions.all
    let width = options.map { $0.synopsis.count }.max() ?? 0
    text += "\nOPTIONS:\n"
    for option in options {
      text += "  \(padded(option.synopsis, width))  \(option.help)\n"
    }
    let examples = CommandExamples.of(command)
    if !examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in examples { text += "  \(example.line)\n      \(example.about)\n" }
    }
    return text
  }

  /// `text` cut or filled with spaces to `width` characters.
  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
  }
}
