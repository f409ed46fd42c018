import Corpus
import DuoKBTestSizes
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@testable import DuoKBCLI
@testable import DuoKBHarvestCLI

/// A first harvest against a loopback stand-in for Apple's site: the options it needs are
/// remembered, refusals say which option admits a host, and the report stays a few lines
/// however many sources there are, unless something needs attention.
@Suite(.serialized) struct FirstRunTests {
  static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

  static func settings(_ home: ScratchDirectory) throws -> HomeSettings {
    try HomeSettings.load(from: home.url.appendingPathComponent("Corpus/settings.json"), within: home.url)
  }

  @Test func aHostGivenOnceIsRememberedUntilForgotten() async throws {
    let site = try NumberedTalks.site(count: 3)
    let home = try RefreshCommandTests.home(site)
    let first = await RefreshCommandTests.refresh(home)
    #expect(first.status == .success, "\(first.stdout)\(first.stderr)")
    #expect(try Self.settings(home).allowHosts == ["127.0.0.1"])

    let plain = await runCLI(["refresh", "--home", home.url.path])
    #expect(plain.status == .success, "a plain refresh fetches from the remembered host: \(plain.stdout)")
    #expect(plain.stdout.contains("0 added, 0 changed, 3 unchanged, 0 gone, 0 failed"), "\(plain.stdout)")
    let status = await runCLI(["status", "--home", home.url.path])
    #expect(status.stdout.contains("settings: allowed hosts: 127.0.0.1\n"), "\(status.stdout)")

    let forgot = await runCLI(["refresh", "--home", home.url.path, "--forget-host", "127.0.0.1"])
    #expect(forgot.status == .failure)
    #expect(try Self.settings(home).isEmpty)
    #expect(
      forgot.stdout.contains(
        "failed     3 sources: host '127.0.0.1' is not in the allow-list; --allow-host 127.0.0.1 admits it"),
      "the refusal names the option that admits the host: \(forgot.stdout)")
  }

  @Test func setupWithAllowHostOnceThenAPlainRefreshSucceeds() async throws {
    let catalog = try NumberedTalks.site(count: 4, catalogPath: "/catalog.json")
    let home = try ScratchDirectory()
    let setup = await runCLI([
      "setup", "--home", home.url.path, "--catalog-url", catalog.url("/catalog.json"), "--without-hig",
      "--allow-host", "127.0.0.1", "--jobs", "3",
    ])
    #expect(setup.status == .success, "\(setup.stdout)\(setup.stderr)")
    #expect(try Self.settings(home) == HomeSettings(allowHosts: ["127.0.0.1"], jobs: 3))
    let refresh = await runCLI(["refresh", "--home", home.url.path])
    #expect(refresh.status == .success, "\(refresh.stdout)\(refresh.stderr)")
    #expect(refresh.stdout.contains("0 added, 0 changed, 5 unchanged"), "\(refresh.stdout)")
    #expect(
      refresh.stdout.contains("catalog    \(catalog.url("/catalog.json")): 4 matching talks\n"), "\(refresh.stdout)")
    // Given again: hosts are added (once), jobs replaced.
    let again = await runCLI([
      "refresh", "--home", home.url.path, "--allow-host", "127.0.0.1", "--allow-host", "localhost", "--jobs", "2",
    ])
    #expect(again.status == .success, "\(again.stdout)\(again.stderr)")
    #expect(try Self.settings(home) == HomeSettings(allowHosts: ["127.0.0.1", "localhost"], jobs: 2))
  }

  @Test(.tags(.medium)) func twoHundredSourcesPrintAFewLinesUnlessSomethingChanged() async throws {
    let site = try NumberedTalks.site(count: 200)
    let home = try RefreshCommandTests.home(site)
    let first = await RefreshCommandTests.refresh(home)
    #expect(first.status == .success, "\(first.stderr)")
    // The counts, the index, ten of the added and how many more.
    #expect(Self.lines(first.stdout).count <= 15, "\(first.stdout)")
    #expect(first.stdout.contains("… 190 more added or changed (--verbose lists every source)"), "\(first.stdout)")

    let unchanged = await runCLI(["refresh", "--home", home.url.path])
    #expect(unchanged.status == .success, "\(unchanged.stderr)")
    #expect(Self.lines(unchanged.stdout).count == 1, "just the counts: \(unchanged.stdout)")
    #expect(unchanged.stdout.hasPrefix("0 added, 0 changed, 200 unchanged, 0 gone, 0 failed; 200 requests"))

    let verbose = await runCLI(["refresh", "--home", home.url.path, "--verbose"])
    #expect(Self.lines(verbose.stdout).filter { $0.hasPrefix("unchanged  ") }.count == 200, "\(verbose.stdout)")
  }

  @Test(.tags(.medium)) func twoHundredFailuresOfOneCauseAreOneLineInTheReportAndInStatus() async throws {
    let site = try NumberedTalks.site(count: 200)
    let home = try RefreshCommandTests.home(site)
    // No --allow-host: every source is refused before anything connects.
    let refresh = await runCLI(["refresh", "--home", home.url.path])
    #expect(refresh.status == .failure)
    let reported = Self.lines(refresh.stdout)
    #expect(reported.count <= 4, "\(refresh.stdout)")
    #expect(reported.filter { $0.hasPrefix("failed ") }.count == 1, "\(refresh.stdout)")
    #expect(refresh.stdout.contains("failed     200 sources: host '127.0.0.1' is not in the allow-list"))
    #expect(refresh.stdout.contains(" and 197 more\n"), "the first few sources and how many: \(refresh.stdout)")

    let status = await runCLI(["status", "--home", home.url.path])
    let failing = Self.lines(status.stdout).filter { $0.hasPrefix("failing: ") }
    #expect(failing.count == 1, "\(status.stdout)")
    #expect(failing.first?.hasPrefix("failing: 200 sources: host '127.0.0.1' is not in the allow-list") == true)
    #expect(Self.lines(status.stdout).count <= 10, "\(status.stdout)")
    #expect(status.stdout.contains("next: the last refresh failed as shown above;"), "\(status.stdout)")

    let json = await runCLI(["status", "--home", home.url.path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect((object["failing"] as? [Any])?.count == 200, "JSON keeps every source")
    #expect((object["failingByCause"] as? [[String: Any]])?.first?["sources"].map { ($0 as? [Any])?.count } == 200)
  }

  @Test func aMirrorIsRememberedAndItsHostAllowed() async throws {
    let site = try NumberedTalks.site(count: 1)
    let home = try ScratchDirectory()
    let original = "https://developer.apple.com/videos/play/wwdc2025/20000/"
    try home.write(
      "{\"version\": 1, \"sources\": [{\"kind\": \"talk\", \"url\": \"\(original)\"}]}", to: "Corpus/sources.json")
    let mirror = "https://developer.apple.com=" + site.url("")
    // No --allow-host: --mirror names the host it fetches from.
    let first = await runCLI(["refresh", "--home", home.url.path, "--mirror", mirror])
    #expect(first.status == .success, "\(first.stdout)\(first.stderr)")
    #expect(try Self.settings(home).mirrors == [mirror])
    let plain = await runCLI(["refresh", "--home", home.url.path])
    #expect(plain.status == .success, "\(plain.stdout)\(plain.stderr)")
    #expect(plain.stdout.contains("0 added, 0 changed, 1 unchanged"), "\(plain.stdout)")
    let document = try CorpusStore(directory: home.url.appendingPathComponent("Corpus")).read(id: "wwdc2025/20000")
    #expect(document?.url == original, "documents keep the original URL")
    // Forgotten with an empty list of sources, so that nothing asks Apple's site.
    try home.write("{\"version\": 1, \"sources\": []}", to: "empty.json")
    let forgot = await runCLI([
      "refresh", "--home", home.url.path, "--sources", home.url.appendingPathComponent("empty.json").path,
      "--forget-mirror", "https://developer.apple.com",
    ])
    #expect(forgot.status == .success, "\(forgot.stdout)\(forgot.stderr)")
    #expect(try Self.settings(home).isEmpty)
  }

  @Test func aRefreshRefusedForItsOptionsRemembersNothing() async throws {
    let site = try NumberedTalks.site(count: 1)
    let home = try RefreshCommandTests.home(site)
    for bad in [["--deep-every", "often"], ["--timeout", "-1"], ["--mirror", "nonsense"], ["--jobs", "0"]] {
      let run = await runCLI(["refresh", "--home", home.url.path, "--allow-host", "127.0.0.1"] + bad)
      #expect(run.status == .usage, "\(bad): \(run.stderr)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: home.url.appendingPathComponent("Corpus/settings.json").path))
    #expect(site.server.requests.isEmpty)
  }

  @Test func aMalformedSettingsFileStopsTheRefreshAndIsNamedInStatus() async throws {
    let site = try NumberedTalks.site(count: 1)
    let home = try RefreshCommandTests.home(site)
    try home.write("{\"version\": 1, \"allowHosts\": [\"127.0.0.1\"], \"jobs\": 0}\n", to: "Corpus/settings.json")
    let refresh = await runCLI(["refresh", "--home", home.url.path])
    #expect(refresh.status == .usage)
    #expect(
      refresh.stderr.contains("settings.json: jobs: 0 is not a number of connections from 1 to 64"), "\(refresh.stderr)"
    )
    #expect(site.server.requests.isEmpty, "nothing is fetched with settings that do not read")
    let status = await runCLI(["status", "--home", home.url.path])
    #expect(status.stdout.contains("settings: cannot be read: "), "\(status.stdout)")
  }

  @Test func aSettingsFileThatIsASymbolicLinkIsNeitherReadNorWritten() async throws {
    let site = try NumberedTalks.site(count: 1)
    let home = try RefreshCommandTests.home(site)
    let elsewhere = try ScratchDirectory()
    try elsewhere.write("{\"version\": 1}\n", to: "settings.json")
    try FileManager.default.createSymbolicLink(
      at: home.url.appendingPathComponent("Corpus/settings.json"),
      withDestinationURL: elsewhere.url.appendingPathComponent("settings.json"))
    let refresh = await RefreshCommandTests.refresh(home)
    #expect(refresh.status == .usage)
    #expect(refresh.stderr.contains("symbolic link"), "\(refresh.stderr)")
    #expect(try elsewhere.read("settings.json") == "{\"version\": 1}\n", "the link's target is left alone")
  }

  @Test func addRemembersAHostAndRefusesAMalformedOne() async throws {
    let site = try NumberedTalks.site(count: 1)
    let home = try ScratchDirectory()
    let add = await runCLI(["add", "--home", home.url.path, site.pageURL(20_000), "--allow-host", "127.0.0.1"])
    #expect(add.status == .success, "\(add.stderr)")
    #expect(try Self.settings(home).allowHosts == ["127.0.0.1"])
    let refresh = await runCLI(["refresh", "--home", home.url.path])
    #expect(refresh.status == .success, "\(refresh.stdout)\(refresh.stderr)")
    let bad = await runCLI(["add", "--home", home.url.path, site.pageURL(20_001), "--allow-host", "a b/c"])
    #expect(bad.status == .usage)
    #expect(bad.stderr.contains("--allow-host takes a host name"), "\(bad.stderr)")
  }

  @Test func offATerminalProgressIsALineEveryIntervalNotOneASource() async throws {
    let err = BufferOutput()
    let progress = RefreshProgress(
      reporter: Reporter(output: err, environment: [:]),
      client: try HTTPClient(configuration: HTTPClientConfiguration()),
      quiet: false, logInterval: .milliseconds(10))
    progress.start()
    let entry = RefreshReport.Entry(source: "http://127.0.0.1/", status: .unchanged)
    for done in 1...200 { progress.update(done, 400, entry) }
    try await awaitCondition("two progress lines") { err.text.split(separator: "\n").count >= 2 }
    progress.finish()
    let lines = err.text.split(separator: "\n")
    #expect(lines.count >= 2, "a line each interval while nothing finishes: \(err.text)")
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("duo-kb: refresh: 200/400 sources, 0 requests, 0 B, about ") && $0.hasSuffix(" so far")
      },
      "\(err.text)")
    let settled = err.text
    try await Task.sleep(for: .milliseconds(50))  // the subject: five intervals of silence after finish()
    #expect(err.text == settled, "nothing after finish()")
  }

  @Test func quietOrJSONRefreshesShowNoProgress() async throws {
    let err = BufferOutput()
    let progress = RefreshProgress(
      reporter: Reporter(output: err, environment: [:]),
      client: try HTTPClient(configuration: HTTPClientConfiguration()),
      quiet: true, logInterval: .milliseconds(1))
    progress.start()
    progress.update(1, 2, RefreshReport.Entry(source: "http://127.0.0.1/", status: .unchanged))
    try await Task.sleep(for: .milliseconds(20))  // the subject: twenty intervals in which nothing is shown
    progress.finish()
    #expect(err.text.isEmpty)
  }
}
