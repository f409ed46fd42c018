import Citations
import Normalize

/// `verify`: checks each quotation of a document against the corpus.
enum VerifyTool {
  static let maximumTextCharacters = 1_000_000

  static let tool = Tool(
    name: "verify",
    title: "Verify the quotations of a document",
    description: """
      Checks every quotation in a Markdown or plain-text document that has a time or link near \
      it (“…” (3:46), "…" (12:07), a blockquote with a source line, a link with ?time=) against \
      Apple's exact words in the corpus: the words after the documented normalizations, the \
      talk, and the time within a tolerance (default ±5 s). Each quotation gets a verdict: \
      verified, misquoted (with the real sentence and a word diff), wrong-time (with the right \
      time and link) or not-found, with its line. Run it on your draft before you hand it over, \
      and fix every quotation that is not verified using the real words, time and link given.
      """,
    inputSchema: [
      "type": "object",
      "properties": [
        "text": [
          "type": "string", "minLength": 1, "maxLength": .int(maximumTextCharacters),
          "description": "The whole document, Markdown or plain text",
        ],
        "file": ["type": "string", "description": "A name for the document in the verdicts (default: document)"],
        "toleranceSeconds": [
          "type": "integer", "minimum": 0, "maximum": 3600, "default": 5,
          "description": "How far a quotation's time may be off (default 5)",
        ],
      ],
      "required": ["text"],
      "additionalProperties": false,
    ],
    outputSchema: [
      "type": "object",
      "properties": [
        "total": ["type": "integer"],
        "verified": ["type": "integer"],
        "failed": ["type": "integer"],
        "verdicts": ["type": "array", "items": verdictSchema],
      ],
      "required": ["total", "verified", "failed", "verdicts"],
    ],
    run: run)

  static let verdictSchema: JSONValue = [
    "type": "object",
    "properties": [
      "file": ["type": "string"],
      "line": ["type": "integer", "description": "Line of the opening quotation mark"],
      "quotation": ["type": "string", "description": "The quotation as written"],
      "status": ["type": "string", "enum": ["verified", "misquoted", "wrong-time", "not-found"]],
      "claimedTime": ["type": ["string", "null"]],
      "claimedLink": ["type": ["string", "null"]],
      "time": ["type": ["string", "null"], "description": "Where the words really are (m:ss)"],
      "citation": ["type": ["string", "null"]],
      "link": ["type": ["string", "null"], "description": "Deep link to where the words really are"],
      "source": ["type": ["string", "null"], "description": "The talk or page title"],
      "closest": ["type": ["string", "null"], "description": "Misquotes: the real words"],
      "diff": ["type": ["string", "null"], "description": "Misquotes: word diff from the real words"],
      "note": ["type": ["string", "null"]],
    ],
    "required": ["file", "line", "quotation", "status"],
  ]

  static func run(_ context: ToolContext, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    let text = arguments["text"]?.stringValue ?? ""
    let file = arguments["file"]?.stringValue ?? "document"
    let tolerance = arguments["toleranceSeconds"]?.intValue ?? 5
    let index = try context.index()
    let documents: [Document]
    do { documents = try context.indexes.allDocuments() } catch { throw ToolFailure(error) }
    // With the documents, times come from the cue that holds each first word (as `duo-kb verify`).
    let verifier = QuotationVerifier(index: index, documents: documents, toleranceSeconds: tolerance)
    let verdicts = verifier.verify(text: text, file: file)
    let verified = verdicts.filter(\.isVerified).count
    return ToolOutput(structured: [
      "total": .int(verdicts.count), "verified": .int(verified), "failed": .int(verdicts.count - verified),
      "verdicts": .array(verdicts.map(json)),
    ])
  }

  static func json(_ verdict: QuotationVerdict) -> JSONValue {
    [
      "file": .string(verdict.file), "line": .int(verdict.line), "quotation": .string(verdict.quotation),
      "status": .string(verdict.status.rawValue), "claimedTime": verdict.claimedTime.json,
      "claimedLink": verdict.claimedLink.json, "time": verdict.time.json,
      "citation": verdict.citation.map { .string($0.description) } ?? .null, "link": verdict.link.json,
      "source": verdict.sourceTitle.json, "closest": verdict.closest.json,
      "diff": verdict.diff.map { .string($0.rendered) } ?? .null, "note": verdict.note.json,
    ]
  }
}
