import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A subcommand of `duo-kb`: its name, help text, options and what it does.
package protocol Command {
  static var name: String { get }
  /// One line for `duo-kb --help`.
  static var summary: String { get }
  /// The synopsis after `duo-kb NAME`, e.g. `QUERY [--limit N]`.
  static var usage: String { get }
  /// Paragraphs for `duo-kb help NAME`.
  static var discussion: String { get }
  static var options: [OptionSpec] { get }
  /// What completes the command's arguments (shell completions).
  static var argumentCompletion: ValueCompletion { get }
  static func run(_ context: CommandContext) throws -> ExitStatus
}

extension Command {
  package static var discussion: String { "" }
  package static var argumentCompletion: ValueCompletion { .none }

  /// The option of this command (or a global one) with this name.
  package static func option(_ name: String) -> OptionSpec {
    guard let spec = (options + GlobalOptions.all).first(where: { $0.name == name }) else {
      preconditionFailure("\(self.name) has no option --\(name)")
    }
    return spec
  }
}

/// What a shell may offer for an argument or an option's value.
package enum ValueCompletion: Sendable, Equatable {
  case none, files, directories
  case words([String])
  /// The document ids and citation ids of the home's index (`duo-kb __complete-ids PREFIX`).
  case citationIDs
}

/// What a running command gets: its arguments, the process environment and outputs.
package struct CommandContext: Sendable {
  package let arguments: ParsedArguments
  package let environment: [String: String]
  package let workingDirectory: URL
  package let stdout: TextOutput
  package let reporter: Reporter
  package let standardInput: @Sendable () -> Data
  /// The whole command line after the program name, as given (what a helper command runs).
  package let commandLine: [String]
  /// Whether a helper command may replace this process with the helper executable (only
  /// in the `duo-kb` executable, never in a process that runs the CLI in-process).
  package let mayReplaceProcess: Bool

  package var home: HomeDirectory {
    HomeDirectory.resolve(
      option: arguments.value("home"), environment: environment,
      workingDirectory: workingDirectory)
  }

  /// Whether stdout may carry color (`--color`, else a terminal without NO_COLOR or TERM=dumb).
  package var stdoutUsesColor: Bool {
    let choice = arguments.value(ColorChoice.optionName).flatMap(ColorChoice.init(rawValue:)) ?? .auto
    return choice.usesColor(stdout, environment: environment)
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
