/// One example of a command: a shell command line (`duo-kb` and what follows, perhaps in a
/// pipeline), what it does, and the exit status it ends with on the sample corpus in Corpus/.
/// ExamplesRunTests runs every example that `help COMMAND` prints, there.
struct CommandExample: Sendable {
  let line: String
  let about: String
  let status: ExitStatus

  init(_ line: String, _ about: String, status: ExitStatus = .success) {
    self.line = line
    self.about = about
    self.status = status
  }
}

/// The examples of `help COMMAND` and of the manual's EXAMPLES, by command name: one table,
/// so that a command's file holds what it does and this one what to type. Only commands that
/// answer from the corpus at hand have examples here (none that reaches the network).
enum CommandExamples {
  static func of(_ command: any Command.Type) -> [CommandExample] { table[command.name] ?? [] }

  static let table: [String: [CommandExample]] = [
    "search": [
      .init(#"duo-kb search "scrolling content""#, "quotes with their talk, time, link and citation id"),
      .init(
        #"duo-kb search --format tsv "scrolling content" | cut -f1"#,
        "only the citation ids, one a line, as quote, open and cite take them"),
      .init(
        "duo-kb search --format tsv --limit 50 layout | grep -i region", "one line per hit, for grep, awk or fzf"),
      .init(#"duo-kb search 'kind:talk "safe area"' --strict"#, "a phrase, in talks only, every word required"),
      .init(
        #"duo-kb search "tab bar outer display" --limit 2 --explain"#,
        "why each hit ranked where it did: each word's part by field and context"),
    ],
    "quote": [
      .init("duo-kb quote tech-talks/111463@3:46 --context 1", "the words at 3:46, with a passage either side"),
      .init("duo-kb quote tech-talks/111463", "a talk's title, event and chapters, with their ids"),
      .init(
        #"duo-kb search --format tsv "scrolling content" --limit 1 | cut -f1 | xargs duo-kb quote"#,
        "quote the best hit of a search"),
    ],
    "open": [
      .init("duo-kb open tech-talks/111463@3:46", "the talk's page at 3:46 (?time=226)"),
      .init("duo-kb open --browser tech-talks/111463", "the talk's page, in the browser"),
    ],
    "cite": [
      .init("duo-kb cite tech-talks/111463@3:46", "a Markdown citation of those words, ready to paste"),
      .init(#"duo-kb cite "scrolling content" --format bibtex"#, "the best hit of a search, as BibTeX"),
    ],
    "verify": [
      .init(
        "duo-kb quote tech-talks/111463@3:46 --format markdown > notes.md && duo-kb verify notes.md",
        "check every quotation of a write-up against the corpus")
    ],
    "index": [.init("duo-kb index --rebuild", "build the index again from the corpus")],
    "check": [.init("duo-kb check", "verify the index's checksums and the corpus")],
    "completions": [.init("duo-kb completions fish > duo-kb.fish", "fish's completion script, in a file")],
    "help": [.init("duo-kb help search", "one command's usage, options and examples")],
  ]
}
