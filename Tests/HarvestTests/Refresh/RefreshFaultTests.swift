import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// Faults: each source isolated, old copies intact, a deadline, cancellation.
@Suite struct RefreshFaultTests {
  @Test func serverFailingAThirdOfRequestsLeavesEverySourceRefreshedOrFailedWithItsOldCopy() async throws {
    let talks = (0..<12).map { fixtureTalk("7\($0 < 10 ? "0" : "")\($0)", sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks)
    let harness = try RefreshHarness(
      retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5)))
    let sources = harness.talks(talks.map { site.url($0.pagePath) })
    let first = await harness.refresh(sources)
    #expect(first.statuses.allSatisfy { $0 == .added })
    let old = try harness.corpus.readAll()
    // Every talk changes its last sentence; then 30% of requests fail.
    var sentences = refreshSentences
    sentences[3] = "Avoid fixed widths, breakpoints, or any metrics tied to any single screen."
    for talk in talks {
      var edited = talk
      edited.tracks = [("eng", "en", "English", FixtureTalk.lines(sentences))]
      site.edit(talk.pagePath, to: edited.page() + "<!-- v2 -->")
      for index in 0..<edited.segmentCount(edited.tracks[0].lines) {
        site.edit(talk.segmentPath("eng", index), to: edited.segment(index, lines: edited.tracks[0].lines))
      }
    }
    site.injectFaults(percent: 30)
    let report = await harness.refresh(sources)
    #expect(site.faultsInjected > 0)
    #expect(report.entries.count == talks.count)
    for (index, entry) in report.entries.enumerated() {
      let document = try #require(try harness.corpus.read(id: old[index].id))
      switch entry.status {
      case .changed: #expect(document.passages.map(\.text) == sentences)
      case .failed:
        #expect(entry.error?.isEmpty == false)
        #expect(document == old[index], "a failed source keeps its old copy")
      default: Issue.record("unexpected \(entry.status) for \(entry.source)")
      }
    }
    // Without faults, the next refresh completes the work.
    site.injectFaults(percent: 0)
    let healed = await harness.refresh(sources)
    #expect(healed.statuses.allSatisfy { $0 == .changed || $0 == .unchanged })
    #expect(try harness.corpus.readAll().allSatisfy { $0.passages.map(\.text) == sentences })
  }

  @Test func sourcesNotStartedBeforeTheDeadlineAreReportedNotAttempted() async throws {
    let talks = (0..<3).map { fixtureTalk("80\($0)", sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks)
    let harness = try RefreshHarness(deadline: .now)
    let report = await harness.refresh(harness.talks(talks.map { site.url($0.pagePath) }))
    #expect(report.statuses == [.failed, .failed, .failed])
    #expect(report.entries.allSatisfy { $0.error == "not attempted: deadline" })
    #expect(report.entries.map(\.documentID) == ["wwdc2025/800", "wwdc2025/801", "wwdc2025/802"])
    #expect(site.server.requests.isEmpty)
  }

  @Test func cancelledRefreshStartsNoFurtherSourceAndSaysSo() async throws {
    let talks = (0..<5).map { fixtureTalk("81\($0)", sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks)
    let harness = try RefreshHarness()
    var refresher = harness.refresher()
    refresher.sourceConcurrency = 1
    let box = TaskBox()
    let list = SourceList(sources: harness.talks(talks.map { site.url($0.pagePath) }))
    let task = Task { [refresher] in
      await refresher.refresh(list) { done, _, _ in if done == 1 { box.cancel() } }
    }
    box.set(task)
    let report = await task.value
    #expect(report.isInterrupted)
    #expect(report.statuses.first == .added)
    #expect(report.entries.dropFirst().allSatisfy { $0.error == "not attempted: interrupted" })
    #expect(try harness.corpus.readAll().map(\.id) == ["wwdc2025/810"])
  }
}

/// Holds a task so a callback that runs inside it can cancel it.
final class TaskBox: @unchecked Sendable {
  private let lock = NSLock()
  private var task: Task<RefreshReport, Never>?
  private var isCancelled = false

  func set(_ task: Task<RefreshReport, Never>) {
    let cancelNow = lock.withLock {
      self.task = task
      return isCancelled
    }
    if cancelNow { task.cancel() }
  }

  func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    task?.cancel()
  }
}
