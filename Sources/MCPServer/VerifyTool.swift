import Citations
import DocumentModel
import JSON
import KnowledgeBase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `verify`: checks each quotation of a document against the corpus, with the engine and
/// the JSON of `duo-kb verify --format json`.
enum VerifyTool {
  static let maximumTextCharacters = 1_000_000

  static let tool = Tool(
    name: "verify",
    title: "Verify the quotations of a document",
    description: """
      Checks every quotation of Apple in a Markdown or plain-text document against Apple's exact \
      words in the corpus: “…”, "…", ‘…’, «…» and blockquotes, attributed by a time ((3:46), a range \
      03:42–04:51, at 9:20), a talk title, an Apple deep link or a citation id (tech-talks/111466@9:20). \
      Each quotation gets one verdict with its line and column: verified, verified-edited (ellipsis, \
      [brackets] or a first letter's case), misquoted (with the real words and a word diff), \
      wrong-time (with the right time and link), wrong-source (said in another talk: which and when), \
      not-found, too-short (under 4 words with no time, link or id; it does not fail) or unchecked \
      (no source or time given). `passed` is true only when every quotation is verified, too-short \
      ones aside. Run it on your draft before you hand it over, and fix \
      every quotation that is not verified using the real words, time and link given.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "text": [
          "type": "string", "minLength": 1, "maxLength": .int(maximumTextCharacters),
          "description": "The whole document, Markdown or plain text",
        ],
        "file": ["type": "string", "description": "A name for the document in the verdicts (default: document)"],
        "toleranceSeconds": ToolSchema.integer(VerifyRequest.tolerance),
        "allowUnchecked": [
          "type": "boolean", "default": false,
          "description": "Whether quotations with no source or time still let the document pass",
        ],
      ],
      "required": ["text"],
      "additionalProperties": false,
    ],
    outputSchema: AnswerSchema.verify,
    run: run)

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let tolerance = VerifyRequest.tolerance
    let request = VerifyRequest(
      text: arguments["text"]?.stringValue ?? "", file: arguments["file"]?.stringValue ?? "document",
      toleranceSeconds: arguments[tolerance.name(on: .mcp)]?.intValue ?? tolerance.defaultValue(on: .mcp),
      allowsUnchecked: arguments["allowUnchecked"]?.boolValue ?? false)
    let index = try context.index()
    let documents: [Document]
    do { documents = try context.indexes.allDocuments() } catch { throw ToolFailure(error) }
    // With the documents, times come from the cue that holds each first word (as `duo-kb verify`).
    let report = request.report(index: index, documents: documents)
    guard let data = try? report.json(pretty: false), let structured = JSONValue.decode(data) else {
      throw ToolFailure("the verification report could not be encoded")
    }
    return ToolOutput(structured: structured, text: report.text())
  }
}
