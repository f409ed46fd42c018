import Citations
import JSON
import KnowledgeBase

/// `quote`: the exact passage a citation id (or a talk and a time) names, with the passages
/// around it.
enum QuoteTool {
  static let tool = Tool(
    name: "quote",
    title: "Quote a passage by citation id or time",
    description: """
      Returns the exact passage that a citation id names (as `search` gives them: \
      tech-talks/111466@3:46 for a talk at 3:46, hig/designing-for-iphone-duo#anchor for a HIG \
      section), or the passage of a talk spoken at a time (`source` and `time`), with `context` \
      passages before and after it. Every `quote` is Apple's exact words: quote it verbatim in \
      quotation marks and cite its `link` and `timestamp` (or section) and its `citation` id. \
      Use it to check the words around a search hit before you quote it.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "citation": [
          "type": "string", "minLength": 1,
          "description": "A citation id, e.g. tech-talks/111466@3:46 or hig/designing-for-iphone-duo#Best-practices",
        ],
        "source": [
          "type": "string", "minLength": 1, "description": "A talk's document id, e.g. tech-talks/111466 (with time)",
        ],
        "time": ["type": ["string", "integer"], "description": "With source: m:ss (or h:mm:ss), or whole seconds"],
        "context": ToolSchema.integer(QuoteRequest.context),
      ],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.quote,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let reference = try reference(arguments)
    let index = try context.index()
    if case .document(let id) = reference {
      let overview: DocumentOverview
      do { overview = try index.overview(documentID: id) } catch { throw ToolFailure(error) }
      let chapters = overview.chapters.prefix(20).map { "\($0.citation) (\($0.title))" }.joined(separator: ", ")
      // An example the index holds (a talk's first moment, a page's first section): one
      // that works when the assistant follows it.
      let example = index.exampleCitation(documentID: id).map { ", such as \($0.id)." } ?? "."
      throw ToolFailure(
        "'\(id)' is a whole document, “\(overview.title)”: quote a moment or section of it"
          + (chapters.isEmpty ? example : "; its chapters begin at \(chapters)."))
    }
    let answer: QuoteAnswer
    do {
      let request = QuoteRequest(
        reference: reference,
        context: arguments[QuoteRequest.context.name]?.intValue ?? QuoteRequest.context.defaultValue(on: .mcp))
      answer = try request.answer(in: index)
    } catch {
      throw ToolFailure(error)
    }
    // A HIG section keeps its lists and tables, as `duo-kb quote` shows them.
    // A talk names the documentation pages its page links to.
    let knowledgeBase = context.indexes.knowledgeBase
    let laidOut = knowledgeBase.withRelatedDocumentation(knowledgeBase.laidOut(answer))
    return ToolOutput(structured: try AnswerJSON.value(QuoteRecord(laidOut)))
  }

  /// What `citation` names (an id, a range, an Apple link), or `source` and `time` do.
  static func reference(_ arguments: [String: JSONValue]) throws(ToolFailure) -> MomentReference {
    if let text = arguments["citation"]?.stringValue, arguments["source"] == nil, arguments["time"] == nil {
      guard let reference = MomentReference(parsing: text) else {
        throw ToolFailure(
          "'\(text)' is not a citation id: use one from a search result, such as tech-talks/111466@3:46, "
            + "a range such as tech-talks/111461@3:42-4:51, hig/designing-for-iphone-duo#anchor, or an Apple link.")
      }
      return reference
    }
    return .citation(try citationID(arguments))
  }

  /// The id from `citation`, or from `source` and `time`.
  static func citationID(_ arguments: [String: JSONValue]) throws(ToolFailure) -> CitationID {
    let source = arguments["source"]?.stringValue
    let time = arguments["time"]
    switch (arguments["citation"]?.stringValue, source, time) {
    case (let text?, nil, nil):
      guard let citation = CitationID(parsing: text) else {
        throw ToolFailure(
          "'\(text)' is not a citation id: use one from a search result, such as tech-talks/111466@3:46 "
            + "or hig/designing-for-iphone-duo#anchor.")
      }
      return citation
    case (nil, let source?, let time?):
      let seconds: Int?
      switch time {
      case .int(let value): seconds = value >= 0 ? value : nil
      case .string(let text): seconds = Timecode.parse(Substring(text)) ?? Int(text).flatMap { $0 >= 0 ? $0 : nil }
      default: seconds = nil
      }
      guard let seconds, seconds <= Timecode.maximumSeconds else {
        throw ToolFailure(
          "'time' must be m:ss, h:mm:ss or whole seconds up to \(Timecode.maximumSeconds), not \(time.encodedLine()).")
      }
      let citation = CitationID(documentID: source, locator: .time(seconds: seconds))
      guard CitationID(parsing: citation.description) != nil else {
        throw ToolFailure("'\(source)' is not a document id, such as tech-talks/111466.")
      }
      return citation
    default:
      throw ToolFailure("Give either 'citation' (e.g. tech-talks/111466@3:46), or 'source' and 'time' together.")
    }
  }
}
