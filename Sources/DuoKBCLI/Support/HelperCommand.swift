/// A command whose code is in the helper executable `duo-kb-harvest` beside `duo-kb`: the
/// commands that harvest or parse, with libcurl and libxml2, which every other command
/// starts without. The registry lists them like any other (help, the manual, completions,
/// did-you-mean); `duo-kb` parses their arguments, answers `--help`, then runs the helper in
/// its own place (exec), so that signals, the exit status and the terminal are the same.
package protocol HelperCommand: Command {}

extension HelperCommand {
  package static func run(_ context: CommandContext) throws -> ExitStatus {
    guard context.mayReplaceProcess else { throw HelperExecutableError.notInThisProcess(command: name) }
    try HelperExecutable.replaceProcess(
      command: name, arguments: context.commandLine, environment: context.environment)
  }
}

/// The code of helper commands, by name, for the executable that has it (`duo-kb-harvest`).
package typealias HelperCommandCode = [String: @Sendable (CommandContext) async throws -> ExitStatus]
