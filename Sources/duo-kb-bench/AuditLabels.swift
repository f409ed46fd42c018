import Citations
import Foundation

/// The audit's labelled set (`docs/audit/labels.tsv`, described in docs/audit/README.md):
/// rules, each with the sample passages a reader judged, and what a verdict is measured by.
struct AuditLabels {
  enum Label: String {
    case supports, related, unrelated
  }

  /// What a reader's labels say of a rule: supported when a passage supports it, weak when
  /// passages are only related, unsupported when nothing is.
  enum Truth {
    case supported, weak, unsupported
  }

  struct Rule {
    var text: String
    var half: String
    /// Labels by document id and passage text.
    var labels: [String: Label] = [:]

    var truth: Truth {
      if labels.values.contains(.supports) { return .supported }
      return labels.values.contains(.related) ? .weak : .unsupported
    }

    var supportingCount: Int { labels.values.filter { $0 == .supports }.count }

    /// A passage not listed for a rule is unrelated to it (every sample passage was read),
    /// and a passage of another document (a distractor) never supports one.
    func label(document: String, passage: String) -> Label {
      labels[Self.key(document, passage)] ?? .unrelated
    }

    static func key(_ document: String, _ passage: String) -> String { document + "\t" + passage }
  }

  var rules: [Rule]

  static func read(_ url: URL) throws -> AuditLabels {
    let text = try String(contentsOf: url, encoding: .utf8)
    var rules: [Rule] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 5, let label = Label(rawValue: fields[4]) else {
        throw BenchFailure("\(url.path): a line that is not half, rule, document, passage, label: \(line)")
      }
      if rules.last?.text != fields[1] {
        guard !rules.contains(where: { $0.text == fields[1] }) else {
          throw BenchFailure("\(url.path): the lines of rule '\(fields[1])' are not together")
        }
        rules.append(Rule(text: fields[1], half: fields[0]))
      }
      rules[rules.count - 1].labels[Rule.key(fields[2], fields[3])] = label
    }
    return AuditLabels(rules: rules)
  }
}

/// Precision and recall of an audit's verdicts and quotes against the labels.
struct AuditScore {
  var rules = 0
  /// Per verdict: how many rules got it, how many of those are right, and how many rules
  /// the labels give that verdict (supported: a supporting passage exists).
  var given: [AuditReport.Verdict: Int] = [:]
  var right: [AuditReport.Verdict: Int] = [:]
  var truth: [AuditReport.Verdict: Int] = [:]
  var quotes = 0
  var supportingQuotes = 0
  var onTopicQuotes = 0
  var supportingPassages = 0
  var supportingPassagesShown = 0

  /// A supported verdict is right when its best quote supports the rule; a weak one when
  /// the rule has related passages but none that supports it; unsupported when the rule
  /// has neither.
  mutating func add(_ item: AuditReport.Item, _ rule: AuditLabels.Rule, label: (QuotedHit) -> AuditLabels.Label) {
    rules += 1
    let expected: AuditReport.Verdict
    switch rule.truth {
    case .supported: expected = .supported
    case .weak: expected = .weak
    case .unsupported: expected = .unsupported
    }
    truth[expected, default: 0] += 1
    given[item.verdict, default: 0] += 1
    var isRight = item.verdict == expected
    if item.verdict == .supported, let best = item.quotes.first { isRight = isRight && label(best) == .supports }
    if isRight { right[item.verdict, default: 0] += 1 }
    var shown = 0
    for quote in item.quotes {
      quotes += 1
      switch label(quote) {
      case .supports:
        supportingQuotes += 1
        onTopicQuotes += 1
        shown += 1
      case .related: onTopicQuotes += 1
      case .unrelated: break
      }
    }
    supportingPassages += rule.supportingCount
    supportingPassagesShown += shown
  }

  static func share(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "–" : String(format: "%.2f (%d/%d)", Double(part) / Double(whole), part, whole)
  }

  func precision(_ verdict: AuditReport.Verdict) -> String {
    Self.share(right[verdict, default: 0], given[verdict, default: 0])
  }

  func recall(_ verdict: AuditReport.Verdict) -> String {
    Self.share(right[verdict, default: 0], truth[verdict, default: 0])
  }

  static let header = """
    | rules | n | supported P | supported R | weak P | weak R | unsupported P | unsupported R \
    | quotes supporting | quotes on topic | supporting passages shown |
    |---|---|---|---|---|---|---|---|---|---|---|
    """

  func row(_ name: String) -> String {
    "| \(name) | \(rules) | \(precision(.supported)) | \(recall(.supported)) | \(precision(.weak)) | "
      + "\(recall(.weak)) | \(precision(.unsupported)) | \(recall(.unsupported)) | "
      + "\(Self.share(supportingQuotes, quotes)) | \(Self.share(onTopicQuotes, quotes)) | "
      + "\(Self.share(supportingPassagesShown, supportingPassages)) |"
  }
}
