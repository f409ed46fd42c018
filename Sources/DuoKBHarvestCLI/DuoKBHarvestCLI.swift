import DuoKBCLI
import Foundation

/// The commands that harvest (libcurl) or parse talk pages (libxml2), and `serve`
/// (libmicrohttpd), for the helper executable `duo-kb-harvest` that `duo-kb` runs in its
/// place for them. Any other command
/// line runs as in `duo-kb`: this is the whole CLI, with the code of every command.
public enum DuoKBHarvestCLI {
  /// The code of the commands the registry gives to this executable (`Executable.harvest`).
  static var code: HelperCommandCode { code(ownsProcess: false) }

  /// As above; `ownsProcess`: the commands run in a process of their own, which a refresh
  /// that does not stop in time may end.
  static func code(ownsProcess: Bool) -> HelperCommandCode {
    { command in
      guard let runner = command as? any HelperCommandRunner.Type else { return nil }
      return { arguments, context in try await runner.perform(parsing: arguments, context, ownsProcess: ownsProcess) }
    }
  }

  /// Runs one command line (without the program name) and returns its exit status.
  /// `ownsProcess`: this process runs nothing else (the `duo-kb-harvest` executable).
  public static func run(
    _ arguments: [String], ownsProcess: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    stdout: TextOutput = FileDescriptorOutput.standardOutput,
    stderr: TextOutput = FileDescriptorOutput.standardError,
    standardInput: @escaping @Sendable () -> Data = {
      FileHandle.standardInput.readDataToEndOfFile()
    }
  ) async -> ExitStatus {
    await DuoKBCLI.run(
      arguments, environment: environment, workingDirectory: workingDirectory, stdout: stdout, stderr: stderr,
      standardInput: standardInput, helperCode: code(ownsProcess: ownsProcess), replacingProcess: false)
  }
}

/// A command of the registry's `Executable.harvest` with its code: what `duo-kb-harvest`
/// runs in its own process.
protocol HelperCommandRunner: Command {
  /// Runs the command with its checked options. `ownsProcess`: this process runs nothing
  /// else (the `duo-kb-harvest` executable).
  static func perform(_ options: Options, _ context: CommandContext, ownsProcess: Bool) async throws -> ExitStatus
}

extension HelperCommandRunner {
  /// Parses the options, then runs the command with them.
  static func perform(parsing arguments: ParsedArguments, _ context: CommandContext, ownsProcess: Bool)
    async throws -> ExitStatus
  {
    try await perform(try parseOptions(arguments), context, ownsProcess: ownsProcess)
  }
}
