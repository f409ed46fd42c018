import Citations

/// Search answers as JSON values, in the shape of `duo-kb search --format json`:
/// `{query, total, results: [{rank, score, quote, start, end, matchStart, timestamp, anchor, link,
/// citation, speaker, source: {kind, id, title, url}}]}`. A test holds the two in step.
enum SearchResultJSON {
  static func answer(_ answer: SearchAnswer) -> JSONValue {
    ["query": .string(answer.query), "total": .int(answer.total), "results": .array(answer.hits.map(hit))]
  }

  static func hit(_ hit: QuotedHit) -> JSONValue {
    [
      "rank": .int(hit.rank), "score": .double((hit.score * 10_000).rounded() / 10_000), "quote": .string(hit.quote),
      "start": hit.startMilliseconds.map { .double(Double($0) / 1000) } ?? .null,
      "end": hit.endMilliseconds.map { .double(Double($0) / 1000) } ?? .null,
      "matchStart": hit.matchStartMilliseconds.map { .double(Double($0) / 1000) } ?? .null,
      "timestamp": hit.timestamp.json, "anchor": hit.anchor.json, "link": .string(hit.link),
      "citation": .string(hit.citation.description), "speaker": hit.speaker.json,
      "source": [
        "kind": .string(hit.passageKind == .code ? "code" : hit.source.kind.rawValue), "id": .string(hit.source.id),
        "title": .string(hit.source.title), "url": .string(hit.source.url),
      ],
    ]
  }

  /// The JSON Schema of one hit (2020-12).
  static let hitSchema: JSONValue = [
    "type": "object",
    "properties": [
      "rank": ["type": "integer", "description": "1 for the best hit"],
      "score": ["type": "number", "description": "BM25 relevance; higher is better"],
      "quote": ["type": "string", "description": "Apple's exact words: quote them verbatim, in quotation marks"],
      "start": ["type": ["number", "null"], "description": "Talks: seconds from the start of the video"],
      "end": ["type": ["number", "null"], "description": "Talks: seconds where the quoted words end"],
      "matchStart": [
        "type": ["number", "null"],
        "description": "Talks: seconds where the cue holding the first matched word starts (the link's time)",
      ],
      "timestamp": ["type": ["string", "null"], "description": "Talks: m:ss of the start, to cite"],
      "anchor": ["type": ["string", "null"], "description": "HIG pages: the section anchor"],
      "link": ["type": "string", "description": "Deep link: the talk at that second, or the HIG section"],
      "citation": ["type": "string", "description": "Stable citation id, e.g. tech-talks/111466@3:46"],
      "speaker": ["type": ["string", "null"], "description": "Who says it, where the subtitles name them"],
      "source": [
        "type": "object",
        "properties": [
          "kind": ["type": "string", "enum": ["talk", "hig", "code"]],
          "id": ["type": "string", "description": "Document id, e.g. tech-talks/111466"],
          "title": ["type": "string"],
          "url": ["type": "string", "description": "The talk or HIG page"],
        ],
        "required": ["kind", "id", "title", "url"],
      ],
    ],
    "required": [
      "rank", "score", "quote", "start", "end", "matchStart", "timestamp", "anchor", "link", "citation", "speaker", "source",
    ],
  ]
}
