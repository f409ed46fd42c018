import Corpus
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@testable import DuoKBCLI

/// `status` and the refresh summary: advice that fits, gone sources counted once, units.
@Suite struct StatusAdviceTests {
  @Test func emptyCorpusWithListedSourcesAdvisesRefresh() async throws {
    let scratch = try ScratchDirectory()
    try scratch.write(
      "{\"version\": 1, \"sources\": [{\"kind\": \"talk\", \"url\": \"https://developer.apple.com/videos/play/wwdc2024/10173/\"}]}",
      to: "Corpus/sources.json")
    let run = await runCLI(["status", "--home", scratch.url.path])
    #expect(!run.stdout.contains("duo-kb index"), "\(run.stdout)")
    #expect(run.stdout.contains("index: 0 B, nothing to index yet\n"), "\(run.stdout)")
    #expect(run.stdout.contains("next: run 'duo-kb refresh' to harvest the 1 listed source\n"), "\(run.stdout)")
  }

  @Test func emptyHomeAdvisesAddingSources() async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["status", "--home", scratch.url.path])
    #expect(!run.stdout.contains("duo-kb index"), "\(run.stdout)")
    #expect(run.stdout.contains("next: run 'duo-kb setup' for Apple's catalog"), "\(run.stdout)")
  }

  @Test func aHarvestedCorpusGetsNoAdvice() async throws {
    let site = try NumberedTalks.site(count: 1)
    let scratch = try RefreshCommandTests.home(site)
    _ = await RefreshCommandTests.refresh(scratch)
    let run = await runCLI(["status", "--home", scratch.url.path])
    #expect(run.status == .success, "\(run.stdout)")
    #expect(!run.stdout.contains("next:"))
  }

  /// One talk that harvests and one listed page that answers 404 and was never harvested.
  static func homeWithAGoneSource() throws -> (FixtureSite, ScratchDirectory, String) {
    let site = try NumberedTalks.site(count: 1)
    let scratch = try ScratchDirectory()
    let gone = site.server.url("/videos/play/wwdc2025/9999/")
    try scratch.write(
      "{\"version\": 1, \"sources\": [{\"kind\": \"talk\", \"url\": \"\(site.pageURL(20_000))\"}, "
        + "{\"kind\": \"talk\", \"url\": \"\(gone)\"}]}",
      to: "Corpus/sources.json")
    return (site, scratch, gone)
  }

  @Test func aSourceNotFoundBeforeItWasHarvestedIsNeverCalledGone() async throws {
    let (site, scratch, gone) = try Self.homeWithAGoneSource()
    let refresh = await RefreshCommandTests.refresh(scratch)
    #expect(
      refresh.stdout.contains("1 added, 0 changed, 0 unchanged, 0 gone, 1 not found, 0 failed"), "\(refresh.stdout)")
    #expect(
      refresh.stdout.contains(
        "not found  \(gone): not found upstream, never harvested (nothing was kept or lost)\n"),
      "\(refresh.stdout)")
    #expect(!refresh.stdout.contains("failed "))
    #expect(!refresh.stdout.contains("gone       "), "\(refresh.stdout)")

    let status = await runCLI(["status", "--home", scratch.url.path])
    #expect(status.status == .failure, "a gone source needs attention")
    #expect(!status.stdout.contains("failing:"), "\(status.stdout)")
    #expect(status.stdout.components(separatedBy: gone).count == 2, "named once: \(status.stdout)")
    #expect(status.stdout.contains("stale: \(gone): not found upstream, never harvested (nothing lost)\n"))
    #expect(
      status.stdout.contains("1 added, 0 changed, 0 unchanged, 0 gone, 1 not found, 0 failed"), "\(status.stdout)")
    _ = site
  }

  @Test func aFailureIsWordedWithoutRepeatingItsURL() async throws {
    let site = try NumberedTalks.site(count: 1, failing: [20_000])
    let scratch = try RefreshCommandTests.home(site)
    _ = await RefreshCommandTests.refresh(scratch)
    let status = await runCLI(["status", "--home", scratch.url.path])
    let failing = try #require(status.stdout.split(separator: "\n").first { $0.hasPrefix("failing: ") })
    #expect(failing.components(separatedBy: site.pageURL(20_000)).count == 2, "\(failing)")
  }

  @Test func summaryAndProgressMeasureBytesInTheSameUnits() async throws {
    let site = try NumberedTalks.site(count: 2)
    let scratch = try RefreshCommandTests.home(site)
    let run = await RefreshCommandTests.refresh(scratch)
    let summary = try #require(run.stdout.split(separator: "\n").first { $0.contains(" requests, ") })
    let bytes = summary.components(separatedBy: " requests, ")[1].components(separatedBy: ", ")[0]
    let log = ChangeLog(corpus: CorpusStore(directory: scratch.url.appendingPathComponent("Corpus"))).entries()
    #expect(bytes == RefreshWording.bytes(try #require(log.last).bytes), "\(summary)")
    #expect(bytes.hasSuffix(" B") || bytes.hasSuffix(" kB") || bytes.hasSuffix(" MB"))
    #expect(!summary.contains(" bytes"))
  }
}
