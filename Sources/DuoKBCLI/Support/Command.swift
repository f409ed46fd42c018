import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A subcommand: its name, help text and typed options. The registry says which executable
/// runs it; one that `duo-kb` runs itself is a `LocalCommand`, the others have their code
/// in `duo-kb-harvest`.
package protocol Command {
  /// The command's options, parsed and validated before it runs.
  associatedtype Options: CommandOptions
  static var name: String { get }
  /// One line for `duo-kb --help`.
  static var summary: String { get }
  /// The synopsis after `duo-kb NAME`, e.g. `QUERY [--limit N]`.
  static var usage: String { get }
  /// Paragraphs for `duo-kb help NAME`.
  static var discussion: String { get }
  /// What completes the command's arguments (shell completions).
  static var argumentCompletion: ValueCompletion { get }
}

/// A command that `duo-kb` runs in its own process.
package protocol LocalCommand: Command {
  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus
}

extension Command {
  package static var discussion: String { "" }
  package static var argumentCompletion: ValueCompletion { .none }

  /// The specs of the command's own options, for help, the manual and the completions.
  package static var options: [OptionSpec] { Options.declarations.map(\.spec) }

  /// The command's options from a split command line, converted and validated.
  package static func parseOptions(_ arguments: ParsedArguments) throws(UsageError) -> Options {
    try Options.parse(arguments)
  }
}

extension LocalCommand {
  /// Parses the options, then runs the command with them.
  static func run(parsing arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
    try run(try parseOptions(arguments), context)
  }
}

/// What a shell may offer for an argument or an option's value.
package enum ValueCompletion: Sendable, Equatable {
  case none, files, directories
  case words([String])
  /// The document ids and citation ids of the home's index (`duo-kb __complete-ids PREFIX`).
  case citationIDs
}

/// What a running command gets: its arguments, the global options, the process
/// environment and outputs (its own options come typed beside it).
package struct CommandContext: Sendable {
  /// The arguments that are not options, in order.
  package let positionals: [String]
  package let global: GlobalOptions
  package let environment: [String: String]
  package let workingDirectory: URL
  package let stdout: TextOutput
  package let reporter: Reporter
  package let standardInput: @Sendable () -> Data
  /// The whole command line after the program name, as given (what a helper command runs).
  package let commandLine: [String]

  package var home: HomeDirectory {
    HomeDirectory.resolve(
      option: global.home, environment: environment,
      workingDirectory: workingDirectory)
  }

  /// Whether stdout may carry color (`--color`, else a terminal without NO_COLOR or TERM=dumb).
  package var stdoutUsesColor: Bool {
    global.color.usesColor(stdout, environment: environment)
  }

  /// A path argument made absolute against the working directory.
  package func fileURL(_ path: String) -> URL {
    let expanded = TildeExpansion.expand(path, environment: environment)
    if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded) }
    return workingDirectory.appendingPathComponent(expanded).standardizedFileURL
  }

  /// The bytes of a file argument, or of standard input for `-`.
  package func read(_ path: String) throws -> Data {
    if path == "-" { return standardInput() }
    do {
      return try Data(contentsOf: fileURL(path))
    } catch {
      throw CommandFailure("cannot read \(path): \(ErrorReason.of(error))")
    }
  }
}
