import Citations
import JSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Prints search answers as text (people), Markdown (reports) or JSON (programs). What
/// comes from the corpus is shown as text: controls and direction changes as U+FFFD
/// (`DisplayText`), and in Markdown escaped (`MarkdownText`).
enum SearchFormatter {
  /// `explain`: each hit followed by the parts of its score (`ExplainFormatter`).
  static func text(_ answer: SearchAnswer, highlight: Bool, explain: Bool = false) -> String {
    var text = ""
    for hit in answer.hits {
      var place = DisplayText.line(hit.source.title)
      if let speaker = hit.speaker { place += " — \(DisplayText.line(speaker))" }
      if let timestamp = hit.timestamp { place += " at \(timestamp)" }
      if let heading = hit.heading, hit.source.kind.isPage { place += " › \(DisplayText.line(heading))" }
      if hit.source.isDeprecated { place += "  [\(CitationFormatter.deprecationWarning)]" }
      text += "\(hit.rank). \(hit.citation)  \(place)\n"
      let quote = highlighted(hit.quote, ranges: highlight ? hit.matchedRanges : [])
      text += "   “\(quote)”\n   \(DisplayText.line(hit.link))\n"
      if explain { text += ExplainFormatter.lines(hit) }
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
    var text = "## Search: \(MarkdownText.inline(answer.query))\n\n"
    for hit in answer.hits {
      if hit.passageKind == .code {
        // A fenced block: a blockquote would prefix only the code's first line.
        text += CitationFormatter.fenced(DisplayText.block(hit.quote)) + "\n\n— "
        text += MarkdownText.link(hit.source.title, to: hit.link)
        if let timestamp = hit.timestamp { text += " at \(timestamp)" }
        if hit.source.isDeprecated { text += " · **\(CitationFormatter.deprecationWarning)**" }
        text += " · `\(hit.citation)`\n\n"
        continue
      }
      // Each line of the passage stays in the blockquote.
      let lines = hit.quote.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      text += "> " + lines.map { MarkdownText.inline(String($0)) }.joined(separator: "\n> ") + "\n>\n> — "
      if let speaker = hit.speaker { text += "\(MarkdownText.inline(speaker)), " }
      text += MarkdownText.link(hit.source.title, to: hit.link)
      if let timestamp = hit.timestamp { text += " at \(timestamp)" }
      if let heading = hit.heading, hit.source.kind.isPage { text += ", “\(MarkdownText.inline(heading))”" }
      if hit.source.isDeprecated { text += " · **\(CitationFormatter.deprecationWarning)**" }
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

  /// One batch answer as a JSON line (no newline): the `SearchRecord` that `json` writes,
  /// with `micros` and `status`, its keys sorted as `AnswerFormat` sorts them, written by
  /// `JSONWriter` (an encoder would cost more than the search).
  static func jsonLine(_ answer: SearchAnswer, micros: Int, status: ExitStatus) -> String {
    let record = SearchRecord(answer, micros: micros, status: Int(status.rawValue))
    var writer = JSONWriter(reservingCapacity: 512 + record.results.count * 768)
    writer.beginObject()
    writer.key("micros")
    writer.number(record.micros)
    writer.key("partialMatches")
    writer.bool(record.partialMatches)
    writer.key("query")
    writer.string(record.query)
    writer.key("results")
    writer.beginArray()
    for hit in record.results { write(hit, into: &writer) }
    writer.endArray()
    writer.key("status")
    writer.number(record.status)
    writer.key("total")
    writer.number(record.total)
    writer.key("version")
    writer.number(record.version)
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A batch line for a query that could not be answered (no newline).
  static func jsonErrorLine(query: String, error: String, column: Int?, status: ExitStatus) -> String {
    var writer = JSONWriter(reservingCapacity: 128 + query.utf8.count + error.utf8.count)
    writer.beginObject()
    writer.key("column")
    writer.number(column)
    writer.key("error")
    writer.string(error)
    writer.key("query")
    writer.string(query)
    writer.key("status")
    writer.number(Int(status.rawValue))
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A `HitRecord`'s members in sorted order, every one written (null when unknown).
  private static func write(_ hit: HitRecord, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("anchor")
    writer.string(hit.anchor)
    writer.key("citation")
    writer.string(hit.citation)
    writer.key("end")
    writer.number(hit.end)
    writer.key("heading")
    writer.string(hit.heading)
    writer.key("link")
    writer.string(hit.link)
    writer.key("matchStart")
    writer.number(hit.matchStart)
    writer.key("passageKind")
    writer.string(hit.passageKind)
    writer.key("quote")
    writer.string(hit.quote)
    writer.key("rank")
    writer.number(hit.rank)
    writer.key("score")
    writer.number(hit.score)
    writer.key("source")
    writer.beginObject()
    writer.key("deprecated")
    writer.bool(hit.source.deprecated)
    writer.key("event")
    writer.string(hit.source.event)
    writer.key("framework")
    writer.string(hit.source.framework)
    writer.key("id")
    writer.string(hit.source.id)
    writer.key("kind")
    writer.string(hit.source.kind)
    writer.key("language")
    writer.string(hit.source.language)
    writer.key("title")
    writer.string(hit.source.title)
    writer.key("url")
    writer.string(hit.source.url)
    writer.key("year")
    writer.number(hit.source.year)
    writer.endObject()
    writer.key("speaker")
    writer.string(hit.speaker)
    writer.key("start")
    writer.number(hit.start)
    writer.key("timestamp")
    writer.string(hit.timestamp)
    writer.endObject()
  }

  /// Wraps the matched byte ranges in bold yellow (a terminal only); every piece of the
  /// text shown as `DisplayText.block` shows it, so that only these escapes reach the terminal.
  static func highlighted(_ text: String, ranges: [Range<Int>]) -> String {
    let bytes = Array(text.utf8)
    let shown = { (piece: ArraySlice<UInt8>) in Array(DisplayText.block(String(decoding: piece, as: UTF8.self)).utf8) }
    var result: [UInt8] = []
    var position = 0
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound })
    where range.lowerBound >= position && range.upperBound <= bytes.count {
      result += shown(bytes[position..<range.lowerBound])
      result += Array("\u{1B}[1;33m".utf8) + shown(bytes[range]) + Array("\u{1B}[0m".utf8)
      position = range.upperBound
    }
    result += shown(bytes[position...])
    return String(decoding: result, as: UTF8.self)
  }
}
