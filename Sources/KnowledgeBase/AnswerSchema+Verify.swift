import Citations
import JSON

/// `verify`: the verification report (`VerificationReport`) and each quotation's verdict.
extension AnswerSchema {
  package static let nullableInteger: JSONValue = ["type": ["integer", "null"]]

  package static let verdict: JSONValue = [
    "type": "object",
    "properties": [
      "file": ["type": "string"],
      "line": ["type": "integer", "description": "Line of the opening quotation mark"],
      "column": ["type": "integer", "description": "Column of the opening quotation mark"],
      "quotation": ["type": "string", "description": "The quotation as written"],
      "form": ["type": "string", "enum": .array(QuotationForm.allCases.map { .string($0.rawValue) })],
      "status": ["type": "string", "enum": .array(QuotationVerdict.Status.allCases.map { .string($0.rawValue) })],
      "marks": [
        "type": "array",
        "items": [
          "type": "string", "enum": .array(QuotationVerdict.EditorialMark.allCases.map { .string($0.rawValue) }),
        ],
      ],
      "claimedTime": nullableString, "claimedSeconds": nullableInteger, "claimedUntilSeconds": nullableInteger,
      "claimedLink": nullableString, "claimedSource": nullableString,
      "time": ["type": ["string", "null"], "description": "Where the words really are (m:ss)"],
      "seconds": ["type": ["number", "null"]],
      "citation": nullableString,
      "link": ["type": ["string", "null"], "description": "Deep link to where the words really are"],
      "source": ["type": ["string", "null"], "description": "The talk or page title"],
      "sourceID": nullableString,
      "closest": ["type": ["string", "null"], "description": "Misquotes: the real words"],
      "diff": [
        "type": ["object", "null"], "description": "Misquotes: the word diff from the real words",
        "properties": [
          "text": ["type": "string"], "omitted": ["type": "integer"], "added": ["type": "integer"],
          "edits": ["type": "array", "items": ["type": "object"]],
        ],
      ],
      "note": nullableString,
    ],
    "required": ["file", "line", "column", "quotation", "form", "status", "marks"],
  ]

  package static let verify: JSONValue = [
    "type": "object",
    "properties": [
      "version": ["type": "integer"],
      "toleranceSeconds": ["type": "integer"],
      "allowsUnchecked": ["type": "boolean"],
      "total": ["type": "integer"],
      "counts": ["type": "object"],
      "passed": ["type": "boolean"],
      "summary": ["type": "string"],
      "quotations": ["type": "array", "items": verdict],
      "passedOver": ["type": "array", "items": ["type": "object"]],
      "unlisted": [
        "type": "object",
        "description":
          "Counted in total and counts but not listed: a report lists the first `limit` quotations and passed-over texts",
        "properties": [
          "quotations": ["type": "integer"], "passedOver": ["type": "integer"], "limit": ["type": "integer"],
        ],
      ],
    ],
    "required": ["version", "total", "counts", "passed", "summary", "quotations"],
  ]
}
