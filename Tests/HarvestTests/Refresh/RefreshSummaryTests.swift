import Foundation
import Harvest
import Testing

/// The few lines a report comes down to: counts, failures by cause, what changed.
@Suite struct RefreshSummaryTests {
  @Test func countsGroupsAndChanges() {
    var entries: [RefreshReport.Entry] = (0..<200).map {
      RefreshReport.Entry(source: "http://h/\($0)", documentID: "t/\($0)", status: .unchanged)
    }
    entries += (0..<132).map {
      RefreshReport.Entry(
        source: "http://h/n\($0)", documentID: "n/\($0)", status: .failed, error: "not attempted: interrupted")
    }
    entries.append(RefreshReport.Entry(source: "http://h/a", documentID: "a/1", status: .added))
    entries.append(
      RefreshReport.Entry(source: "http://h/c", documentID: "c/1", status: .changed, warnings: ["w1", "w2"]))
    entries.append(RefreshReport.Entry(source: "http://h/g", documentID: "g/1", status: .gone, error: "HTTP 404"))
    entries.append(RefreshReport.Entry(source: "http://h/never", documentID: nil, status: .gone, error: "HTTP 404"))
    entries.append(
      RefreshReport.Entry(
        source: "http://h/f", documentID: "f/1", status: .failed, error: "http://h/f: HTTP status 500"))
    let summary = RefreshSummary(
      RefreshReport(entries: entries, requests: 9, bytes: 10, seconds: 1.5, isInterrupted: true))
    #expect(summary.unchanged == 200 && summary.added == 1 && summary.changed == 1 && summary.gone == 1)
    #expect(summary.notFound == ["http://h/never"], "never harvested is not gone")
    #expect(summary.failed == 133 && summary.notAttempted == 132)
    #expect(summary.failures.map(\.cause) == ["not attempted: interrupted", "HTTP status 500"])
    #expect(summary.failures.first?.count == 132)
    #expect(summary.changes.map(\.documentID) == ["a/1", "c/1", "g/1"])
    #expect(summary.warnings == 2 && summary.isInterrupted && summary.total == entries.count)
    #expect(summary.needsAttention)
  }

  @Test func anUnchangedRefreshNeedsNoAttention() {
    let summary = RefreshSummary(
      RefreshReport(entries: [RefreshReport.Entry(source: "http://h/1", documentID: "t/1", status: .unchanged)]))
    #expect(!summary.needsAttention && summary.failures.isEmpty && summary.changes.isEmpty)
  }
}
