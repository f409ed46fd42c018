import Corpus
import DuoKBTestSizes
import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI
@testable import DuoKBHarvestCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duo-kb setup` against a fixture site's catalog of 300 generated talks, each response held
/// 50 ms: it lists the catalog, harvests every talk, and a second run continues.
@Suite(.serialized) struct SetupCommandTests {
  static func arguments(_ home: ScratchDirectory, catalog: FixtureSite) -> [String] {
    [
      "setup", "--home", home.url.path, "--catalog-url", catalog.url("/catalog.json"), "--without-hig",
      "--since", "2020", "--allow-host", "127.0.0.1",
    ]
  }

  static func documentCount(_ home: ScratchDirectory) throws -> Int {
    try CorpusStore(directory: home.url.appendingPathComponent("Corpus")).readAll().count
  }

  @Test(.tags(.medium)) func harvestsThe300TalkCatalogAndASecondRunContinues() async throws {
    let catalog = try NumberedTalks.site(count: 300, delayMilliseconds: 50, catalogPath: "/catalog.json")
    // A 2019 talk the --since filter leaves out (the site does not even serve it).
    let old =
      "{\"id\": \"wwdc2019-100\", \"eventId\": \"wwdc2019\", \"title\": \"Old\", "
      + "\"webPermalink\": \"\(catalog.url("/videos/play/wwdc2019/100/"))\"}"
    catalog.edit("/catalog.json", to: catalog.catalogJSON(catalog.talks, extra: [old]))
    let home = try ScratchDirectory()
    let first = await runCLI(Self.arguments(home, catalog: catalog))
    #expect(first.status == .success, "\(first.stderr)")
    // The catalog itself counts as one unchanged source.
    #expect(
      first.stdout.contains("300 added, 0 changed, 1 unchanged, 0 gone, 0 failed; 1501 requests"), "\(first.stdout)")
    #expect(first.stdout.contains("index rebuilt: 300 documents"))
    #expect(try Self.documentCount(home) == 300)
    let list = try SourceList.load(from: home.url.appendingPathComponent("Corpus/sources.json"))
    #expect(list.sources.count == 1)
    #expect(list.sources.first?.kind == .catalog && list.sources.first?.filter?.since == 2020)

    let second = await runCLI(Self.arguments(home, catalog: catalog))
    #expect(second.status == .success, "\(second.stderr)")
    #expect(
      second.stdout.contains("0 added, 0 changed, 301 unchanged, 0 gone, 0 failed; 301 requests"), "\(second.stdout)")
    let again = try SourceList.load(from: home.url.appendingPathComponent("Corpus/sources.json"))
    #expect(again == list, "a second setup lists nothing twice")
  }

  @Test(.tags(.medium)) func aSetupStoppedBySIGINTContinuesWhereItStopped() async throws {
    let binary = try RefreshSignalTests.requireBinary()
    let catalog = try NumberedTalks.site(count: 300, delayMilliseconds: 50, catalogPath: "/catalog.json")
    let home = try ScratchDirectory()
    let documents = home.url.appendingPathComponent("Corpus/documents/wwdc2025")
    let process = try RefreshSignalTests.start(binary, Self.arguments(home, catalog: catalog))
    // Wait until some talks are in (or the run ended: then there is nothing to resume).
    try await awaitCondition("twenty talks harvested or the setup ended", timeout: .seconds(120)) {
      !process.isRunning || ((try? FileManager.default.contentsOfDirectory(atPath: documents.path))?.count ?? 0) >= 20
    }
    #expect(process.isRunning, "the setup ended before it could be interrupted")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 1)
    let harvested = try Self.documentCount(home)
    #expect(harvested >= 20 && harvested < 300, "\(harvested)")

    let resumed = await runCLI(Self.arguments(home, catalog: catalog))
    #expect(resumed.status == .success, "\(resumed.stderr)")
    #expect(
      resumed.stdout.contains("\(300 - harvested) added, 0 changed, \(harvested + 1) unchanged, 0 gone, 0 failed"),
      "never starts over: \(resumed.stdout)")
    #expect(try Self.documentCount(home) == 300)
  }

  @Test func harvestsTheGuidelinesWithTheirPagesBelow() async throws {
    let pages = [
      FixtureHIGPage(slug: "", title: "Human Interface Guidelines", children: ["layout", "color"]),
      FixtureHIGPage(slug: "layout", title: "Layout"), FixtureHIGPage(slug: "color", title: "Color"),
    ]
    let site = try NumberedTalks.site(count: 1, higPages: pages, catalogPath: "/catalog.json")
    // Without validators every page is read again on the second run: a HIG root answered
    // 304 does not list the pages below it, so they would not be walked at all.
    site.sendsValidators = false
    let home = try ScratchDirectory()
    let hig = site.url("/design/human-interface-guidelines")
    let arguments = [
      "setup", "--home", home.url.path, "--catalog-url", site.url("/catalog.json"), "--hig-url", hig,
      "--allow-host", "127.0.0.1", "--event", "wwdc2025",
    ]
    let run = await runCLI(arguments)
    #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("4 added, 0 changed, 1 unchanged, 0 gone, 0 failed"), "\(run.stdout)")
    let list = try SourceList.load(from: home.url.appendingPathComponent("Corpus/sources.json"))
    #expect(list.sources.map(\.kind) == [.catalog, .hig])
    #expect(list.sources.first?.filter?.event == "wwdc2025")
    #expect(list.sources.last?.url == hig && list.sources.last?.follow != nil)
    let search = await runCLI(["search", "kind:hig hinge", "--home", home.url.path])
    #expect(search.stdout.contains("3 matching passages"), "the root and both pages below it: \(search.stdout)")
    let again = await runCLI(arguments)
    #expect(again.stdout.contains("0 added, 0 changed, 5 unchanged"), "\(again.stdout)")
  }

  @Test func progressBarFillsWithTheSourcesDone() {
    #expect(RefreshProgress.bar(done: 0, total: 300) == "[--------------------]")
    #expect(RefreshProgress.bar(done: 150, total: 300) == "[##########----------]")
    #expect(RefreshProgress.bar(done: 300, total: 300) == "[####################]")
    #expect(RefreshProgress.bar(done: 1, total: 0) == "[--------------------]")
  }

  @Test func sinceTakesAYear() async throws {
    let home = try ScratchDirectory()
    let run = await runCLI(["setup", "--home", home.url.path, "--since", "last"])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("--since needs a year such as 2020, not 'last'"))
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("Corpus/sources.json").path))
  }
}
