import DecimalText
import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An audit: each checklist rule with its best supporting quotes, exact and cited.
public struct AuditReport: Sendable, Equatable {
  /// What the best evidence for a rule says.
  public enum Verdict: String, Sendable, Equatable {
    /// Its best quote's support reaches the threshold.
    case supported
    /// There are quotes, but the best one's support is below the threshold.
    case weak
    /// No passage shares more than stop words with it.
    case unsupported
  }

  public struct Item: Sendable, Equatable {
    public var rule: String
    /// The queries searched: the item's own, or the rule's own words.
    public var queries: [String]
    /// Best first; each `score` is its support, 0 to 1 (`AuditSupport`).
    public var quotes: [QuotedHit]
    /// The best quote's support (0 without quotes).
    public var support: Double
    public var verdict: Verdict

    public init(rule: String, queries: [String], quotes: [QuotedHit], support: Double, threshold: Double) {
      self.rule = rule
      self.queries = queries
      self.quotes = quotes
      self.support = support
      verdict = quotes.isEmpty ? .unsupported : support >= threshold ? .supported : .weak
    }

    public var isSupported: Bool { verdict == .supported }
  }

  public var title: String
  public var items: [Item]
  /// The support a rule's best quote needed.
  public var threshold: Double

  public init(title: String, items: [Item], threshold: Double) {
    self.title = title
    self.items = items
    self.threshold = threshold
  }

  public var unsupported: [Item] { items.filter { $0.verdict == .unsupported } }
  public var weak: [Item] { items.filter { $0.verdict == .weak } }

  static func figure(_ value: Double) -> String { DecimalText.fixed(value, decimals: 2) }

  /// A support below the threshold, rounded down to two decimals (from its three): 0.449,
  /// one word of several, shows as 0.44, never as the threshold it missed.
  static func figure(below value: Double) -> String {
    figure(((value * 1_000).rounded() / 10).rounded(.down) / 100)
  }

  /// The report in Markdown, every quote a blockquote line that `duo-kb verify` reads:
  /// `> “quote” — Speaker, [Title](link?time=N) (m:ss), Event`. The header's counts are
  /// those of its sections: each supported rule says its support, and the weak and the
  /// unsupported rules are listed again at the end, each under its own heading. Weak
  /// evidence is said once per rule: in a weak rule's verdict, and before a supported
  /// rule's quotes that are below the threshold.
  public var markdown: String {
    var text = "# Audit: \(title)\n\n"
    let supported = items.count - unsupported.count - weak.count
    text += "\(items.count) rules: \(supported) supported, \(weak.count) weak, \(unsupported.count) without support"
    text += " (support threshold \(Self.figure(threshold))).\n"
    for (number, item) in items.enumerated() {
      text += "\n## \(number + 1). \(item.rule)\n\n"
      let searched = item.queries.map { "`\($0.replacing("`", with: "'"))`" }.joined(separator: " · ")
      switch item.verdict {
      case .unsupported:
        text += "**No support found.** Searched: \(searched)\n"
        continue
      case .weak:
        text += "**Weak support** (best \(Self.figure(below: item.support)), below \(Self.figure(threshold))): "
        text += "these passages share few of the rule's words. Searched: \(searched)\n"
      case .supported:
        text += "Support \(Self.figure(item.support)). Searched: \(searched)\n"
      }
      var markedWeak = item.verdict == .weak
      for hit in item.quotes {
        if !markedWeak && hit.score < threshold {
          text += "\nWeaker evidence (support below \(Self.figure(threshold))):\n"
          markedWeak = true
        }
        text += "\n" + CitationFormatter.format(hit, as: .markdown) + "\n"
      }
    }
    for (heading, verdict) in [("Weak support", Verdict.weak), ("Without support", .unsupported)] {
      let listed = items.enumerated().filter { $0.element.verdict == verdict }
      guard !listed.isEmpty else { continue }
      text += "\n## \(heading)\n\n"
      for (number, item) in listed { text += "- \(number + 1). \(item.rule)\n" }
    }
    return text
  }

  /// The report as `AuditRecord` JSON, the shape of every answer's JSON.
  public var json: String {
    (try? AnswerFormat.string(AuditRecord(self))) ?? "{}"
  }
}
