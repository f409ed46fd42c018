import DuoKBCLI
import Foundation
import Harvest

/// Words a refresh report for people, or encodes it for programs.
enum RefreshReportFormatter {
  static func text(_ outcome: RefreshSession.Outcome, quiet: Bool) -> String {
    let report = outcome.report
    var text = ""
    for entry in report.entries where !quiet || entry.status == .failed {
      let name = entry.documentID ?? entry.source
      let label = entry.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
      switch entry.status {
      case .failed:
        text += "failed     \(name): \(RefreshWording.reason(entry.error ?? "unknown error", naming: name))\n"
      case .changed:
        text += "changed    \(name) (+\(entry.passagesAdded.count) −\(entry.passagesRemoved.count) passages)"
        let fields = entry.fieldsChanged.filter { $0 != "text" }
        if !fields.isEmpty { text += " [\(fields.joined(separator: ", "))]" }
        text += entry.deepChecked ? " [deep check]\n" : "\n"
        for passage in entry.passagesRemoved.prefix(5) { text += "  − \(passage)\n" }
        for passage in entry.passagesAdded.prefix(5) { text += "  + \(passage)\n" }
        let more = max(0, entry.passagesRemoved.count - 5) + max(0, entry.passagesAdded.count - 5)
        if more > 0 { text += "  … \(more) more (see --format json)\n" }
      case .gone:
        text += "gone       \(name): \(entry.error ?? "gone upstream"); "
        text += entry.documentID == nil ? "never harvested, nothing kept\n" : "kept, marked removed upstream\n"
      default:
        if let talks = entry.catalogTalks {
          text += "catalog    \(name): \(talks) matching talk\(talks == 1 ? "" : "s")\n"
        } else {
          text += "\(label) \(name)\(entry.deepChecked ? " [deep check]" : "")\n"
        }
      }
      for warning in entry.warnings where !quiet { text += "  warning: \(warning)\n" }
    }
    guard !quiet else { return text }
    text +=
      "\(report.count(.added)) added, \(report.count(.changed)) changed, "
      + "\(report.count(.unchanged)) unchanged, \(report.count(.gone)) gone, \(report.count(.failed)) failed; "
      + "\(report.requests) requests, \(RefreshWording.bytes(report.bytes)), "
      + String(format: "%.1f s", report.seconds)
      + (report.isInterrupted ? "; interrupted\n" : "\n")
    switch outcome.index {
    case .current: break
    case .rebuilt(let documents, let passages):
      text += "index rebuilt: \(documents) documents, \(passages) passages"
      switch outcome.integrity {
      case .passed: text += "; checked: every byte as written\n"
      case .failed(let reason): text += "; its check failed: \(reason)\n"
      case .notChecked: text += "\n"
      }
    case .failed(let reason): text += "index not rebuilt: \(reason)\n"
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
