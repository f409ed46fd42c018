import DocumentModel

/// A document named as a whole (`tech-talks/111463`, a talk page link): what it is and
/// where its chapters or sections begin, each with its citation id and link.
public struct DocumentOverview: Sendable, Equatable {
  public struct Chapter: Sendable, Equatable {
    public var title: String
    public var citation: CitationID
    public var link: String

    package init(title: String, citation: CitationID, link: String) {
      self.title = title
      self.citation = citation
      self.link = link
    }
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

  package init(
    id: String, kind: DocumentKind, title: String, url: String, event: String?, year: Int?, passageCount: Int,
    chapters: [Chapter]
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.url = url
    self.event = event
    self.year = year
    self.passageCount = passageCount
    self.chapters = chapters
  }
}
