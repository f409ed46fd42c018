import AppleSite
import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one JSON shape of duo-kb's answers, written by every command's `--format json` and
/// returned by every MCP tool: a quoted passage (`HitRecord`) and the envelopes around it.
/// Seconds are numbers, `m:ss` is text; every field is written, null when unknown; each
/// envelope has a `version`. The JSON Schemas are published in `docs/schema/`.
public enum AnswerFormat {
  /// The version of these shapes; a change that renames or removes a field bumps it.
  public static let version = 1

  /// `value` as JSON with sorted keys and unescaped slashes.
  public static func data<Value: Encodable>(_ value: Value, pretty: Bool = true) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  public static func string<Value: Encodable>(_ value: Value, pretty: Bool = true) throws -> String {
    String(decoding: try data(value, pretty: pretty), as: UTF8.self)
  }
}

/// A quoted passage: Apple's exact words, where they come from, and how to cite them.
public struct HitRecord: Sendable, Encodable, Equatable {
  public struct Source: Sendable, Encodable, Equatable {
    /// `talk` or `hig`, or `code` for a talk's code sample.
    public var kind: String
    public var id: String
    public var title: String
    public var url: String
    public var event: String?
    public var year: Int?
    /// BCP 47: `en`, `ja`, `zh-Hans`.
    public var language: String
    /// Documentation pages: the framework; null for others.
    public var framework: String? = nil
    /// Documentation pages deprecated upstream (never to be cited as current API).
    public var deprecated = false

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kind, forKey: .kind)
      try container.encode(id, forKey: .id)
      try container.encode(title, forKey: .title)
      try container.encode(url, forKey: .url)
      try container.encode(event, forKey: .event)
      try container.encode(year, forKey: .year)
      try container.encode(language, forKey: .language)
      try container.encode(framework, forKey: .framework)
      try container.encode(deprecated, forKey: .deprecated)
    }

    enum CodingKeys: String, CodingKey { case kind, id, title, url, event, year, language, framework, deprecated }
  }

  /// Search and audit: 1 for the best passage, and its score (search: relevance; audit: its
  /// support, 0 to 1); null elsewhere.
  public var rank: Int?
  public var score: Double?
  public var quote: String
  /// `speech`, `code` or `text`.
  public var passageKind: String
  /// Talks: seconds from the start of the video, where the passage starts and ends, and
  /// where the matched words begin (the link's time).
  public var start: Double?
  public var end: Double?
  public var matchStart: Double?
  public var timestamp: String?
  public var anchor: String?
  public var heading: String?
  public var link: String
  public var citation: String
  public var speaker: String?
  public var source: Source
  /// Search with `--explain`: the parts of `score`; left out otherwise.
  public var explain: ExplainRecord?

  public init(_ hit: QuotedHit, ranked: Bool) {
    rank = ranked ? hit.rank : nil
    score = ranked ? (hit.score * 10_000).rounded() / 10_000 : nil
    quote = hit.quote
    passageKind = hit.passageKind.rawValue
    start = hit.startMilliseconds.map { Double($0) / 1000 }
    end = hit.endMilliseconds.map { Double($0) / 1000 }
    matchStart = hit.matchStartMilliseconds.map { Double($0) / 1000 }
    timestamp = hit.timestamp
    anchor = hit.anchor
    heading = hit.heading
    link = hit.link
    citation = hit.citation.description
    speaker = hit.speaker
    source = Source(
      kind: hit.passageKind == .code ? "code" : hit.source.kind.rawValue, id: hit.source.id, title: hit.source.title,
      url: hit.source.url, event: hit.source.event, year: hit.source.year ?? EventName.year(hit.source.event),
      language: hit.source.language, framework: hit.source.framework, deprecated: hit.source.isDeprecated)
    explain = ranked ? hit.explanation.map(ExplainRecord.init) : nil
  }

  enum CodingKeys: String, CodingKey {
    case rank, score, quote, passageKind, start, end, matchStart, timestamp, anchor, heading, link, citation, speaker
    case source, explain
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rank, forKey: .rank)
    try container.encode(score, forKey: .score)
    try container.encode(quote, forKey: .quote)
    try container.encode(passageKind, forKey: .passageKind)
    try container.encode(start, forKey: .start)
    try container.encode(end, forKey: .end)
    try container.encode(matchStart, forKey: .matchStart)
    try container.encode(timestamp, forKey: .timestamp)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(heading, forKey: .heading)
    try container.encode(link, forKey: .link)
    try container.encode(citation, forKey: .citation)
    try container.encode(speaker, forKey: .speaker)
    try container.encode(source, forKey: .source)
    try container.encodeIfPresent(explain, forKey: .explain)
  }
}

/// `search`: every matching passage counted, the best quoted.
public struct SearchRecord: Sendable, Encodable {
  public var version = AnswerFormat.version
  public var query: String
  /// Passages that match every word.
  public var total: Int
  /// Some results match only some of the words: fewer passages than asked for matched
  /// them all, and the best of the others follow them. False for `--strict`.
  public var partialMatches: Bool
  public var results: [HitRecord]
  /// `--batch`: the time the query took, and its own exit status (0 hits, 1 none).
  public var micros: Int?
  public var status: Int?

  public init(_ answer: SearchAnswer, micros: Int? = nil, status: Int? = nil) {
    query = answer.query
    total = answer.total
    partialMatches = answer.includesPartialMatches
    results = answer.hits.map { HitRecord($0, ranked: true) }
    self.micros = micros
    self.status = status
  }

  enum CodingKeys: String, CodingKey { case version, query, total, partialMatches, results, micros, status }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(query, forKey: .query)
    try container.encode(total, forKey: .total)
    try container.encode(partialMatches, forKey: .partialMatches)
    try container.encode(results, forKey: .results)
    try container.encodeIfPresent(micros, forKey: .micros)
    try container.encodeIfPresent(status, forKey: .status)
  }
}

/// `quote`: the passage (or section, or range) named, and the passages around it.
public struct QuoteRecord: Sendable, Encodable {
  public var version = AnswerFormat.version
  public var citation: String
  public var target: HitRecord
  public var passages: [HitRecord]
  public var before: [HitRecord]
  public var after: [HitRecord]
  /// A HIG section laid out as Apple shows it, in Markdown (lists as lists, tables as
  /// tables), when the answer was laid out (`KnowledgeBase.laidOut`); its words are the
  /// passages' own.
  public var section: String?
  /// A talk's links to documentation pages; left out when it has none.
  public var relatedDocumentation: [RelatedPageRecord]?

  public init(_ answer: QuoteAnswer) {
    citation = answer.target.citation.description
    target = HitRecord(answer.target, ranked: false)
    passages = answer.passages.map { HitRecord($0, ranked: false) }
    before = answer.before.map { HitRecord($0, ranked: false) }
    after = answer.after.map { HitRecord($0, ranked: false) }
    section = answer.target.sectionLayout.map(SectionLayout.markdown)
    relatedDocumentation = RelatedPageRecord.records(answer.relatedDocumentation)
  }
}

/// A documentation page a talk links to: title, URL, its `doc/…` id and whether the corpus holds it.
public struct RelatedPageRecord: Sendable, Encodable {
  public var title: String
  public var url: String
  public var id: String?
  public var inCorpus: Bool

  public init(_ page: RelatedPage) {
    title = page.title
    url = page.url
    id = page.documentID
    inCorpus = page.isInCorpus
  }

  /// The records of `pages`; nil when there are none, so the key is left out.
  public static func records(_ pages: [RelatedPage]) -> [RelatedPageRecord]? {
    pages.isEmpty ? nil : pages.map(RelatedPageRecord.init)
  }
}

/// `cite`: the citation as text in one format, the passages it cites, and the bibliography:
/// CSL-JSON items (one per document) and a cite of an item for each passage.
public struct CiteRecord: Sendable, Encodable {
  public var version = AnswerFormat.version
  public var format: String
  public var text: String
  /// The first passage cited (the only one, when one id or query was cited).
  public var hit: HitRecord
  /// Every passage cited, in order.
  public var hits: [HitRecord]
  /// CSL-JSON items (CSL 1.0.2), one per document, `id` the document id.
  public var items: [CSLItemRecord]
  /// One per passage: the item's id, the locator (`3:46`, a section heading) and its label.
  public var cites: [CSLCite]
  /// One per item: the dates it gives and where the date published comes from.
  public var dates: [DatesRecord]

  /// The record of a bibliography; nil when it cites nothing.
  public init?(_ bibliography: Bibliography, format: CitationFormat) {
    guard let first = bibliography.cites.first else { return nil }
    self.init(bibliography, first: HitRecord(first.hit, ranked: false), format: format)
  }

  private init(_ bibliography: Bibliography, first: HitRecord, format: CitationFormat) {
    self.format = format.rawValue
    text = CitationFormatter.format(bibliography, as: format == .json ? .markdown : format)
    hits = bibliography.cites.map { HitRecord($0.hit, ranked: false) }
    hit = first
    items = bibliography.entries.map { CSLItemRecord(item: CSLItem($0)) }
    cites = bibliography.cites.map(CSLCite.init)
    dates = bibliography.entries.map(DatesRecord.init)
  }
}

/// An item's dates as a cite record gives them: `issued` (`2026-03-04`, or a year alone),
/// `issuedFrom` (`page`, `catalog` or `year`: which date was used) and `accessed`.
public struct DatesRecord: Sendable, Encodable {
  public var id: String
  public var issued: String?
  public var issuedFrom: String?
  public var accessed: String?

  init(_ entry: Bibliography.Entry) {
    id = entry.id
    issued = entry.issued?.iso8601
    issuedFrom = entry.issuedFrom?.rawValue
    accessed = entry.accessed?.iso8601
  }

  enum CodingKeys: String, CodingKey { case id, issued, issuedFrom, accessed }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(issued, forKey: .issued)
    try container.encode(issuedFrom, forKey: .issuedFrom)
    try container.encode(accessed, forKey: .accessed)
  }
}

/// A CSL-JSON item as the cite record carries it.
public struct CSLItemRecord: Sendable, Encodable {
  let item: CSLItem

  public func encode(to encoder: any Encoder) throws { try item.encode(to: encoder) }
}

/// `audit`: each rule with its verdict, its support and its best quotes.
public struct AuditRecord: Sendable, Encodable {
  public struct Item: Sendable, Encodable {
    public var rule: String
    public var queries: [String]
    /// `supported`, `weak` or `unsupported`.
    public var verdict: String
    public var supported: Bool
    /// The best quote's support, 0 to 1; each quote's `score` is its own.
    public var support: Double
    public var quotes: [HitRecord]
  }

  public var version = AnswerFormat.version
  public var title: String
  /// The support a rule's best quote needed to count as supporting it.
  public var threshold: Double
  public var rules: Int
  public var supported: Int
  public var weak: Int
  public var unsupported: Int
  public var items: [Item]

  public init(_ report: AuditReport) {
    title = report.title
    threshold = report.threshold
    rules = report.items.count
    unsupported = report.unsupported.count
    weak = report.weak.count
    supported = rules - unsupported - weak
    items = report.items.map {
      Item(
        rule: $0.rule, queries: $0.queries, verdict: $0.verdict.rawValue, supported: $0.isSupported,
        support: $0.support, quotes: $0.quotes.map { HitRecord($0, ranked: true) })
    }
  }
}
