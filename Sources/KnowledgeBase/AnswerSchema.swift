import Citations
import JSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON Schemas (2020-12) of the answer records, the tools' output schemas and the
/// files published in `docs/schema/` (a test keeps the two the same).
package enum AnswerSchema {
  package static let nullableString: JSONValue = ["type": ["string", "null"]]
  package static let version: JSONValue = [
    "type": "integer", "enum": [.int(AnswerFormat.version)], "description": "The shape's version",
  ]

  /// Why a search hit scored what it did (`ExplainRecord`): present only when asked for.
  package static let explain: JSONValue = [
    "type": "object",
    "description": .string(
      "search --explain: score = sum × coverage^coordinationExponent × naming; sum = the clauses' scores; a "
        + "clause's score = idf × weight × (own + context + heading + title + description); numbers rounded to 4 "
        + "decimals"),
    "properties": [
      "score": ["type": "number"], "sum": ["type": "number"], "coverage": ["type": "number"],
      "ownCoverage": ["type": "number"], "contextCoverage": ["type": "number"],
      "coordinationExponent": ["type": "number"],
      "naming": [
        "type": "number",
        "description": "1, or the share a passage that merely names the query's topic keeps (it goes on in the next)",
      ],
      "k1": ["type": "number"], "b": ["type": "number"], "averageWords": ["type": "number"],
      "clauses": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": [
            "text": ["type": "string", "description": "The word or quoted phrase"],
            "phrase": ["type": "boolean"], "stopWord": ["type": "boolean"],
            "documentFrequency": ["type": "integer"], "idf": ["type": "number"],
            "weight": ["type": "number", "description": "1, or the stop-word weight"],
            "exact": ["type": "number", "description": "Occurrences of the forms as written"],
            "stemmed": ["type": "number", "description": "Occurrences of forms sharing only the stem"],
            "length": ["type": "number", "description": "Words the saturation used (at least the minimum)"],
            "own": ["type": "number"], "neighbours": ["type": "number"], "context": ["type": "number"],
            "heading": ["type": "number"], "title": ["type": "number"], "description": ["type": "number"],
            "score": ["type": "number"],
          ],
          "required": [
            "text", "phrase", "stopWord", "documentFrequency", "idf", "weight", "exact", "stemmed", "length", "own",
            "neighbours", "context", "heading", "title", "description", "score",
          ],
        ],
      ],
    ],
    "required": [
      "score", "sum", "coverage", "ownCoverage", "contextCoverage", "coordinationExponent", "naming", "k1", "b",
      "averageWords", "clauses",
    ],
  ]

  /// A quoted passage (`HitRecord`).
  package static let hit: JSONValue = [
    "type": "object",
    "properties": [
      "rank": ["type": ["integer", "null"], "description": "Search and audit: 1 for the best hit; null elsewhere"],
      "score": [
        "type": ["number", "null"],
        "description":
          "Search: relevance (BM25 with the passage's context), higher is better; audit: the quote's support, 0 to 1",
      ],
      "quote": ["type": "string", "description": "Apple's exact words: quote them verbatim, in quotation marks"],
      "passageKind": ["type": "string", "enum": ["speech", "code", "text"]],
      "start": ["type": ["number", "null"], "description": "Talks: seconds from the start of the video"],
      "end": ["type": ["number", "null"], "description": "Talks: seconds where the quoted words end"],
      "matchStart": [
        "type": ["number", "null"], "description": "Talks: seconds where the matched words begin (the link's time)",
      ],
      "timestamp": ["type": ["string", "null"], "description": "Talks: m:ss of the start, to cite"],
      "anchor": ["type": ["string", "null"], "description": "HIG pages: the section anchor"],
      "heading": ["type": ["string", "null"], "description": "The HIG section or the talk's chapter"],
      "link": ["type": "string", "description": "Deep link: the talk at that second, or the HIG section"],
      "citation": ["type": "string", "description": "Stable citation id, e.g. tech-talks/111466@3:46"],
      "speaker": ["type": ["string", "null"], "description": "Who says it, where the subtitles name them"],
      "source": [
        "type": "object",
        "properties": [
          "kind": ["type": "string", "enum": ["talk", "hig", "doc", "code"]],
          "id": [
            "type": "string",
            "description": "Document id, e.g. tech-talks/111466; other languages add their tag: tech-talks/111466/ja",
          ],
          "title": ["type": "string"],
          "url": ["type": "string", "description": "The talk, HIG or documentation page"],
          "event": nullableString,
          "year": ["type": ["integer", "null"]],
          "language": ["type": "string", "description": "BCP 47 tag of the document: en, ja, ko, zh-Hans"],
          "framework": ["type": ["string", "null"], "description": "Documentation pages: the framework, e.g. UIKit"],
          "deprecated": [
            "type": "boolean",
            "description": "Documentation pages deprecated upstream: never cite them as current API",
          ],
        ],
        "required": ["kind", "id", "title", "url", "event", "year", "language", "framework", "deprecated"],
      ],
      "explain": explain,
    ],
    "required": [
      "rank", "score", "quote", "passageKind", "start", "end", "matchStart", "timestamp", "anchor", "heading", "link",
      "citation", "speaker", "source",
    ],
  ]

  /// `duo-kb search --format json` and the `search` tool (`SearchRecord`).
  package static let search: JSONValue = [
    "type": "object",
    "properties": [
      "version": version,
      "query": ["type": "string"],
      "total": ["type": "integer", "description": "How many passages match every word; the best are in results"],
      "partialMatches": [
        "type": "boolean",
        "description":
          "True when results also show passages that match only some of the words (fewer matched them all than asked for); they follow those that match every word",
      ],
      "results": ["type": "array", "items": hit],
      "micros": ["type": "integer", "description": "--batch: how long the query took"],
      "status": ["type": "integer", "description": "--batch: this line's exit status (0 hits, 1 none)"],
    ],
    "required": ["version", "query", "total", "partialMatches", "results"],
  ]

  /// A talk's links to documentation pages (`RelatedPageRecord`); left out when it has none.
  package static let relatedDocumentation: JSONValue = [
    "type": "array",
    "description": "A talk's links to pages of Apple's developer documentation, in page order",
    "items": [
      "type": "object",
      "properties": [
        "title": ["type": "string", "description": "The link text"],
        "url": ["type": "string", "description": "The documentation page"],
        "id": ["type": "string", "description": "Its document id, e.g. doc/foundation/nsdata"],
        "inCorpus": ["type": "boolean", "description": "True when the corpus holds the page"],
      ],
      "required": ["title", "url", "inCorpus"],
    ],
  ]

  /// `duo-kb quote --format json` and the `quote` tool (`QuoteRecord`).
  package static let quote: JSONValue = [
    "type": "object",
    "properties": [
      "version": version,
      "citation": ["type": "string", "description": "The citation id of the passage, section or range"],
      "target": hit,
      "passages": ["type": "array", "items": hit, "description": "What the target is made of"],
      "before": ["type": "array", "items": hit],
      "after": ["type": "array", "items": hit],
      "section": [
        "type": "string",
        "description": "A HIG section laid out as Apple shows it, in Markdown: lists as lists, tables as tables",
      ],
      "relatedDocumentation": relatedDocumentation,
    ],
    "required": ["version", "citation", "target", "passages", "before", "after"],
  ]

  /// `duo-kb cite --format json` and the `cite` tool (`CiteRecord`).
  package static let cite: JSONValue = [
    "type": "object",
    "properties": [
      "version": version,
      "format": ["type": "string"],
      "text": ["type": "string", "description": "The citation, ready to paste"],
      "hit": hit,
      "hits": ["type": "array", "items": hit, "description": "Every passage cited, in order"],
      "items": ["type": "array", "items": cslItem, "description": "CSL-JSON items (CSL 1.0.2), one per document"],
      "cites": [
        "type": "array", "description": "One per passage: a cite of its item, the time or section as the locator",
        "items": [
          "type": "object",
          "properties": [
            "id": ["type": "string", "description": "The item's id: the document id"],
            "locator": [
              "type": ["string", "null"], "description": "m:ss for a talk, the section heading for a HIG page",
            ],
            "label": ["type": ["string", "null"], "enum": ["timestamp", "section", .null]],
            "citation": ["type": "string", "description": "The passage's citation id"],
          ],
          "required": ["id", "locator", "label", "citation"],
        ],
      ],
      "dates": [
        "type": "array", "description": "One per item: its dates, and which date published was used",
        "items": [
          "type": "object",
          "properties": [
            "id": ["type": "string", "description": "The item's id: the document id"],
            "issued": ["type": ["string", "null"], "description": "2026-03-04, 2026-03 or 2026"],
            "issuedFrom": [
              "type": ["string", "null"], "enum": ["page", "catalog", "year", .null],
              "description":
                "page: the talk page's datePublished; catalog: the catalog's originalPublishingDate; year: the event's year",
            ],
            "accessed": ["type": ["string", "null"], "description": "The day it was fetched"],
          ],
          "required": ["id", "issued", "issuedFrom", "accessed"],
        ],
      ],
    ],
    "required": ["version", "format", "text", "hit", "hits", "items", "cites", "dates"],
  ]

  /// One CSL-JSON item as `cite` writes it (a subset of CSL 1.0.2 `csl-data.json`).
  package static let cslItem: JSONValue = [
    "type": "object",
    "properties": [
      "id": ["type": "string", "description": "The document id"],
      "type": ["type": "string", "enum": ["speech", "webpage"]],
      "title": ["type": "string"],
      "author": [
        "type": "array",
        "items": ["type": "object", "properties": ["literal": ["type": "string"]], "required": ["literal"]],
      ],
      "genre": ["type": "string"],
      "container-title": ["type": "string"],
      "event-title": ["type": "string"],
      "event": ["type": "string", "description": "event-title under its CSL 1.0.1 name"],
      "issued": dateParts,
      "accessed": dateParts,
      "URL": ["type": "string"],
      "note": ["type": "string"],
      "language": ["type": "string"],
    ],
    "required": ["id", "type", "title", "author", "URL", "language"],
  ]

  package static let dateParts: JSONValue = [
    "type": "object",
    "properties": [
      "date-parts": ["type": "array", "items": ["type": "array", "items": ["type": "integer"]]]
    ],
    "required": ["date-parts"],
  ]

  /// `duo-kb audit --format json` (`AuditRecord`).
  package static let audit: JSONValue = [
    "type": "object",
    "properties": [
      "version": version,
      "title": ["type": "string"],
      "threshold": [
        "type": "number", "description": "The support a rule's best quote needs to count as supporting it",
      ],
      "rules": ["type": "integer"], "supported": ["type": "integer"], "weak": ["type": "integer"],
      "unsupported": ["type": "integer"],
      "items": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": [
            "rule": ["type": "string"], "queries": ["type": "array", "items": ["type": "string"]],
            "verdict": [
              "type": "string", "enum": ["supported", "weak", "unsupported"],
              "description":
                "supported: the best quote's support reaches the threshold; weak: below it; unsupported: no quote",
            ],
            "supported": ["type": "boolean"],
            "support": ["type": "number", "description": "The best quote's support, 0 to 1 (0 without quotes)"],
            "quotes": ["type": "array", "items": hit, "description": "Best first; each score is its support, 0 to 1"],
          ],
          "required": ["rule", "queries", "verdict", "supported", "support", "quotes"],
        ],
      ],
    ],
    "required": ["version", "title", "threshold", "rules", "supported", "weak", "unsupported", "items"],
  ]

  /// One document as a list shows it (`DocumentSummaryRecord`).
  package static let documentSummary: JSONValue = [
    "type": "object",
    "properties": [
      "id": ["type": "string", "description": "Document id, e.g. tech-talks/111466"],
      "kind": ["type": "string", "enum": ["talk", "hig", "doc"]],
      "title": ["type": "string"],
      "url": ["type": "string", "description": "The talk or HIG page"],
      "event": nullableString,
      "eventName": ["type": ["string", "null"], "description": "People's name for the event, e.g. WWDC24"],
      "year": ["type": ["integer", "null"]],
      "language": ["type": "string", "description": "BCP 47, e.g. en, ja, zh-Hans"],
      "passages": ["type": "integer"],
    ],
    "required": ["id", "kind", "title", "url", "event", "eventName", "year", "language", "passages"],
  ]

  package static let counts: JSONValue = ["type": "object", "additionalProperties": ["type": "integer"]]

  /// The `documents` tool and `GET /api/documents` (`DocumentListRecord`).
  package static let documents: JSONValue = [
    "type": "object",
    "properties": [
      "version": version,
      "total": ["type": "integer", "description": "How many documents pass the filters"],
      "documents": ["type": "array", "items": documentSummary],
      "kinds": counts, "events": counts, "years": counts, "languages": counts,
    ],
    "required": ["version", "total", "documents", "kinds", "events", "years", "languages"],
  ]

  /// `GET /api/documents/{id}` (`DocumentRecord`): the document whole, every passage a hit.
  package static let document: JSONValue = [
    "type": "object",
    "properties": [
      "version": version,
      "document": documentSummary,
      "chapters": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": ["title": ["type": "string"], "citation": ["type": "string"], "link": ["type": "string"]],
          "required": ["title", "citation", "link"],
        ],
      ],
      "passages": ["type": "array", "items": hit],
      "relatedDocumentation": relatedDocumentation,
    ],
    "required": ["version", "document", "chapters", "passages"],
  ]

  /// `duo-kb status --format json`, the `status` tool and `GET /api/status`.
  package static let status: JSONValue = [
    "type": "object",
    "properties": [
      "home": ["type": "string"], "homeFrom": ["type": "string"],
      "documents": counts,
      "removedUpstream": ["type": "integer"], "corpusBytes": ["type": "integer"], "indexBytes": ["type": "integer"],
      "indexMatchesCorpus": ["type": "boolean"],
      "lastRefresh": ["type": ["object", "null"], "description": "The last entry of Corpus/changelog.jsonl"],
      "refreshes": ["type": "integer"],
      "failing": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": [
            "source": ["type": "string"], "error": ["type": "string"], "refreshesInARow": ["type": "integer"],
          ],
          "required": ["source", "error", "refreshesInARow"],
        ],
      ],
      "neverHarvested": ["type": "array", "items": ["type": "string"]],
      "goneUpstream": ["type": "array", "items": ["type": "string"]],
      "goneBeforeHarvest": ["type": "array", "items": ["type": "string"]],
      "unreadableDocuments": ["type": "array", "items": ["type": "object"]],
      "leftOutOfIndex": ["type": "array", "items": ["type": "object"]],
      "listedSources": ["type": "integer"],
      "corpusFetchedAt": [
        "type": ["string", "null"], "description": "When the newest document was fetched (ISO 8601)",
      ],
      "failingByCause": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": ["cause": ["type": "string"], "sources": ["type": "array", "items": ["type": "string"]]],
          "required": ["cause", "sources"],
        ],
      ],
      "settings": [
        "type": "object",
        "description": "Corpus/settings.json: allowHosts, mirrors, caFile, languages, jobs",
      ],
      "settingsError": ["type": "string", "description": "Why Corpus/settings.json cannot be read"],
    ],
    "required": [
      "home", "homeFrom", "documents", "corpusBytes", "indexBytes", "indexMatchesCorpus", "refreshes", "failing",
    ],
  ]

  /// A schema as its published file: with `$schema`, `$id` and a title, keys sorted.
  package static func publishedText(_ file: String, _ schema: JSONValue) -> String {
    guard case .object(var members) = schema else { return "" }
    members["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    members["$id"] = .string("duo-kb/\(file)")
    members["title"] = .string(
      "duo-kb \(file.replacing(".schema.json", with: "")) answer, version \(AnswerFormat.version)")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
    return ((try? encoder.encode(JSONValue.object(members))).map { String(decoding: $0, as: UTF8.self) } ?? "") + "\n"
  }

  /// Every published schema, by the file name it has in `docs/schema/`.
  package static let published: [(file: String, schema: JSONValue)] = [
    ("hit.schema.json", hit), ("search.schema.json", search), ("quote.schema.json", quote),
    ("cite.schema.json", cite), ("audit.schema.json", audit), ("verify.schema.json", verify),
    ("documents.schema.json", documents), ("document.schema.json", document), ("status.schema.json", status),
  ]
}
