import AppleSite
import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Ready-to-paste citations: of one quoted hit, or of a bibliography (one line or block per
/// cite in Markdown and text; one entry per document in CSL-JSON, BibTeX and RIS).
public enum CitationFormatter {
  public static func format(_ hit: QuotedHit, as format: CitationFormat) -> String {
    self.format(Bibliography(hits: [hit]), as: format)
  }

  public static func format(_ bibliography: Bibliography, as format: CitationFormat) -> String {
    switch format {
    case .markdown:
      bibliography.cites.map { markdown($0.hit, entry: bibliography.entry(of: $0)) }.joined(separator: "\n\n")
    case .text: bibliography.cites.map { text($0.hit, entry: bibliography.entry(of: $0)) }.joined(separator: "\n")
    case .json: CiteRecord(bibliography, format: .markdown).flatMap { try? AnswerFormat.string($0) } ?? "{}"
    case .cslJSON: encode(bibliography.entries.map(CSLItem.init))
    case .bibtex: BibTeXWriter.write(bibliography)
    case .ris: RISWriter.write(bibliography)
    }
  }

  /// `> “quote” — Speaker, [Title](link) (m:ss), Event`: one blockquote line whose source
  /// part `duo-kb verify` reads (the link names the document, `(m:ss)` the time).
  static func markdown(_ hit: QuotedHit, entry: Bibliography.Entry? = nil) -> String {
    if let layout = hit.sectionLayout {
      // A section as Apple lays it out, in a blockquote, its source on the last line.
      let body = SectionLayout.markdown(layout).split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? ">" : "> \($0)" }
      return (body + [">", "> — \(markdownSource(hit, entry: entry))"]).joined(separator: "\n")
    }
    if hit.passageKind == .code {
      // Code keeps its lines and indentation, in a fence a Markdown renderer shows as code.
      return fenced(DisplayText.block(hit.quote)) + "\n— " + markdownSource(hit, entry: entry)
    }
    return "> “\(MarkdownText.inline(inlineQuote(hit.quote)))” — \(markdownSource(hit, entry: entry))"
  }

  /// A section quoted whole as plain text laid out as Apple shows it (one paragraph, list
  /// item or table row a line), when its layout is known.
  public static func sectionText(_ hit: QuotedHit) -> String? {
    hit.sectionLayout.map(SectionLayout.text)
  }

  /// `Speaker, [Title](link) (m:ss), Event`, each part escaped (`MarkdownText`); the title
  /// without a link when its address is not a web address.
  static func markdownSource(_ hit: QuotedHit, entry: Bibliography.Entry? = nil) -> String {
    var source: [String] = []
    if let speaker = hit.speaker, !speaker.isEmpty { source.append(MarkdownText.inline(speaker)) }
    var link = MarkdownText.link(title(hit), to: hit.link)
    if let timestamp = hit.timestamp { link += " (\(MarkdownText.inline(timestamp)))" }
    source.append(link)
    if let event = EventName.display(hit.source.event) { source.append(MarkdownText.inline(event)) }
    source += documentationParts(hit, entry: entry).map(MarkdownText.inline)
    let line = source.joined(separator: ", ")
    return hit.source.isDeprecated ? line + " — **\(deprecationWarning)**" : line
  }

  /// Said of every quote of a deprecated documentation page, in every format people read.
  public static let deprecationWarning = "deprecated API: not to be cited as current"

  /// A documentation page's publisher and access date: `Apple Developer Documentation`,
  /// `accessed 2026-12-07`; nothing for talks and HIG pages.
  static func documentationParts(_ hit: QuotedHit, entry: Bibliography.Entry?) -> [String] {
    guard hit.source.kind == .doc else { return [] }
    var parts = ["Apple Developer Documentation"]
    if let accessed = entry?.accessed { parts.append("accessed \(accessed.iso8601)") }
    return parts
  }

  /// A fence of backticks longer than any run of them in `code`, and at least three
  /// (CommonMark 4.5), so that the code cannot close it.
  public static func fence(for code: String) -> String {
    var longest = 0
    var run = 0
    for character in code {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    return String(repeating: "`", count: max(3, longest + 1))
  }

  /// `code` in a fence longer than any run of backticks inside it (CommonMark 4.5), with
  /// Swift's language tag when it reads as Swift.
  public static func fenced(_ code: String) -> String {
    let fence = fence(for: code)
    let swiftWords = ["func ", "let ", "var ", "struct ", "import ", "@", "some View", "override "]
    let language = swiftWords.contains { code.contains($0) } ? "swift" : ""
    let body = code.hasSuffix("\n") ? String(code.dropLast()) : code
    return "\(fence)\(language)\n\(body)\n\(fence)"
  }

  /// `“quote” — Speaker, Title (Event, m:ss), link`; controls and direction changes in
  /// the data shown as U+FFFD (`DisplayText`).
  static func text(_ hit: QuotedHit, entry: Bibliography.Entry? = nil) -> String {
    var source: [String] = []
    if let speaker = hit.speaker, !speaker.isEmpty { source.append(speaker) }
    let details =
      [EventName.display(hit.source.event), hit.timestamp].compactMap { $0 } + documentationParts(hit, entry: entry)
    source.append(details.isEmpty ? title(hit) : "\(title(hit)) (\(details.joined(separator: ", ")))")
    source.append(hit.link)
    var attribution = source.map(DisplayText.line).joined(separator: ", ")
    if hit.source.isDeprecated { attribution += " [\(deprecationWarning)]" }
    if let layout = hit.sectionLayout {
      // One paragraph, list item or table row a line, the whole in quotation marks.
      return "“" + DisplayText.block(SectionLayout.text(layout)) + "”\n— " + attribution
    }
    if hit.passageKind == .code {
      // Code as it was shown: its lines and indentation kept.
      return DisplayText.block(hit.quote) + "\n— " + attribution
    }
    return "“\(DisplayText.line(inlineQuote(hit.quote)))” — \(attribution)"
  }

  /// The title a reader sees: the talk's, or the HIG page's with the section heading.
  static func title(_ hit: QuotedHit) -> String {
    guard hit.source.kind.isPage, let heading = hit.heading, !heading.isEmpty, heading != hit.source.title else {
      return hit.source.title
    }
    return "\(hit.source.title) › \(heading)"
  }

  /// The quote on one line, its own double quotation marks turned single so that the
  /// outer marks stay unambiguous (the verifier ignores quotation marks between words).
  public static func inlineQuote(_ quote: String) -> String {
    var result = ""
    result.reserveCapacity(quote.utf8.count)
    var lastWasSpace = false
    for character in quote {
      if character.isWhitespace || character.isNewline {
        if !lastWasSpace, !result.isEmpty { result.append(" ") }
        lastWasSpace = true
        continue
      }
      lastWasSpace = false
      switch character {
      case "“": result.append("‘")
      case "”": result.append("’")
      case "\"": result.append("'")
      default: result.append(character)
      }
    }
    return result.hasSuffix(" ") ? String(result.dropLast()) : result
  }

  static func encode<Value: Encodable>(_ value: Value) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
