import Foundation
import Testing

@testable import DuoKBCLI

/// The systemd, cron and launchd files refresh the home that `duo-kb search` reads by
/// default, with the binary where scripts/install puts it.
@Suite struct ScheduleFileTests {
  /// Each file's command line, its working directory and how it names the user's home.
  static let files: [(path: String, binary: String, workingDirectory: String)] = [
    ("scripts/schedule/duo-kb-refresh.service", "%h/.local/bin/duo-kb", "WorkingDirectory=/"),
    ("scripts/schedule/crontab.txt", "\"$HOME/.local/bin/duo-kb\"", "cd / &&"),
    (
      "scripts/schedule/duo-kb.refresh.plist", "<string>/Users/USER/.local/bin/duo-kb</string>",
      "<key>WorkingDirectory</key>\n  <string>/</string>"
    ),
  ]

  /// The text without `#` comment lines and `<!-- ... -->` comments.
  static func withoutComments(_ text: String) -> String {
    var rest = Substring(text)
    var kept = ""
    while let open = rest.range(of: "<!--") {
      kept += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "-->") else { return kept }
      rest = rest[close.upperBound...]
    }
    kept += rest
    return kept.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
  }

  @Test(arguments: files.map(\.path))
  func scheduleRefreshesTheDefaultHome(path: String) throws {
    let file = try #require(Self.files.first { $0.path == path })
    let text = try RepositoryFile.text(path)
    let lines = Self.withoutComments(text).split(separator: "\n")
    #expect(!lines.contains { $0.contains("DUO_KB_HOME") || $0.contains("--home") }, "\(path) names a home of its own")
    #expect(text.contains(file.binary), "\(path): the binary is not where scripts/install puts it")
    #expect(text.contains(file.workingDirectory), "\(path) runs elsewhere than /")
    #expect(text.contains("refresh") && text.contains("--quiet"))
  }

  @Test(
    "From /, with no variable, the home is the platform default",
    arguments: [
      HomeDirectory.Platform.macOS, .other,
    ])
  func fromTheRootTheHomeIsTheDefault(platform: HomeDirectory.Platform) {
    let environment = ["HOME": "/Users/USER"]
    let home = HomeDirectory.resolve(
      option: nil, environment: environment, workingDirectory: URL(fileURLWithPath: "/"), platform: platform,
      fileExists: { _ in false })
    #expect(home.origin == .dataHome)
    let expected =
      platform == .macOS
      ? "/Users/USER/Library/Application Support/duo-kb" : "/Users/USER/.local/share/duo-kb"
    #expect(home.url.path == expected)
  }
}
