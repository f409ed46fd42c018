import Corpus
import DuoKBCLI
import DuoKBHarvestCLI
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@Suite struct RefreshCommandTests {
  static func home(_ site: FixtureSite) throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    try scratch.write(site.sourcesJSON, to: "Corpus/sources.json")
    return scratch
  }

  static func refresh(_ scratch: ScratchDirectory, _ extra: [String] = [], environment: [String: String] = [:]) async
    -> CLIRun
  {
    await refresh(home: scratch.url, extra, environment: environment)
  }

  static func refresh(home: URL, _ extra: [String] = [], environment: [String: String] = [:]) async -> CLIRun {
    await runCLI(["refresh", "--home", home.path, "--allow-host", "127.0.0.1"] + extra, environment: environment)
  }

  @Test func refreshHarvestsRebuildsTheIndexAndLogsTheChange() async throws {
    let site = try NumberedTalks.site(count: 3)
    let scratch = try Self.home(site)
    let run = await Self.refresh(scratch)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("3 added, 0 changed, 0 unchanged, 0 gone, 0 failed"), "\(run.stdout)")
    #expect(run.stdout.contains("index rebuilt: 3 documents"))
    #expect(run.stdout.contains("; checked: every byte as written"), "duo-kb check runs after a rebuild: \(run.stdout)")
    let search = await runCLI(["search", "both displays", "--home", scratch.url.path])
    #expect(search.status == .success)
    #expect(!search.stderr.contains("rebuilt"), "the refresh left the index current: \(search.stderr)")
    let log = ChangeLog(corpus: CorpusStore(directory: scratch.url.appendingPathComponent("Corpus"))).entries()
    #expect(log.count == 1 && log[0].added.count == 3 && log[0].isClean)
    #expect(try scratch.read(".refresh.lock").isEmpty, "the lock is released")

    let again = await Self.refresh(scratch)
    #expect(again.status == .success)
    #expect(again.stdout.contains("0 added, 0 changed, 3 unchanged"))
    #expect(again.stdout.contains("3 requests"), "one request per source: \(again.stdout)")
    #expect(!again.stdout.contains("index rebuilt"))
  }

  @Test func deepRevalidatesEveryPlaylistAndSegmentAndDeepEverySetsThePeriod() async throws {
    let site = try NumberedTalks.site(count: 2)
    let scratch = try Self.home(site)
    let harvested = ["SOURCE_DATE_EPOCH": "1800000000"]
    #expect(await Self.refresh(scratch, environment: harvested).status == .success)
    // Page, master, media and two segments per talk, all answered 304.
    let deep = await Self.refresh(scratch, ["--deep", "--format", "json"], environment: harvested)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(deep.stdout.utf8)) as? [String: Any])
    #expect(object["requests"] as? Int == 10)
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(entries.allSatisfy { $0["deepChecked"] as? Bool == true && $0["status"] as? String == "unchanged" })
    #expect(site.server.requests.suffix(10).allSatisfy { $0.header("If-None-Match") != nil })
    // Twelve hours on: with the default period (7 days) none is due yet; with an hour, all.
    let later = ["SOURCE_DATE_EPOCH": "1800043200"]
    let ordinary = await Self.refresh(scratch, ["--format", "json"], environment: later)
    #expect(
      (try JSONSerialization.jsonObject(with: Data(ordinary.stdout.utf8)) as? [String: Any])?["requests"] as? Int == 2)
    let daily = await Self.refresh(scratch, ["--deep-every", "1h", "--format", "json"], environment: later)
    #expect(
      (try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) as? [String: Any])?["requests"] as? Int == 10)
  }

  @Test func jsonReportHasEntriesCountsAndTheIndex() async throws {
    let site = try NumberedTalks.site(count: 2, failing: [20_001])
    let scratch = try Self.home(site)
    let run = await Self.refresh(scratch, ["--format", "json"])
    #expect(run.status == .failure)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let counts = try #require(object["counts"] as? [String: Int])
    #expect(counts == ["added": 1, "changed": 0, "unchanged": 0, "gone": 0, "failed": 1])
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(entries.map { $0["status"] as? String } == ["added", "failed"])
    #expect((entries[1]["error"] as? String)?.contains("HTTP status 404") == true)
    #expect((object["index"] as? [String: Any])?["status"] as? String == "rebuilt")
    let groups = try #require(object["failuresByCause"] as? [[String: Any]])
    #expect(groups.count == 1 && groups[0]["cause"] as? String == "HTTP status 404", "\(groups)")
    #expect(groups.first?["sources"] as? [String] == ["wwdc2025/20001"])
    #expect(run.stderr.isEmpty, "no progress lines with --format json: \(run.stderr)")
  }

  @Test func quietPrintsOnlyFailures() async throws {
    let site = try NumberedTalks.site(count: 2, failing: [20_001])
    let scratch = try Self.home(site)
    let run = await Self.refresh(scratch, ["--quiet"])
    #expect(run.status == .failure)
    #expect(run.stdout.split(separator: "\n").count == 1, "\(run.stdout)")
    #expect(run.stdout.hasPrefix("failed     wwdc2025/20001: "))
    #expect(run.stderr.isEmpty)
    let clean = try NumberedTalks.site(count: 1)
    let cleanHome = try Self.home(clean)
    let quiet = await Self.refresh(cleanHome, ["-q"])
    #expect(quiet.status == .success && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
  }

  @Test func noLinePerSourceWhenNotATerminal() async throws {
    let site = try NumberedTalks.site(count: 2)
    let scratch = try Self.home(site)
    let run = await Self.refresh(scratch)
    // A line every 5 seconds (FirstRunTests), none per source.
    #expect(!run.stderr.contains("duo-kb: ["), "\(run.stderr)")
    #expect(!run.stderr.contains("\r"))
  }

  @Test func progressLineIsRedrawnOnATerminal() async throws {
    let site = try NumberedTalks.site(count: 3)
    let scratch = try Self.home(site)
    let out = BufferOutput()
    let err = BufferOutput(isTerminal: true)
    let status = await DuoKBHarvestCLI.run(
      ["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1"], environment: ["NO_COLOR": "1"],
      workingDirectory: scratch.url, stdout: out, stderr: err, standardInput: { Data() })
    #expect(status == .success)
    let draws = err.text.components(separatedBy: "\r\u{1B}[K").dropFirst()
    // One draw a source, and one a second while the refresh runs.
    #expect(draws.count >= 3, "\(err.text.debugDescription)")
    // The draw when the first source finished (the clock's draws may come before it).
    let first = draws.first { $0.contains(" 1/3 sources, ") }
    #expect(first?.hasPrefix("[######--------------] 1/3 sources, ") == true, "\(draws)")
    #expect(first?.contains("about ") == true && first?.contains(" left") == true)
    #expect(
      draws.last?.hasPrefix("[####################] 3/3 sources done, ") == true && draws.last?.hasSuffix("\n") == true,
      "\(draws)")
    #expect(draws.allSatisfy { $0.contains(" requests, ") })
  }

  @Test func secondRefreshWhileOneRunsExitsAtOnceWithStatus2() async throws {
    let site = try NumberedTalks.site(count: 1)
    let scratch = try Self.home(site)
    let held = try RefreshLock.acquire(at: scratch.url.appendingPathComponent(".refresh.lock"))
    defer { held.release() }
    let run = await Self.refresh(scratch)
    #expect(run.status == .usage)
    #expect(
      run.stderr.contains("another refresh is running (pid \(ProcessInfo.processInfo.processIdentifier))"),
      "\(run.stderr)")
    #expect(site.server.requests.isEmpty)
  }

  @Test func twoConcurrentRefreshesOneRunsTheOtherExitsWithStatus2() async throws {
    let site = try NumberedTalks.site(count: 6, delayMilliseconds: 100)
    let scratch = try Self.home(site)
    let home = scratch.url
    async let first = Self.refresh(home: home)
    async let second = Self.refresh(home: home)
    let runs = await [first, second]
    #expect(runs.map(\.status.rawValue).sorted() == [0, 2], "\(runs.map(\.stderr))")
    #expect(runs.contains { $0.stderr.contains("another refresh is running") })
    let log = ChangeLog(corpus: CorpusStore(directory: scratch.url.appendingPathComponent("Corpus"))).entries()
    #expect(log.count == 1, "the refused refresh logs nothing")
  }

  @Test func staleLockIsTakenOver() async throws {
    let site = try NumberedTalks.site(count: 1)
    let scratch = try Self.home(site)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    try scratch.write("\(process.processIdentifier)\n", to: ".refresh.lock")
    let run = await Self.refresh(scratch)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stderr.contains("took over the lock left by process \(process.processIdentifier)"))
  }

  @Test func deadlineThatHasPassedReportsSourcesNotAttempted() async throws {
    let site = try NumberedTalks.site(count: 3, delayMilliseconds: 300)
    let scratch = try Self.home(site)
    let run = await Self.refresh(scratch, ["--timeout", "0.05"])
    #expect(run.status == .failure)
    #expect(run.stdout.contains("not attempted: deadline") || run.stdout.contains("deadline passed"), "\(run.stdout)")
  }

  @Test(
    "Refuses bad options with status 2",
    arguments: [
      ["--deep-every", "soon"], ["--timeout", "-1"], ["--source-timeout", "0"], ["--source-timeout", "nan"],
      ["--format", "xml"], ["extra"],
    ])
  func refusesBadOptions(_ arguments: [String]) async throws {
    let site = try NumberedTalks.site(count: 1)
    let scratch = try Self.home(site)
    let run = await Self.refresh(scratch, arguments)
    #expect(run.status == .usage, "\(run.stderr)")
    #expect(site.server.requests.isEmpty)
  }

  @Test func searchesDuringARefreshNeverFail() async throws {
    let site = try NumberedTalks.site(count: 12, delayMilliseconds: 5)
    let scratch = try Self.home(site)
    // A first harvest of some talks, so that the index exists before the refresh.
    try scratch.write(
      "{\"version\": 1, \"sources\": [{\"kind\": \"talk\", \"url\": \"\(site.pageURL(20_000))\"}]}",
      to: "Corpus/sources.json")
    #expect(await Self.refresh(scratch).status == .success)
    try scratch.write(site.sourcesJSON, to: "Corpus/sources.json")
    let home = scratch.url.path
    let finished = DoneFlag()
    let homeURL = scratch.url
    let refresh = Task {
      let run = await Self.refresh(home: homeURL, ["--deep"])
      finished.set()
      return run
    }
    repeat {
      let search = await runCLI(["search", "\"both displays\"", "--home", home, "--format", "json"])
      #expect(search.status == .success, "\(search.stderr)")
    } while !finished.isSet
    #expect(await refresh.value.status == .success)
    let final = await runCLI(["search", "\"talk number 20011\"", "--home", home])
    #expect(final.status == .success)
  }
}

/// Set once, read from any task.
final class DoneFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false
  func set() { lock.withLock { done = true } }
  var isSet: Bool { lock.withLock { done } }
}
