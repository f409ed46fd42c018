import DuoKBCLI
import Foundation

/// The commands that harvest (libcurl) or parse talk pages (libxml2), and `serve`
/// (libmicrohttpd), for the helper executable `duo-kb-harvest` that `duo-kb` runs in its
/// place for them. Any other command
/// line runs as in `duo-kb`: this is the whole CLI, with the code of every command.
public enum DuoKBHarvestCLI {
  /// The code of the helper commands, by name: every `HelperCommand` of the registry.
  static var code: HelperCommandCode { code(ownsProcess: false) }

  /// As above; `ownsProcess`: the commands run in a process of their own, which a refresh
  /// that does not stop in time may end.
  static func code(ownsProcess: Bool) -> HelperCommandCode {
    [
      ImportCommand.name: { try await ImportCommand.perform($0) },
      RefreshCommand.name: { try await RefreshCommand.perform($0, ownsProcess: ownsProcess) },
      SetupCommand.name: { try await SetupCommand.perform($0) },
      ParseCommand.name: { try await ParseCommand.perform($0) },
      ServeCommand.name: { try await ServeCommand.perform($0) },
    ]
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

/// A helper command with its code: what `duo-kb-harvest` runs in its own process.
protocol HelperCommandRunner: HelperCommand {
  static func perform(_ context: CommandContext) async throws -> ExitStatus
}
