import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The command-line front of duo-kb: parses arguments, calls the library, prints.
/// Only this module prints or picks an exit status.
public enum DuoKBCLI {
  public static let version = DuoKBVersion.current

  /// What `--version` prints after the program name: the version and the commit built.
  public static var versionLine: String { "\(version) (commit \(BuildCommit.id))" }

  /// Runs one command line (without the program name) and returns its exit status. A
  /// command of the helper executable (`refresh`, `import`, ...) fails here with an error
  /// that says so: in-process callers run `DuoKBHarvestCLI.run`, which has every command.
  public static func run(
    _ arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    stdout: TextOutput = FileDescriptorOutput.standardOutput,
    stderr: TextOutput = FileDescriptorOutput.standardError,
    standardInput: @escaping @Sendable () -> Data = FileDescriptorOutput.readStandardInput
  ) async -> ExitStatus {
    await run(
      arguments, environment: environment, workingDirectory: workingDirectory, stdout: stdout, stderr: stderr,
      standardInput: standardInput, helperCode: { _ in nil }, replacingProcess: false)
  }

  /// What the `duo-kb` executable runs: `run`, where a helper command replaces this process
  /// with `duo-kb-harvest` (exec), which runs the same command line. Synchronous: every
  /// command here runs on the calling thread, so a one-off search starts no thread of the
  /// concurrency runtime (each one costs the process its start and, on every unmapping, a
  /// TLB flush on the other cores).
  public static func runExecutable(_ arguments: [String]) -> ExitStatus {
    let outcome = start(
      arguments, environment: ProcessEnvironment.current(),
      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      stdout: FileDescriptorOutput.standardOutput, stderr: FileDescriptorOutput.standardError,
      standardInput: FileDescriptorOutput.readStandardInput, helperCode: { _ in nil }, replacingProcess: true)
    switch outcome {
    case .finished(let status): return status
    // No helper code runs in this process: a helper command has replaced it or failed.
    case .helper(_, _, _, let reporter):
      return failure(UsageError("this command runs in duo-kb-harvest"), reporter: reporter)
    }
  }

  /// `run`, with the code of the helper commands that run here; the others replace this
  /// process with the helper executable when `replacingProcess`, else fail.
  package static func run(
    _ arguments: [String], environment: [String: String], workingDirectory: URL, stdout: TextOutput,
    stderr: TextOutput, standardInput: @escaping @Sendable () -> Data, helperCode: HelperCommandCode,
    replacingProcess: Bool
  ) async -> ExitStatus {
    let outcome = start(
      arguments, environment: environment, workingDirectory: workingDirectory, stdout: stdout, stderr: stderr,
      standardInput: standardInput, helperCode: helperCode, replacingProcess: replacingProcess)
    switch outcome {
    case .finished(let status): return status
    case .helper(let code, let arguments, let context, let reporter):
      do { return try await code(arguments, context) } catch { return failure(error, reporter: reporter) }
    }
  }

  /// How a command line went: finished here, or to be finished by a helper command's code.
  private enum Outcome {
    case finished(ExitStatus)
    case helper(
      (ParsedArguments, CommandContext) async throws -> ExitStatus, ParsedArguments, CommandContext,
      Reporter)
  }

  /// Parses the command line and runs its command, unless `helperCode` has the command.
  private static func start(
    _ arguments: [String], environment: [String: String], workingDirectory: URL, stdout: TextOutput,
    stderr: TextOutput, standardInput: @escaping @Sendable () -> Data, helperCode: HelperCommandCode,
    replacingProcess: Bool
  ) -> Outcome {
    let reporter = Reporter(output: stderr, environment: environment, color: ColorChoice.scan(arguments))
    do {
      let (entry, rest) = try splitCommand(arguments, stdout: stdout)
      guard let entry else { return .finished(.success) }
      let command = entry.command
      let parsed = try ArgumentParser.parse(rest, options: command.options + GlobalOptions.all, command: command.name)
      let global = try GlobalOptions.parse(parsed)
      if global.help {
        stdout.write(HelpText.command(command))
        return .finished(.success)
      }
      let context = CommandContext(
        positionals: parsed.positionals, global: global, environment: environment,
        workingDirectory: workingDirectory, stdout: stdout, reporter: reporter, standardInput: standardInput,
        commandLine: arguments)
      // A command's options are parsed and checked before it runs: a helper command's here
      // too, before its code runs or the helper replaces this process.
      if let runHere = entry.runHere { return .finished(try runHere(parsed, context)) }
      _ = try command.parseOptions(parsed)
      if let code = helperCode(command) { return .helper(code, parsed, context, reporter) }
      guard replacingProcess else { throw HelperExecutableError.notInThisProcess(command: command.name) }
      try HelperExecutable.replaceProcess(command: command.name, arguments: arguments, environment: environment)
    } catch {
      return .finished(failure(error, reporter: reporter))
    }
  }

  /// Reports `error` in words and gives the exit status it calls for.
  private static func failure(_ error: any Error, reporter: Reporter) -> ExitStatus {
    if let error = error as? any UserFacingError {
      reporter.error(error.summary, hint: error.hint)
      return error.exitStatus
    }
    reporter.error(ErrorWording.describe(error))
    return .usage
  }

  /// Handles the global options before the command name; returns the command to run
  /// and its arguments, or nil when the global options already answered (--help, --version).
  private static func splitCommand(_ arguments: [String], stdout: TextOutput)
    throws(UsageError) -> (CommandEntry?, [String])
  {
    var leading: [String] = []
    var index = 0
    while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-" {
      let argument = arguments[index]
      switch argument {
      case "--help", "-h":
        stdout.write(HelpText.overview())
        return (nil, [])
      case "--version":
        stdout.write("duo-kb \(versionLine)\n")
        return (nil, [])
      default:
        let name = argument.hasPrefix("--") ? String(argument.dropFirst(2).prefix { $0 != "=" }) : ""
        guard let spec = GlobalOptions.all.first(where: { $0.takesValue && $0.name == name }) else {
          throw GlobalOptions.unknown(argument)
        }
        if argument.contains("=") {
          leading.append(argument)
          index += 1
        } else {
          guard index + 1 < arguments.count else {
            throw UsageError("--\(name) needs a value (\(spec.valueName ?? "VALUE"))", hint: "see 'duo-kb --help'")
          }
          leading += [argument, arguments[index + 1]]
          index += 2
        }
      }
    }
    guard index < arguments.count else {
      throw UsageError("no command given", hint: "see 'duo-kb --help' for the commands")
    }
    let name = arguments[index]
    guard let entry = CommandRegistry.entry(named: name) else {
      let suggestion =
        DidYouMean.globalOption(for: name)
        ?? DidYouMean.suggestion(for: name, among: CommandRegistry.commands.map { $0.name })
      throw UsageError(
        "unknown command '\(name)'",
        hint: suggestion.map { "did you mean '\($0)'? see 'duo-kb --help'" }
          ?? "see 'duo-kb --help' for the commands")
    }
    return (entry, leading + arguments[(index + 1)...])
  }
}
