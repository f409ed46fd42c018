import Corpus
import DuoKBTestSupport
import Foundation
import Testing

/// `add` accepts a source exactly when `refresh` can harvest it: the same HIG URL rule,
/// on Apple's host or on one added with --allow-host, like a talk page.
@Suite struct AddRefreshAgreementTests {
  @Test(
    "add refuses a HIG URL that refresh would reject",
    arguments: [
      "https://developer.apple.com/design/human-interface-guidelines/../../etc",
      "https://developer.apple.com/design/human-interface-guidelines/%2E%2E/x",
      "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/../x.json",
      "https://developer.apple.com/design/human-interface-guidelines/a//b",
    ])
  func addRefusesWhatRefreshRejects(url: String) async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["add", url], environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("not a HIG page URL"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Corpus/sources.json").path))
  }

  @Test(
    "A HIG page on an allowed host is added and harvested",
    arguments: [
      "/tutorials/data/design/human-interface-guidelines/folding-layouts.json",
      "/design/human-interface-guidelines/folding-layouts",
    ])
  func higOnAnAllowedHostIsAddedAndHarvested(path: String) async throws {
    let page = FixtureHIGPage(slug: "folding-layouts", title: "Folding layouts")
    let site = try FixtureSite(higPages: [page])
    let scratch = try ScratchDirectory()
    let env = ["DUO_KB_HOME": scratch.url.path]
    let add = await runCLI(["add", site.url(path)], environment: env)
    #expect(add.status == .success, "\(add.stderr)")
    #expect(add.stdout.hasPrefix("added hig "))
    let refresh = await runCLI(["refresh", "--allow-host", "127.0.0.1"], environment: env)
    #expect(refresh.status == .success, "\(refresh.stdout)\(refresh.stderr)")
    #expect(refresh.stdout.contains("1 added"), "\(refresh.stdout)")
    let document = try #require(
      try CorpusStore(directory: scratch.url.appendingPathComponent("Corpus")).read(id: "hig/folding-layouts"))
    #expect(document.url == site.url("/design/human-interface-guidelines/folding-layouts"))
    #expect(document.passages.map(\.text) == page.expectedPassages.map(\.text))
    // The host is remembered; forgotten, it is refused at fetch time, as for a talk page.
    let again = await runCLI(["refresh"], environment: env)
    #expect(again.status == .success, "\(again.stdout)")
    let refused = await runCLI(["refresh", "--forget-host", "127.0.0.1"], environment: env)
    #expect(refused.status == .failure)
    #expect(refused.stdout.contains("is not in the allow-list; --allow-host 127.0.0.1 admits it"), "\(refused.stdout)")
  }

  @Test func readOnlyHomeIsNotAnsweredWithTheLockHint() async throws {
    let scratch = try ScratchDirectory()
    try scratch.write("{\"version\": 1, \"sources\": []}\n", to: "Corpus/sources.json")
    // A lock path that cannot be opened for writing stands for a home refresh cannot
    // write to (tests may run as root, for whom permissions do not apply).
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent(".refresh.lock"), withIntermediateDirectories: true)
    let run = await runCLI(["refresh"], environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .usage)
    #expect(!run.stderr.contains("wait for it to finish"), "\(run.stderr)")
    #expect(run.stderr.contains("writable"), "\(run.stderr)")
  }
}
