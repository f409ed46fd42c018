import DocumentModel

/// A document named as a whole (`tech-talks/111463`, a talk page link): what it is and
/// where its chapters or sections begin, each with its citation id and link.
public struct DocumentOverview: Sendable, Equatable {
  public struct Chapter: Sendable, Equatable {
    public var title: String
    public var citation: CitationID
    public var link: String
  }

  public var id: String
  public var kind: DocumentKind
  public var title: String
  public var url: String
  public var event: String?
  public var year: Int?
  public var passageCount: Int
  public var chapters: [Chapter]
  /// A talk's links to documentation pages, when filled in (`KnowledgeBase.withRelatedDocumentation`).
  public var relatedDocumentation: [RelatedPage] = []
}
