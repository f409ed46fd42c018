/// The shapes `cite` writes a citation in.
public enum CitationFormat: String, Sendable, CaseIterable {
  /// A blockquote line `duo-kb verify` reads back: `> “quote” — Speaker, [Title](link) (m:ss)`.
  case markdown
  /// One JSON object with every field of the citation.
  case json
  /// A CSL-JSON array of one item per document, for reference managers and citeproc
  /// (CSL 1.0.2 data schema); the cites are in `json`.
  case cslJSON = "csl-json"
  /// BibTeX entries (biblatex and classic BibTeX), one per document.
  case bibtex
  /// RIS records, one per document.
  case ris
  /// One plain line: quote, speaker, title and event, time, link.
  case text
}
