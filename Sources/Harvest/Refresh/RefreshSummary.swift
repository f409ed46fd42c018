import Corpus

/// What a refresh's report says to people in a few lines: the counts, and then only what
/// needs attention: failures grouped by cause, sources that were never found, and the
/// documents that changed. A refresh of 200 unchanged sources is one line of counts, not
/// 200 lines; `--verbose` and `--format json` still give every source.
public struct RefreshSummary: Sendable, Equatable {
  public var added: Int
  public var changed: Int
  public var unchanged: Int
  /// Gone upstream after they were harvested: kept, marked removed.
  public var gone: Int
  /// Gone upstream (404, 410) before they were ever harvested: nothing was kept, nothing
  /// was lost. Not "gone", which would read as data loss.
  public var notFound: [String]
  public var failed: Int
  /// The failures by cause, the largest group first.
  public var failures: [FailureGroup]
  /// Sources the refresh did not start (interrupted, or past --timeout).
  public var notAttempted: Int
  /// Added, changed and gone documents, in report order.
  public var changes: [RefreshReport.Entry]
  /// Catalog sources, each with how many talks it listed (`catalogTalks`).
  public var catalogs: [RefreshReport.Entry]
  /// Warnings of every source (a talk without captions in one language, a page cut short).
  public var warnings: Int
  public var requests: Int
  public var bytes: Int
  public var seconds: Double
  public var isInterrupted: Bool

  public init(_ report: RefreshReport) {
    var added = 0
    var changed = 0
    var unchanged = 0
    var gone = 0
    var notFound: [String] = []
    var failures: [(source: String, error: String)] = []
    var notAttempted = 0
    var changes: [RefreshReport.Entry] = []
    for entry in report.entries {
      switch entry.status {
      case .added:
        added += 1
        changes.append(entry)
      case .changed:
        changed += 1
        changes.append(entry)
      case .unchanged: unchanged += 1
      case .gone where entry.documentID == nil: notFound.append(entry.source)
      case .gone:
        gone += 1
        changes.append(entry)
      case .failed:
        let error = entry.error ?? "unknown error"
        if error.hasPrefix(Refresher.notAttemptedPrefix) { notAttempted += 1 }
        failures.append((entry.documentID ?? entry.source, error))
      }
    }
    self.added = added
    self.changed = changed
    self.unchanged = unchanged
    self.gone = gone
    self.notFound = notFound
    self.failed = failures.count
    self.failures = FailureGroup.grouping(failures)
    self.notAttempted = notAttempted
    self.changes = changes
    catalogs = report.entries.filter { $0.catalogTalks != nil }
    warnings = report.entries.reduce(0) { $0 + $1.warnings.count }
    requests = report.requests
    bytes = report.bytes
    seconds = report.seconds
    isInterrupted = report.isInterrupted
  }

  /// Sources in the report.
  public var total: Int { added + changed + unchanged + gone + notFound.count + failed }

  /// Whether anything needs a person's eyes: failures, sources never found, changes.
  public var needsAttention: Bool { failed > 0 || !notFound.isEmpty || !changes.isEmpty }
}
