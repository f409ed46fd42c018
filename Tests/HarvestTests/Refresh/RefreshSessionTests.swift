import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// An index that counts what the session asks of it.
final class CountingIndex: RefreshIndex, @unchecked Sendable {
  private let lock = NSLock()
  private var updates = 0
  private var checks = 0
  let answer: RefreshIndexUpdate

  init(answer: RefreshIndexUpdate) { self.answer = answer }

  var counts: (updates: Int, checks: Int) { lock.withLock { (updates, checks) } }

  func updateIfStale() -> RefreshIndexUpdate {
    lock.withLock { updates += 1 }
    return answer
  }

  func checkAfterRebuild() -> RefreshIntegrityCheck {
    lock.withLock { checks += 1 }
    return .passed
  }
}

/// The session around a refresh: lock, sweep, refresh, index, check, change log.
@Suite struct RefreshSessionTests {
  func session(_ harness: RefreshHarness, index: CountingIndex) -> RefreshSession {
    RefreshSession(
      refresher: harness.refresher(), lockFile: RefreshSession.lockFile(inHome: harness.home), index: index,
      clock: { Date(timeIntervalSince1970: 1_800_000_000) })
  }

  @Test func sessionRefreshesUpdatesTheIndexChecksItAndLogsTheRefresh() async throws {
    let talk = fixtureTalk("970", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    let index = CountingIndex(answer: .rebuilt(documents: 1, passages: 4))
    let outcome = try await session(harness, index: index).run(
      SourceList(sources: harness.talks([site.url(talk.pagePath)])))
    #expect(outcome.report.statuses == [.added])
    #expect(outcome.index == .rebuilt(documents: 1, passages: 4))
    #expect(outcome.integrity == .passed)
    #expect(index.counts == (1, 1))
    let log = ChangeLog(corpus: harness.corpus).entries()
    #expect(log.map(\.added) == [["wwdc2025/970"]])
    #expect(outcome.changeLogFailure == nil)
  }

  @Test func indexThatIsCurrentIsNotChecked() async throws {
    let harness = try RefreshHarness()
    let index = CountingIndex(answer: .current)
    let outcome = try await session(harness, index: index).run(SourceList(sources: []))
    #expect(outcome.integrity == .notChecked)
    #expect(index.counts == (1, 0))
  }

  @Test func heldLockStopsTheSessionBeforeAnyRequest() async throws {
    let talk = fixtureTalk("971", sentences: refreshSentences)
    let site = try FixtureSite(talks: [talk])
    let harness = try RefreshHarness()
    try FileManager.default.createDirectory(at: harness.home, withIntermediateDirectories: true)
    let held = try RefreshLock.acquire(at: RefreshSession.lockFile(inHome: harness.home))
    defer { held.release() }
    let index = CountingIndex(answer: .current)
    await #expect(throws: RefreshError.self) {
      try await session(harness, index: index).run(SourceList(sources: harness.talks([site.url(talk.pagePath)])))
    }
    #expect(site.server.requests.isEmpty)
    #expect(index.counts == (0, 0))
  }

  @Test func sessionSweepsStagedTracksPastTheirAge() async throws {
    let harness = try RefreshHarness()
    try harness.staging.save(StagedTrack(documentID: "wwdc2025/972", mediaURL: "m", mediaSHA256: "s", segments: []))
    let file = try harness.staging.fileURL(forDocument: "wwdc2025/972")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: file.path)
    _ = try await session(harness, index: CountingIndex(answer: .current)).run(SourceList(sources: []))
    #expect(harness.staging.track(forDocument: "wwdc2025/972") == nil)
  }
}
