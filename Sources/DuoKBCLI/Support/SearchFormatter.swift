import Citations
import Foundation

/// Prints search answers as text (people), Markdown (reports) or JSON (programs).
enum SearchFormatter {
  static func text(_ answer: SearchAnswer, highlight: Bool) -> String {
    var text = ""
    for hit in answer.hits {
      var place = hit.source.title
      if let speaker = hit.speaker { place += " — \(speaker)" }
      if let timestamp = hit.timestamp { place += " at \(timestamp)" }
      if let heading = hit.heading, hit.source.kind == .hig { place += " › \(heading)" }
      text += "\(hit.rank). \(hit.citation)  \(place)\n"
      let quote = highlight ? highlighted(hit.quote, ranges: hit.matchedRanges) : hit.quote
      text += "   “\(quote)”\n   \(hit.link)\n"
    }
    text += summary(answer) + "\n"
    return text
  }

  /// The closing line: how many passages match every word, and whether the hits shown go
  /// on with passages that match some of them.
  static func summary(_ answer: SearchAnswer) -> String {
    let shown = answer.hits.count
    let strict = answer.hits.filter(\.matchesAllWords).count
    guard answer.includesPartialMatches else {
      return shown == answer.total
        ? "\(answer.total) matching passage\(answer.total == 1 ? "" : "s")"
        : "\(shown) of \(answer.total) matching passages"
    }
    let all =
      answer.total == 0
      ? "no passage matches all the words"
      : "\(answer.total) passage\(answer.total == 1 ? " matches" : "s match") all the words"
    return "\(all); showing passages that match some of the words (\(shown - strict) of \(shown))"
  }

  static func markdown(_ answer: SearchAnswer) -> String {
    var text = "## Search: \(answer.query)\n\n"
    for hit in answer.hits {
      if hit.passageKind == .code {
        // A fenced block: a blockquote would prefix only the code's first line.
        text += CitationFormatter.fenced(hit.quote) + "\n\n— "
        text += "[\(markdownEscaped(hit.source.title))](\(hit.link))"
        if let timestamp = hit.timestamp { text += " at \(timestamp)" }
        text += " · `\(hit.citation)`\n\n"
        continue
      }
      text += "> \(hit.quote)\n>\n> — "
      if let speaker = hit.speaker { text += "\(speaker), " }
      text += "[\(markdownEscaped(hit.source.title))](\(hit.link))"
      if let timestamp = hit.timestamp { text += " at \(timestamp)" }
      if let heading = hit.heading, hit.source.kind == .hig { text += ", “\(heading)”" }
      text += " · `\(hit.citation)`\n\n"
    }
    let line = summary(answer)
    text +=
      answer.includesPartialMatches
      ? line.prefix(1).uppercased() + String(line.dropFirst()) + ".\n"
      : "\(answer.hits.count) of \(answer.total) matching passages.\n"
    return text
  }

  /// The answer as `SearchRecord` JSON; with `micros` and `status` for batch answers.
  static func json(_ answer: SearchAnswer, micros: Int? = nil, status: ExitStatus? = nil, pretty: Bool) throws -> String
  {
    try AnswerFormat.string(
      SearchRecord(answer, micros: micros, status: status.map { Int($0.rawValue) }), pretty: pretty)
  }

  /// Wraps the matched byte ranges in bold yellow (a terminal only).
  static func highlighted(_ text: String, ranges: [Range<Int>]) -> String {
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    var position = 0
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound })
    where range.lowerBound >= position && range.upperBound <= bytes.count {
      result += bytes[position..<range.lowerBound]
      result += Array("\u{1B}[1;33m".utf8) + bytes[range] + Array("\u{1B}[0m".utf8)
      position = range.upperBound
    }
    result += bytes[position...]
    return String(decoding: result, as: UTF8.self)
  }

  static func markdownEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
  }
}
