import AppleSite
import Foundation
import Normalize

/// Ready-to-paste citations of one quoted hit.
public enum CitationFormatter {
  public static func format(_ hit: QuotedHit, as format: CitationFormat) -> String {
    switch format {
    case .markdown: markdown(hit)
    case .text: text(hit)
    case .json: (try? AnswerFormat.string(HitRecord(hit, ranked: false))) ?? "{}"
    case .cslJSON: encode([CSLItem(hit)])
    }
  }

  /// `> “quote” — Speaker, [Title](link) (m:ss), Event`: one blockquote line whose source
  /// part `duo-kb verify` reads (the link names the document, `(m:ss)` the time).
  static func markdown(_ hit: QuotedHit) -> String {
    if hit.passageKind == .code {
      // Code keeps its lines and indentation, in a fence a Markdown renderer shows as code.
      return fenced(hit.quote) + "\n— " + markdownSource(hit)
    }
    return "> “\(inlineQuote(hit.quote))” — \(markdownSource(hit))"
  }

  /// `Speaker, [Title](link) (m:ss), Event`.
  static func markdownSource(_ hit: QuotedHit) -> String {
    var source: [String] = []
    if let speaker = hit.speaker, !speaker.isEmpty { source.append(speaker) }
    var link = "[\(escapeLinkText(title(hit)))](\(hit.link))"
    if let timestamp = hit.timestamp { link += " (\(timestamp))" }
    source.append(link)
    if let event = EventName.display(hit.source.event) { source.append(event) }
    return source.joined(separator: ", ")
  }

  /// `code` in a fence longer than any run of backticks inside it (CommonMark 4.5), with
  /// Swift's language tag when it reads as Swift.
  public static func fenced(_ code: String) -> String {
    var longest = 0
    var run = 0
    for character in code {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    let swiftWords = ["func ", "let ", "var ", "struct ", "import ", "@", "some View", "override "]
    let language = swiftWords.contains { code.contains($0) } ? "swift" : ""
    let body = code.hasSuffix("\n") ? String(code.dropLast()) : code
    return "\(fence)\(language)\n\(body)\n\(fence)"
  }

  /// `“quote” — Speaker, Title (Event, m:ss), link`.
  static func text(_ hit: QuotedHit) -> String {
    var source: [String] = []
    if let speaker = hit.speaker, !speaker.isEmpty { source.append(speaker) }
    let details = [EventName.display(hit.source.event), hit.timestamp].compactMap { $0 }
    source.append(details.isEmpty ? title(hit) : "\(title(hit)) (\(details.joined(separator: ", ")))")
    source.append(hit.link)
    if hit.passageKind == .code {
      // Code as it was shown: its lines and indentation kept.
      return hit.quote + "\n— " + source.joined(separator: ", ")
    }
    return "“\(inlineQuote(hit.quote))” — \(source.joined(separator: ", "))"
  }

  /// The title a reader sees: the talk's, or the HIG page's with the section heading.
  static func title(_ hit: QuotedHit) -> String {
    guard hit.source.kind == .hig, let heading = hit.heading, !heading.isEmpty, heading != hit.source.title else {
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

  static func escapeLinkText(_ text: String) -> String {
    text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
  }

  static func encode<Value: Encodable>(_ value: Value) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// One item of CSL-JSON (citation-style-language schema `csl-data.json`, version 1.0.2):
/// a talk is a `speech` at its event, a HIG section a `webpage`; the author is Apple Inc.
/// as a literal name; the quote, speaker and time go in `note`.
struct CSLItem: Encodable {
  struct Name: Encodable { var literal: String }
  struct DateParts: Encodable {
    var dateParts: [[Int]]
    enum CodingKeys: String, CodingKey { case dateParts = "date-parts" }
  }

  var id: String
  var type: String
  var title: String
  var author: [Name]
  var containerTitle: String
  var eventTitle: String?
  /// The 1.0.1 name of `event-title`, still read by older reference managers.
  var event: String?
  var publisher: String
  var issued: DateParts?
  var url: String
  var note: String
  var language: String

  enum CodingKeys: String, CodingKey {
    case id, type, title, author, publisher, issued, note, language, event
    case containerTitle = "container-title"
    case eventTitle = "event-title"
    case url = "URL"
  }

  init(_ hit: QuotedHit) {
    id = hit.citation.description
    let isTalk = hit.source.kind == .talk
    type = isTalk ? "speech" : "webpage"
    title = CitationFormatter.title(hit)
    author = [Name(literal: "Apple Inc.")]
    let event = EventName.display(hit.source.event)
    switch (isTalk, hit.source.event) {
    case (false, _): containerTitle = "Human Interface Guidelines"
    case (true, "tech-talks"?): containerTitle = "Apple Developer Tech Talks"
    case (true, let other): containerTitle = other?.hasPrefix("wwdc") == true ? (event ?? "") : "Apple Developer Videos"
    }
    eventTitle = isTalk ? event : nil
    self.event = eventTitle
    publisher = "Apple Inc."
    issued = (hit.source.year ?? EventName.year(hit.source.event)).map { DateParts(dateParts: [[$0]]) }
    url = hit.link
    var where_ = hit.timestamp.map { "At \($0)" } ?? hit.heading.map { "In “\($0)”" } ?? "Quoted"
    if let speaker = hit.speaker, !speaker.isEmpty { where_ += ", \(speaker)" }
    note = "\(where_): “\(CitationFormatter.inlineQuote(hit.quote))” (\(hit.citation))"
    language = hit.source.language
  }
}
