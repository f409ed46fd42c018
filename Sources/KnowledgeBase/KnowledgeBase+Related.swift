import AppleSite
import Citations
import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension KnowledgeBase {
  /// The documentation pages the talk `documentID` links to (`Document.relatedDocumentation`),
  /// each with its `doc/…` id and whether the corpus holds it; empty for other documents,
  /// for talks harvested before the links were recorded, and when the file cannot be read.
  public func relatedDocumentation(of documentID: String) -> [RelatedPage] {
    guard let document = try? corpus.read(id: documentID), document.kind == .talk,
      let related = document.relatedDocumentation
    else { return [] }
    return related.map { page in
      let id = URL(string: page.url).flatMap(DocumentationURL.path(fromPageOrJSON:)).flatMap {
        try? DocumentID.documentation(path: $0)
      }
      let isInCorpus = id.map { (try? corpus.readHead(id: $0)) != nil } ?? false
      return RelatedPage(title: page.title, url: page.url, documentID: id, isInCorpus: isInCorpus)
    }
  }

  /// `answer` with the related documentation of the talk it quotes (`relatedDocumentation(of:)`).
  public func withRelatedDocumentation(_ answer: QuoteAnswer) -> QuoteAnswer {
    guard answer.target.source.kind == .talk else { return answer }
    var answer = answer
    answer.relatedDocumentation = relatedDocumentation(of: answer.target.source.id)
    return answer
  }

  /// `overview` with the related documentation of the talk it shows.
  public func withRelatedDocumentation(_ overview: DocumentOverview) -> DocumentOverview {
    guard overview.kind == .talk else { return overview }
    var overview = overview
    overview.relatedDocumentation = relatedDocumentation(of: overview.id)
    return overview
  }
}
