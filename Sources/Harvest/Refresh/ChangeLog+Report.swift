import Corpus
import Foundation

extension ChangeLog {
  /// The line a refresh appends for its report.
  public static func entry(
    for report: RefreshReport, startedAt: Date, finishedAt: Date
  ) -> Entry {
    let ids = { (status: RefreshReport.Status) in
      report.entries.filter { $0.status == status }.map { $0.documentID ?? $0.source }
    }
    return Entry(
      startedAt: RefreshTime.string(startedAt), finishedAt: RefreshTime.string(finishedAt),
      added: ids(.added), changed: ids(.changed), unchanged: report.count(.unchanged),
      gone: ids(.gone),
      failed: report.entries.filter { $0.status == .failed }.map {
        Entry.Failure(source: $0.source, error: $0.error ?? "unknown error")
      },
      requests: report.requests, bytes: report.bytes, seconds: (report.seconds * 1000).rounded() / 1000,
      interrupted: report.isInterrupted, deepChecked: report.entries.filter(\.deepChecked).count)
  }
}
