import Foundation
import Normalize

/// An audit: each checklist rule with its best supporting quotes, exact and cited.
public struct AuditReport: Sendable, Equatable {
  public struct Item: Sendable, Equatable {
    public var rule: String
    /// The queries searched: the item's own, or the one made from the rule's key words.
    public var queries: [String]
    public var quotes: [QuotedHit]
    public var isSupported: Bool { !quotes.isEmpty }
  }

  public var title: String
  public var items: [Item]

  public var unsupported: [Item] { items.filter { !$0.isSupported } }

  /// The report in Markdown, every quote a blockquote line that `duo-kb verify` reads:
  /// `> “quote” — Speaker, [Title](link?time=N) (m:ss), Event`.
  public var markdown: String {
    var text = "# Audit: \(title)\n\n"
    let supported = items.count - unsupported.count
    text += "\(items.count) rules: \(supported) supported, \(unsupported.count) without support.\n"
    for (number, item) in items.enumerated() {
      text += "\n## \(number + 1). \(item.rule)\n\n"
      let searched = item.queries.map { "`\($0.replacingOccurrences(of: "`", with: "'"))`" }.joined(separator: " · ")
      if item.quotes.isEmpty {
        text += "**No support found.** Searched: \(searched)\n"
        continue
      }
      text += "Searched: \(searched)\n"
      for hit in item.quotes { text += "\n" + CitationFormatter.format(hit, as: .markdown) + "\n" }
    }
    if !unsupported.isEmpty {
      text += "\n## Without support\n\n"
      for (number, item) in items.enumerated() where !item.isSupported { text += "- \(number + 1). \(item.rule)\n" }
    }
    return text
  }

  /// The report as `AuditRecord` JSON, the shape of every answer's JSON.
  public var json: String {
    (try? AnswerFormat.string(AuditRecord(self))) ?? "{}"
  }
}
