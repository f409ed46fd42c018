import Corpus
import DuoKBCLI
import Foundation
import Harvest

/// Words a refresh report for people, or encodes it for programs.
enum RefreshReportFormatter {
  /// How much of the report the text shows.
  enum Detail {
    /// The counts, then only what needs attention (the default).
    case summary
    /// Failures only, grouped (`--quiet`).
    case failures
    /// Every source (`--verbose`), then the counts.
    case everySource
  }

  /// At most this many failure groups and changes are listed; the rest are counted.
  static let listedGroups = 8
  static let listedChanges = 10

  static func text(_ outcome: RefreshSession.Outcome, detail: Detail) -> String {
    let summary = RefreshSummary(outcome.report)
    switch detail {
    case .failures: return attention(summary, changes: false) + resumption(summary)
    case .everySource: return everySource(outcome.report) + counts(summary) + index(outcome) + resumption(summary)
    case .summary:
      return counts(summary) + index(outcome) + catalogs(summary) + attention(summary, changes: true)
        + resumption(summary)
    }
  }

  /// `3 added, 0 changed, 205 unchanged, 0 gone, 0 failed; 211 requests, 1.2 MB, 4.1 s`.
  static func counts(_ summary: RefreshSummary) -> String {
    let notFound = summary.notFound.isEmpty ? "" : "\(summary.notFound.count) not found, "
    return "\(summary.added) added, \(summary.changed) changed, \(summary.unchanged) unchanged, \(summary.gone) gone, "
      + "\(notFound)\(summary.failed) failed; \(summary.requests) requests, \(RefreshWording.bytes(summary.bytes)), "
      + String(format: "%.1f s", summary.seconds) + (summary.isInterrupted ? "; interrupted\n" : "\n")
  }

  /// `catalog    URL: 208 matching talks`: what each catalog listed (a catalog or two).
  static func catalogs(_ summary: RefreshSummary) -> String {
    summary.catalogs.map { entry in
      let talks = entry.catalogTalks ?? 0
      return "catalog    \(entry.documentID ?? entry.source): \(talks) matching talk\(talks == 1 ? "" : "s")\n"
    }.joined()
  }

  static func index(_ outcome: RefreshSession.Outcome) -> String {
    switch outcome.index {
    case .current: return ""
    case .rebuilt(let documents, let passages):
      let text = "index rebuilt: \(documents) documents, \(passages) passages"
      switch outcome.integrity {
      case .passed: return text + "; checked: every byte as written\n"
      case .failed(let reason): return text + "; its check failed: \(reason)\n"
      case .notChecked: return text + "\n"
      }
    case .failed(let reason): return "index not rebuilt: \(reason)\n"
    }
  }

  /// Failures by cause (one line for a single source, two for a group: the cause, then the
  /// first sources and how many more), sources never found, then the changes.
  static func attention(_ summary: RefreshSummary, changes: Bool) -> String {
    var text = ""
    for group in summary.failures.prefix(listedGroups) {
      if group.count == 1, let source = group.sources.first {
        text += "failed     \(source): \(group.cause)\n"
      } else {
        text += "failed     \(group.count) sources: \(group.cause)\n           \(group.sampled())\n"
      }
    }
    let unlisted = summary.failures.dropFirst(listedGroups)
    if !unlisted.isEmpty {
      text += "failed     \(unlisted.reduce(0) { $0 + $1.count }) more sources, for \(unlisted.count) other causes"
      text += " (--verbose lists every source)\n"
    }
    if !summary.notFound.isEmpty {
      let group = FailureGroup(cause: "", sources: summary.notFound)
      text += "not found  \(group.sampled()): not found upstream, never harvested (nothing was kept or lost)\n"
    }
    guard changes else { return text }
    if summary.warnings > 0 {
      text += "\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s") (--verbose shows them)\n"
    }
    for entry in summary.changes.prefix(listedChanges) { text += change(entry) }
    if summary.changes.count > listedChanges {
      text += "… \(summary.changes.count - listedChanges) more added or changed (--verbose lists every source)\n"
    }
    return text
  }

  /// `added      wwdc2024/10173`, `changed    … (+2 −1 passages) [title]`, `gone       …`.
  static func change(_ entry: RefreshReport.Entry) -> String {
    let name = entry.documentID ?? entry.source
    switch entry.status {
    case .changed:
      var text = "changed    \(name) (+\(entry.passagesAdded.count) −\(entry.passagesRemoved.count) passages)"
      let fields = entry.fieldsChanged.filter { $0 != "text" }
      if !fields.isEmpty { text += " [\(fields.joined(separator: ", "))]" }
      return text + "\n"
    case .gone: return "gone       \(name): \(entry.error ?? "gone upstream"); kept, marked removed upstream\n"
    default: return "added      \(name)\n"
    }
  }

  /// After an interruption: how to go on.
  static func resumption(_ summary: RefreshSummary) -> String {
    guard summary.isInterrupted else { return "" }
    return "interrupted: \(summary.notAttempted) sources not started; what was harvested is kept. "
      + "Run 'duo-kb refresh' to continue.\n"
  }

  /// One line (or more, for changed passages and warnings) per source.
  static func everySource(_ report: RefreshReport) -> String {
    var text = ""
    for entry in report.entries {
      let name = entry.documentID ?? entry.source
      let label = entry.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
      switch entry.status {
      case .failed:
        text += "failed     \(name): \(RefreshWording.reason(entry.error ?? "unknown error", naming: name))\n"
      case .changed:
        text += change(entry).dropLast() + (entry.deepChecked ? " [deep check]\n" : "\n")
        for passage in entry.passagesRemoved.prefix(5) { text += "  − \(passage)\n" }
        for passage in entry.passagesAdded.prefix(5) { text += "  + \(passage)\n" }
        let more = max(0, entry.passagesRemoved.count - 5) + max(0, entry.passagesAdded.count - 5)
        if more > 0 { text += "  … \(more) more (see --format json)\n" }
      case .gone where entry.documentID == nil:
        text += "not found  \(name): \(entry.error ?? "gone upstream"); never harvested, nothing kept or lost\n"
      case .gone: text += change(entry)
      default:
        if let talks = entry.catalogTalks {
          text += "catalog    \(name): \(talks) matching talk\(talks == 1 ? "" : "s")\n"
        } else {
          text += "\(label) \(name)\(entry.deepChecked ? " [deep check]" : "")\n"
        }
      }
      for warning in entry.warnings { text += "  warning: \(warning)\n" }
    }
    return text
  }

  static func json(_ outcome: RefreshSession.Outcome) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var object = try JSONSerialization.jsonObject(with: encoder.encode(outcome.report)) as? [String: Any] ?? [:]
    var counts: [String: Int] = [:]
    for status in RefreshReport.Status.allCases { counts[status.rawValue] = outcome.report.count(status) }
    object["counts"] = counts
    object["failuresByCause"] = RefreshSummary(outcome.report).failures.map {
      ["cause": $0.cause, "sources": $0.sources] as [String: Any]
    }
    switch outcome.index {
    case .current: object["index"] = ["status": "current"]
    case .rebuilt(let documents, let passages):
      let check: String
      switch outcome.integrity {
      case .passed: check = "passed"
      case .failed: check = "failed"
      case .notChecked: check = "not-checked"
      }
      object["index"] = ["status": "rebuilt", "documents": documents, "passages": passages, "check": check]
    case .failed(let reason): object["index"] = ["status": "failed", "error": reason]
    }
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
