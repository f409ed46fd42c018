import AppleSite
import Citations
import DocumentModel
import SearchIndex

/// One document of the knowledge base as a list shows it: what it is, where it is from,
/// and how many passages it has.
public struct DocumentSummaryRecord: Sendable, Encodable, Equatable {
  public var id: String
  /// `talk` or `hig`.
  public var kind: String
  public var title: String
  public var url: String
  public var event: String?
  /// People's name for the event (`WWDC24`), null for HIG pages.
  public var eventName: String?
  public var year: Int?
  /// BCP 47 (`en`, `ja`, `zh-Hans`).
  public var language: String
  public var passages: Int

  public init(_ document: StoredDocument) {
    id = document.id
    kind = document.kind.rawValue
    title = document.title
    url = document.url
    event = document.event
    eventName = EventName.display(document.event)
    year = document.year ?? EventName.year(document.event)
    language = document.language
    passages = document.passageCount
  }

  enum CodingKeys: String, CodingKey { case id, kind, title, url, event, eventName, year, language, passages }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(title, forKey: .title)
    try container.encode(url, forKey: .url)
    try container.encode(event, forKey: .event)
    try container.encode(eventName, forKey: .eventName)
    try container.encode(year, forKey: .year)
    try container.encode(language, forKey: .language)
    try container.encode(passages, forKey: .passages)
  }
}

/// `documents`: the documents that pass the filters, and what the whole knowledge base
/// holds by kind, event, year and language (to offer as filters).
public struct DocumentListRecord: Sendable, Encodable {
  public var version = AnswerFormat.version
  /// How many documents pass the filters.
  public var total: Int
  public var documents: [DocumentSummaryRecord]
  /// Documents of the whole knowledge base by each value: `{"talk": 3, "hig": 2}`.
  public var kinds: [String: Int]
  public var events: [String: Int]
  public var years: [String: Int]
  public var languages: [String: Int]
}

/// `documents/{id}`: one document whole, for reading it as a transcript or a page: its
/// chapters or sections, and every passage as a quoted hit (time or anchor, citation id,
/// deep link).
public struct DocumentRecord: Sendable, Encodable {
  public struct Chapter: Sendable, Encodable, Equatable {
    public var title: String
    public var citation: String
    public var link: String
  }

  public var version = AnswerFormat.version
  public var document: DocumentSummaryRecord
  /// A talk's chapters or a HIG page's sections, where they begin.
  public var chapters: [Chapter]
  public var passages: [HitRecord]
  /// A talk's links to documentation pages, when filled in; left out when it has none.
  public var relatedDocumentation: [RelatedPageRecord]?
}

extension SearchIndex {
  /// Every document that passes `filters` (kind, source, event, year, language), in the
  /// index's order, with what the whole index holds by kind, event, year and language.
  public func documentList(filters: SearchFilters = SearchFilters()) -> DocumentListRecord {
    var record = DocumentListRecord(total: 0, documents: [], kinds: [:], events: [:], years: [:], languages: [:])
    for number in 0..<documentCount {
      let stored = document(number)
      let summary = DocumentSummaryRecord(stored)
      record.kinds[summary.kind, default: 0] += 1
      if let event = summary.event { record.events[event, default: 0] += 1 }
      if let year = summary.year { record.years[String(year), default: 0] += 1 }
      record.languages[summary.language, default: 0] += 1
      if filters.accepts(stored) { record.documents.append(summary) }
    }
    record.total = record.documents.count
    return record
  }

  /// One document with its chapters or sections and every passage quoted.
  public func documentRecord(id: String) throws(CitationsError) -> DocumentRecord {
    let overview = try overview(documentID: id)
    guard let number = documentIndex(id: id) else { throw .unknownCitation(id, reason: unknownDocumentReason(id)) }
    let stored = document(number)
    let passages = (0..<stored.passageCount).map { HitRecord(quotedHit(document: number, passage: $0), ranked: false) }
    return DocumentRecord(
      document: DocumentSummaryRecord(stored),
      chapters: overview.chapters.map { .init(title: $0.title, citation: $0.citation.description, link: $0.link) },
      passages: passages)
  }
}
