/// The shapes `cite` writes a citation in.
public enum CitationFormat: String, Sendable, CaseIterable {
  /// A blockquote line `duo-kb verify` reads back: `> “quote” — Speaker, [Title](link) (m:ss)`.
  case markdown
  /// One JSON object with every field of the citation.
  case json
  /// A CSL-JSON array of one item, for reference managers (CSL 1.0.2 data schema).
  case cslJSON = "csl-json"
  /// One plain line: quote, speaker, title and event, time, link.
  case text
}
