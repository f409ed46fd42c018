import Citations
import SearchIndex

/// A checklist turned into a report of supporting quotes, as `duo-kb audit` and the MCP
/// tool `audit` ask it.
public struct AuditRequest: Sendable, Equatable {
  public var checklist: [ChecklistItem]
  public var title: String
  public var quotesPerRule: Int
  public var threshold: Double

  public init(
    checklist: [ChecklistItem], title: String, quotesPerRule: Int = AuditRequest.quotes.defaultValue(on: .cli),
    threshold: Double = AuditSupport.standardThreshold
  ) {
    self.checklist = checklist
    self.title = title
    self.quotesPerRule = quotesPerRule
    self.threshold = threshold
  }

  /// How many quotes each rule gets: `--quotes` on the command line (up to 50), the MCP
  /// argument `quotesPerRule` (up to 10: an assistant's context is small).
  public static let quotes = IntegerField(
    name: "quotesPerRule", help: "How many supporting quotes to give each rule", default: 3, minimum: 1, maximum: 50,
    maximums: [.mcp: 10], names: [.cli: "quotes"])

  /// The report (`SearchIndex.audit`).
  public func report(in index: SearchIndex) throws(CitationsError) -> AuditReport {
    try index.audit(checklist, title: title, quotesPerRule: quotesPerRule, threshold: threshold)
  }
}
