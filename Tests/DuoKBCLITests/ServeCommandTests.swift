import Foundation
import Testing

/// `duo-kb serve` refuses what it must before it listens: beyond loopback without a token,
/// an address that is not one, a port or a connection limit out of range, two token options.
@Suite struct ServeCommandTests {
  @Test(
    "Options that cannot start a server are usage errors that say why",
    arguments: [
      (["serve", "--host", "0.0.0.0"], "beyond loopback, needs a token"),
      (["serve", "--host", "example.org"], "'example.org' is not an IP address"),
      (["serve", "--port", "70000"], "--port needs a port number from 0 to 65535, not '70000'"),
      (["serve", "--token", "a", "--token-file", "b"], "give --token or --token-file, not both"),
      (["serve", "--token", ""], "--token needs a token"),
      (["serve", "extra"], "serve takes no arguments"),
      (
        ["serve", "--max-connections-per-address", "0"],
        "--max-connections-per-address needs a number from 1 to 128, not '0'"
      ),
    ])
  func refusals(arguments: [String], message: String) async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(arguments + ["--home", scratch.url.path], in: scratch.url)
    #expect(run.status == .usage)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }
}
