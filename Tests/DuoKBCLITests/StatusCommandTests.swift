import Corpus
import DuoKBCLI
import DuoKBTestSupport
import Foundation
import Testing

@Suite struct StatusCommandTests {
  @Test func reportsDocumentsIndexLastRefreshAndFailingSources() async throws {
    let site = try NumberedTalks.site(count: 3, failing: [20_002])
    let scratch = try RefreshCommandTests.home(site)
    _ = await RefreshCommandTests.refresh(scratch)
    _ = await RefreshCommandTests.refresh(scratch)
    let run = await runCLI(["status", "--home", scratch.url.path])
    #expect(run.status == .failure, "a failing source needs attention")
    #expect(run.stdout.contains("corpus: 2 documents (0 doc, 0 hig, 2 talk)"), "\(run.stdout)")
    #expect(run.stdout.contains("index: ") && run.stdout.contains("matches the corpus"))
    #expect(
      run.stdout.contains("last refresh: ") && run.stdout.contains("0 added, 0 changed, 2 unchanged, 0 gone, 1 failed"))
    #expect(run.stdout.contains("failing: \(site.pageURL(20_002)) (2 refreshes in a row): "))
    #expect(run.stdout.contains("stale: \(site.pageURL(20_002)): listed but not in the corpus"))
  }

  @Test func jsonStatusOfAHealthyHome() async throws {
    let site = try NumberedTalks.site(count: 2)
    let scratch = try RefreshCommandTests.home(site)
    _ = await RefreshCommandTests.refresh(scratch)
    let run = await runCLI(["status", "--home", scratch.url.path, "--format", "json"])
    #expect(run.status == .success, "\(run.stdout)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["documents"] as? [String: Int] == ["talk": 2, "hig": 0, "doc": 0])
    #expect(object["indexMatchesCorpus"] as? Bool == true)
    #expect((object["corpusBytes"] as? Int ?? 0) > 0 && (object["indexBytes"] as? Int ?? 0) > 0)
    #expect((object["lastRefresh"] as? [String: Any])?["added"] as? [String] == ["wwdc2025/20000", "wwdc2025/20001"])
    #expect(object["refreshes"] as? Int == 1)
    #expect((object["failing"] as? [Any])?.isEmpty == true)
  }

  @Test func indexOutOfStepWithTheCorpusIsShown() async throws {
    let site = try NumberedTalks.site(count: 1)
    let scratch = try RefreshCommandTests.home(site)
    _ = await RefreshCommandTests.refresh(scratch)
    // A document written behind the index's back.
    let store = CorpusStore(directory: scratch.url.appendingPathComponent("Corpus"))
    var document = try #require(try store.read(id: "wwdc2025/20000"))
    document.title = "Edited by hand"
    try store.write(document)
    let run = await runCLI(["status", "--home", scratch.url.path])
    #expect(run.status == .failure)
    #expect(run.stdout.contains("does not match the corpus"))
  }

  @Test func emptyHomeHasNoRefreshYet() async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["status", "--home", scratch.url.path])
    #expect(run.stdout.contains("last refresh: none recorded"), "\(run.stdout) \(run.stderr)")
  }
}
