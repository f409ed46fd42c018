import Foundation
import Testing

@testable import DuoKBCLI

/// The zsh and fish scripts in the real shells (scripts/bootstrap installs both; where one
/// is missing its test is skipped).
@Suite struct OtherShellCompletionTests {
  /// The shell's executable, found on PATH: Debian has /usr/bin/zsh and /usr/bin/fish, macOS
  /// /bin/zsh and Homebrew's fish under /opt/homebrew/bin (or /usr/local/bin on Intel).
  static func shell(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static func run(_ shell: String, _ arguments: [String], script: String) throws -> (status: Int32, output: String) {
    let scratch = try ScratchDirectory()
    try scratch.write(script, to: "completion")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    // FILE in an argument stands for the script's path.
    let file = scratch.url.appendingPathComponent("completion").path
    process.arguments = arguments.map { $0.replacingOccurrences(of: "FILE", with: file) }
    process.currentDirectoryURL = scratch.url
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// What fish offers for a command line (the first column of `complete -C`).
  static func fish(_ line: String) throws -> [String] {
    let result = try run(
      try #require(shell("fish")), ["--no-config", "-c", "source FILE; complete -C '\(line)'"],
      script: CompletionScript.fish())
    #expect(result.status == 0, "\(result.output)")
    return result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
  }

  @Test(.enabled(if: shell("fish") != nil, "fish is not on PATH"))
  func fishCompletesCommandsOptionsAndValues() throws {
    #expect(try Self.fish("duo-kb sta") == ["status"])
    #expect(try Self.fish("duo-kb search --format ") == ["json", "markdown", "text", "tsv"])
    #expect(try Self.fish("duo-kb search ki") == ["kind:code", "kind:doc", "kind:hig", "kind:talk"])
    #expect(try Self.fish("duo-kb --col") == ["--color"])
    #expect(try Self.fish("duo-kb completions ") == ["bash", "fish", "zsh"])
  }

  @Test(.enabled(if: shell("zsh") != nil, "zsh is not on PATH"))
  func zshReadsTheScript() throws {
    let result = try Self.run(try #require(Self.shell("zsh")), ["-n", "FILE"], script: CompletionScript.zsh())
    #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
  }
}
