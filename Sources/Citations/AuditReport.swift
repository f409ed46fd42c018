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
  /// `> “quote” — Speaker, [Title](link?time=N) (m:ss), Event`.
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
      // A quote below the threshold is marked wherever it is shown: the later quotes of a
      // supported rule can share as few of its words as a weak rule's.
      for hit in item.quotes {
        text += "\n" + CitationFormatter.format(hit, as: .markdown) + "\n"
        if hit.score < threshold { text += "\n(weak evidence: support \(Self.figure(below: hit.score)))\n" }
      }
    }
    let unsure = items.enumerated().filter { !$0.element.isSupported }
    if !unsure.isEmpty {
      text += "\n## Without support\n\n"
      for (number, item) in unsure {
        text += "- \(number + 1). \(item.rule)\(item.verdict == .weak ? " (weak)" : "")\n"
      }
    }
    return text
  }

  /// The report as `AuditRecord` JSON, the shape of every answer's JSON.
  public var json: String {
    (try? AnswerFormat.string(AuditRecord(self))) ?? "{}"
  }
}
