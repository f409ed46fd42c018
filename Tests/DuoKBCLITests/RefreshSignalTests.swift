import Corpus
import DuoKBTestSizes
import DuoKBTestSupport
import Foundation
import Harvest
import SearchIndex
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `duo-kb` binary, killed or stopped mid-refresh against a slow loopback site.
///
/// These tests run the executable beside the tests (`swift build --build-tests` makes it;
/// `BuiltProducts` builds it when it is missing, or fails saying what to run).
@Suite(.serialized) struct RefreshSignalTests {
  static func requireBinary() throws -> URL { try BuiltProducts.executable("duo-kb") }

  static func start(_ binary: URL, _ arguments: [String], output: FileHandle? = nil) throws -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Every document file decodes, and the index (when there is one) opens.
  static func expectReadable(_ home: URL, run: Int) {
    let store = CorpusStore(directory: home.appendingPathComponent("Corpus"))
    #expect(throws: Never.self, "run \(run): the corpus reads") { _ = try store.readAll() }
    let index = home.appendingPathComponent("Index")
    if FileManager.default.fileExists(atPath: index.appendingPathComponent("CURRENT").path) {
      #expect(throws: Never.self, "run \(run): the index opens") { _ = try SearchIndex.open(at: index) }
    }
    #expect(ChangeLog(corpus: store).entries().count <= run + 1)
  }

  @Test(.tags(.medium)) func sigkillAtAnyPointLeavesAReadableCorpusAndIndexAndTheNextRefreshCompletes() async throws {
    let binary = try Self.requireBinary()
    let site = try NumberedTalks.site(count: 8, delayMilliseconds: 10)
    let scratch = try RefreshCommandTests.home(site)
    let store = CorpusStore(directory: scratch.url.appendingPathComponent("Corpus"))
    let arguments = ["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1", "--quiet"]
    for run in 0..<20 {
      // Take a document away so that every run has writing to do, then kill the refresh
      // after a delay that moves through it, from its start to past its end.
      if let victim = try store.documentFiles().dropFirst(run % 8).first {
        try store.remove(id: victim.id)
      }
      let process = try Self.start(binary, arguments)
      try await Task.sleep(for: .milliseconds(run * 12))  // the subject: a kill at every point of the run
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      Self.expectReadable(scratch.url, run: run)
    }
    let final = await RefreshCommandTests.refresh(scratch)
    #expect(final.status == .success, "\(final.stdout)\(final.stderr)")
    #expect(try store.documentFiles().count == 8)
    let status = await runCLI(["status", "--home", scratch.url.path, "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    #expect(object?["indexMatchesCorpus"] as? Bool == true)
    #expect(try store.readAll().allSatisfy { !$0.passages.isEmpty })
    let leftovers =
      FileManager.default.enumerator(atPath: store.directory.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".tmp") } ?? []
    #expect(leftovers.isEmpty, "half-written files of killed refreshes are swept: \(leftovers)")
  }

  @Test(.tags(.medium), arguments: [SIGTERM, SIGINT])
  func signalStopsGracefullyReleasesTheLockAndPrintsTheReport(signal: Int32) async throws {
    let binary = try Self.requireBinary()
    let site = try NumberedTalks.site(count: 30, delayMilliseconds: 100)
    let scratch = try RefreshCommandTests.home(site)
    let pipe = Pipe()
    let process = try Self.start(
      binary, ["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1"], output: pipe.fileHandleForWriting)
    // Wait until it is at work (the handlers are in place before the first request).
    try await awaitCondition("the refresh's first request") { !site.server.requests.isEmpty }
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    try pipe.fileHandleForWriting.close()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit, "ended by its own exit, not the signal")
    #expect(process.terminationStatus == 1, "\(output)")
    #expect(output.contains("; interrupted"), "\(output)")
    #expect(output.contains("not attempted: interrupted"))
    // The compact summary, not a line for each source left: the counts, the group of
    // sources not attempted (two lines), what was added, and how to go on.
    let lines = output.split(separator: "\n")
    #expect(lines.filter { $0.contains("not attempted: interrupted") }.count == 1, "\(output)")
    #expect(lines.count <= 16, "\(output)")
    #expect(output.contains("Run 'duo-kb refresh' to continue."), "\(output)")
    #expect(try scratch.read(".refresh.lock").isEmpty, "the lock is released")
    let log = ChangeLog(corpus: CorpusStore(directory: scratch.url.appendingPathComponent("Corpus"))).entries()
    #expect(log.last?.interrupted == true)
  }

  @Test(.tags(.medium)) func aQuietRefreshStoppedBySIGINTGroupsWhatWasNotAttempted() async throws {
    let binary = try Self.requireBinary()
    let site = try NumberedTalks.site(count: 30, delayMilliseconds: 100)
    let scratch = try RefreshCommandTests.home(site)
    let pipe = Pipe()
    let process = try Self.start(
      binary, ["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1", "--quiet"],
      output: pipe.fileHandleForWriting)
    try await awaitCondition("the refresh's first request") { !site.server.requests.isEmpty }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    try pipe.fileHandleForWriting.close()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 1, "\(output)")
    let lines = output.split(separator: "\n")
    // A group of sources not attempted, one of transfers cancelled in flight (two lines
    // each), and how to go on.
    #expect(lines.count <= 5, "\(output)")
    #expect(lines.filter { $0.contains("not attempted: interrupted") }.count == 1, "\(output)")
    #expect(output.contains("Run 'duo-kb refresh' to continue."), "\(output)")
  }

  @Test(.tags(.medium), arguments: [SIGTERM, SIGINT])
  func signalStopsARefreshWithTransfersInFlightWithinSecondsAndTheNextRefreshRuns(signal: Int32) async throws {
    let binary = try Self.requireBinary()
    // Every answer is held for a minute: the refresh's transfers are all in flight.
    let site = try NumberedTalks.site(count: 8, delayMilliseconds: 60_000)
    let scratch = try RefreshCommandTests.home(site)
    let process = try Self.start(
      binary, ["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1", "--quiet"])
    try await awaitCondition("four transfers in flight") { site.server.requests.count >= 4 }
    kill(process.processIdentifier, signal)
    // "Within a few seconds": the grace period (5 s) and a margin for a loaded machine.
    let stopped =
      (try? await awaitCondition("the refresh to stop", timeout: .seconds(15)) { !process.isRunning }) != nil
    if !stopped { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(stopped, "signal \(signal) stopped the refresh")
    #expect(process.terminationReason == .exit, "ended by its own exit, not the signal")
    #expect(try scratch.read(".refresh.lock").isEmpty, "the lock is released")
    Self.expectReadable(scratch.url, run: 0)
    site.delayMilliseconds = 0
    let next = await RefreshCommandTests.refresh(scratch)
    #expect(next.status == .success, "\(next.stdout)\(next.stderr)")
    #expect(try CorpusStore(directory: scratch.url.appendingPathComponent("Corpus")).documentFiles().count == 8)
  }
}
