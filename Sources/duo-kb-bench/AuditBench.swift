import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex

/// Measures `audit`'s verdicts against a reader's labels (`docs/audit/labels.tsv`): the
/// labelled rules audited over the sample corpus plus the generated distractor corpus (as
/// `relevance` makes it), each verdict's precision and recall and the quotes' precision
/// and recall (docs/audit/README.md defines them), for all rules and each half; then the
/// supported verdict at other thresholds. With `--rules yes`, each rule's verdict to stderr.
///
///     duo-kb-bench audit --labels FILE --corpus DIR --talks 300 --work DIR [--quotes 3]
///                        [--try 'hitsPerQuery=50,contextCredit=0.5;...']
struct AuditBench {
  var labelsFile: URL
  var corpus: URL
  var talks: Int
  var work: URL
  var quotesPerRule: Int
  var showsRules: Bool
  /// Other tunings (`name=value,...` each, `;` between them) swept on the same index.
  var alternatives: [String] = []

  func run() throws {
    let labels = try AuditLabels.read(labelsFile)
    let sample = try RelevanceBench.readCorpus(corpus)
    var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
    let documents = sample + generator.documents(talks: talks, pages: 200)
    let passageCount = documents.reduce(0) { $0 + $1.passages.count }
    log("\(labels.rules.count) rules; \(documents.count) documents, \(passageCount) passages")
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let indexDirectory = work.appendingPathComponent("index")
    _ = try IndexBuilder().build(documents: documents, corpusFingerprint: "audit", into: indexDirectory)
    let index = try SearchIndex.open(at: indexDirectory)
    let checklist = labels.rules.map { ChecklistItem(rule: $0.text) }

    func score(_ report: AuditReport) -> [String: AuditScore] {
      var scores: [String: AuditScore] = [:]
      for (item, rule) in zip(report.items, labels.rules) {
        let label = { (hit: QuotedHit) in
          rule.label(document: hit.source.id, passage: documents[hit.documentIndex].passages[hit.passageIndex].text)
        }
        scores["all", default: AuditScore()].add(item, rule, label: label)
        scores[rule.half, default: AuditScore()].add(item, rule, label: label)
      }
      return scores
    }
    func audit(_ tuning: AuditTuning, threshold: Double) throws -> AuditReport {
      try index.audit(checklist, title: "labels", quotesPerRule: quotesPerRule, threshold: threshold, tuning: tuning)
    }

    let report = try audit(.standard, threshold: AuditSupport.standardThreshold)
    if showsRules {
      for (item, rule) in zip(report.items, labels.rules) {
        let best = item.quotes.first.map {
          rule.label(document: $0.source.id, passage: documents[$0.documentIndex].passages[$0.passageIndex].text)
            .rawValue
        }
        log(
          "\(item.verdict.rawValue) \(String(format: "%.3f", item.support)) \(rule.half) (best quote "
            + "\(best ?? "none")): \(rule.text)")
      }
    }
    let scores = score(report)
    print(
      "Audit labels: \(labels.rules.count) rules; \(sample.count) sample documents and "
        + "\(documents.count - sample.count) generated ones: \(passageCount) passages; "
        + "\(quotesPerRule) quotes per rule, threshold \(AuditSupport.standardThreshold).\n")
    print(AuditScore.header)
    for half in ["all", "tune", "held-out"] { if let score = scores[half] { print(score.row(half)) } }
    print(
      "\nThe supported verdict at other thresholds (P precision, R recall; all rules, tuning and held-out halves):\n")
    print("| tuning | threshold | supported | P | R | P tune | R tune | P held-out | R held-out |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (name, tuning) in [("standard", AuditTuning.standard)] + alternatives.map({ ($0, AuditTuning(overriding: $0)) })
    {
      for threshold in stride(from: 0.2, through: 0.651, by: 0.05) {
        let swept = score(try audit(tuning, threshold: threshold))
        let all = swept["all"] ?? AuditScore()
        let tune = swept["tune"] ?? AuditScore()
        let heldOut = swept["held-out"] ?? AuditScore()
        print(
          String(format: "| %@ | %.2f | %d | ", name, threshold, all.given[.supported, default: 0])
            + "\(all.precision(.supported)) | \(all.recall(.supported)) | \(tune.precision(.supported)) | "
            + "\(tune.recall(.supported)) | \(heldOut.precision(.supported)) | \(heldOut.recall(.supported)) |")
      }
    }
  }
}

extension AuditTuning {
  /// A tuning given as `name=value,...` on the command line.
  init(overriding text: String) {
    self = .standard
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let value = Double(parts[1]) else { continue }
      switch parts[0] {
      case "hitsPerQuery": hitsPerQuery = Int(value)
      case "contextCredit": contextCredit = value
      default: log("unknown audit tuning \(parts[0])")
      }
    }
  }
}
