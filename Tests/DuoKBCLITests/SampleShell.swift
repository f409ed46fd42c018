import DuoKBTestSupport
import Foundation

/// A copy of the sample corpus (Corpus/) in a scratch home, where command lines run in
/// /bin/sh with the built `duo-kb` on PATH, as a person types them. A stand-in for the
/// system's link opener (`open`, `xdg-open`) comes first on PATH: it writes its arguments
/// to `opened.txt`, so that `open --browser` runs for real and opens nothing.
final class SampleShell {
  let scratch: ScratchDirectory
  let binaries: URL

  init() throws {
    scratch = try ScratchDirectory()
    try FileManager.default.copyItem(
      at: ConformanceData.repositoryRoot.appendingPathComponent("Corpus"),
      to: scratch.url.appendingPathComponent("Corpus"))
    binaries = try HelperExecutableTests.executable("duo-kb").deletingLastPathComponent()
    for opener in ["open", "xdg-open"] {
      try scratch.write("#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$HOME/opened.txt\"\n", to: "opener/\(opener)")
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: scratch.url.appendingPathComponent("opener/\(opener)").path)
    }
  }

  var environment: [String: String] {
    [
      "PATH": "\(scratch.url.path)/opener:\(binaries.path):/usr/bin:/bin", "HOME": scratch.url.path,
      "DUO_KB_HOME": scratch.url.path, "NO_COLOR": "1", "LC_ALL": "C.UTF-8",
    ]
  }

  /// Runs `line` in /bin/sh in the home; its exit status and outputs.
  func run(_ line: String, shell: String = "/bin/sh") throws -> HelperExecutableTests.Finished {
    let output = scratch.url.appendingPathComponent(".stdout")
    let errors = scratch.url.appendingPathComponent(".stderr")
    for file in [output, errors] { try Data().write(to: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = ["-c", line]
    process.environment = environment
    process.currentDirectoryURL = scratch.url
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return HelperExecutableTests.Finished(
      status: process.terminationStatus, stdout: try String(contentsOf: output, encoding: .utf8),
      stderr: try String(contentsOf: errors, encoding: .utf8))
  }

  /// What the stand-in opener was given, one argument a line.
  func opened() -> [String] {
    ((try? scratch.read("opened.txt")) ?? "").split(separator: "\n").map(String.init)
  }
}
