import AppleSite
import Citations
import KnowledgeBase
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb quote ID`: the exact words a citation id names, with passages around them.
enum QuoteCommand: LocalCommand {
  static let name = "quote"
  static let summary = "Print the exact sentence(s) a citation id names, with context and link"
  static let usage = "ID-OR-LINK [--context N] [--format text|markdown|json]"
  static let discussion = HelpWrapping.paragraphs([
    """
    ID is a citation id as search prints it: tech-talks/111466@3:46 (or @1:02:03) names the
    passages spoken from that second (speech before a code sample shown then; else the one
    whose time span holds it), tech-talks/111461@3:42-4:51 every passage in that range,
    hig/designing-for-iphone-duo#anchor the whole section, and a place (@3:46.2, #anchor.2)
    one passage among several; ids with an older ~hash suffix still work. Apple's own links work too: a talk page with ?time=226, a HIG page with
    #anchor, with or without a locale prefix. A bare document id or page link shows the
    document: its title, event and chapters (or sections) with their ids. --context N adds N
    passages before and after (default \(QuoteRequest.context.defaultValue(on: .cli)), at most \(QuoteRequest.context.maximum(on: .cli))).
    Exit status: 0 found, 1 an id that names nothing (with the ids it may have meant), 2 usage.
    """
  ])
  static let argumentCompletion = ValueCompletion.citationIDs
  /// `quote`'s options, checked.
  struct Options: CommandOptions {
    var context = QuoteRequest.context.defaultValue(on: .cli)
    var format = "text"

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "context", "N", short: "C", \.context,
          .integer(in: QuoteRequest.context.bounds(on: .cli)) { name, text in
            let bounds = QuoteRequest.context.bounds(on: .cli)
            return "--\(name) needs a whole number from \(bounds.lowerBound) to \(bounds.upperBound), not '\(text)'"
          },
          help: "passages to show before and after (default \(QuoteRequest.context.defaultValue(on: .cli)))"),
        .value(
          "format", "FORMAT", \.format, .word(among: ["text", "markdown", "json"]),
          help: "text, markdown or json (default text)"),
      ]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    let format = options.format
    let around = options.context
    guard context.positionals.count == 1, let text = context.positionals.first else {
      throw UsageError("quote needs one citation id", hint: "duo-kb quote tech-talks/111466@3:46")
    }
    guard let reference = MomentReference(parsing: text) else {
      throw UsageError(
        "'\(text)' is not a citation id or an Apple link",
        hint: "ids look like tech-talks/111466@3:46, tech-talks/111461@3:42-4:51 or hig/layout#anchor")
    }
    if case .document(let id) = reference {
      let overview = KnowledgeBase(home: context.home.url).withRelatedDocumentation(
        try IndexMaintenance.withIndex(context) { index throws(CitationsError) in
          try index.overview(documentID: id)
        })
      switch format {
      case "json": context.stdout.write(try OverviewFormatter.json(overview) + "\n")
      case "markdown": context.stdout.write(OverviewFormatter.markdown(overview))
      default: context.stdout.write(OverviewFormatter.text(overview))
      }
      return .success
    }
    let request = QuoteRequest(reference: reference, context: around)
    let answer = try IndexMaintenance.withIndex(context) { index throws(CitationsError) in
      try request.answer(in: index)
    }
    // A HIG section keeps its lists and tables in every format (JSON's `section`), as MCP's
    // quote and the API's give it.
    // A talk names the documentation pages its page links to.
    let knowledgeBase = KnowledgeBase(home: context.home.url)
    let laidOut = knowledgeBase.withRelatedDocumentation(knowledgeBase.laidOut(answer))
    switch format {
    case "json": context.stdout.write(try json(laidOut) + "\n")
    case "markdown": context.stdout.write(markdown(laidOut))
    default: context.stdout.write(self.text(laidOut))
    }
    return .success
  }

  static func text(_ answer: QuoteAnswer) -> String {
    let target = answer.target
    var output = "\(target.citation) · \(DisplayText.line(target.source.title))"
    if let event = EventName.display(target.source.event) { output += " · \(DisplayText.line(event))" }
    output += "\n\(DisplayText.line(target.link))\n\n"
    func line(_ hit: QuotedHit, marker: String) -> String {
      let place = hit.timestamp.map { "[\($0)] " } ?? hit.heading.map { "[\(DisplayText.line($0))] " } ?? ""
      let speaker = hit.speaker.map { "\(DisplayText.line($0)): " } ?? ""
      if hit.passageKind == .code {
        // Code keeps its lines and indentation, each line under the marker.
        let lines = DisplayText.block(hit.quote).split(separator: "\n", omittingEmptySubsequences: false).map {
          "\(marker)     \($0)"
        }
        return "\(marker) \(place)code:\n" + lines.joined(separator: "\n") + "\n"
      }
      return "\(marker) \(place)\(speaker)\(DisplayText.line(CitationFormatter.inlineQuote(hit.quote)))\n"
    }
    for hit in answer.before { output += line(hit, marker: " ") }
    if let section = CitationFormatter.sectionText(target).map(DisplayText.block) {
      let place = target.heading.map { "[\(DisplayText.line($0))]" } ?? ""
      output += "> \(place)\n"
      for row in section.split(separator: "\n", omittingEmptySubsequences: false) {
        output += row.isEmpty ? ">\n" : ">   \(row)\n"
      }
    } else {
      for hit in answer.passages { output += line(hit, marker: ">") }
    }
    for hit in answer.after { output += line(hit, marker: " ") }
    return output + RelatedDocumentationFormatter.text(answer.relatedDocumentation)
  }

  static func markdown(_ answer: QuoteAnswer) -> String {
    var output = ""
    func context(_ hit: QuotedHit) -> String {
      let time = hit.timestamp.map { "(\($0)) " } ?? ""
      return hit.passageKind == .code
        ? "\(time)\n\n\(CitationFormatter.fenced(DisplayText.block(hit.quote)))\n\n"
        : "\(time)\(MarkdownText.inline(hit.quote))\n\n"
    }
    for hit in answer.before { output += context(hit) }
    output += CitationFormatter.format(answer.target, as: .markdown) + "\n\n"
    for hit in answer.after { output += context(hit) }
    return output + RelatedDocumentationFormatter.markdown(answer.relatedDocumentation)
  }

  static func json(_ answer: QuoteAnswer) throws -> String {
    try AnswerFormat.string(QuoteRecord(answer))
  }
}
