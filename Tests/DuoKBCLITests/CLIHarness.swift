import DuoKBCLI
import DuoKBHarvestCLI
import DuoKBTestSupport
import Foundation

/// Runs the CLI in-process with captured output, in a scratch home directory: the whole CLI
/// of `duo-kb-harvest`, so that the helper commands run here too, not in another process.
struct CLIRun {
  let status: ExitStatus
  let stdout: String
  let stderr: String
}

/// A scratch folder of the CLI's tests, with the files they write and read in it.
final class ScratchDirectory {
  let folder: ScratchFolder
  var url: URL { folder.url }

  init() throws { folder = try ScratchFolder("cli-tests") }

  func write(_ text: String, to relativePath: String) throws {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func read(_ relativePath: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(relativePath), encoding: .utf8)
  }
}

func runCLI(
  _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
  stdin: String = "", stdoutIsTerminal: Bool = false
) async -> CLIRun {
  let out = BufferOutput(isTerminal: stdoutIsTerminal)
  let err = BufferOutput()
  let workingDirectory = directory ?? FileManager.default.temporaryDirectory
  var environment = environment
  if environment["HOME"] == nil { environment["HOME"] = workingDirectory.path }
  let input = Data(stdin.utf8)
  let status = await DuoKBHarvestCLI.run(
    arguments, environment: environment, workingDirectory: workingDirectory, stdout: out,
    stderr: err, standardInput: { input })
  return CLIRun(status: status, stdout: out.text, stderr: err.text)
}
