import AppleSite
import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SourceEntry {
  /// The id of this source's document when the URL alone tells it (a talk page, a HIG or
  /// documentation page; a catalog has none): what `status` compares with the corpus, and refresh uses
  /// for a source that names no id.
  public var documentIDFromURL: String? {
    guard let url = URL(string: url) else { return nil }
    switch kind {
    case .talk: return TalkURL.documentID(for: url)
    case .hig: return HIGURL.slug(fromPageOrJSON: url).flatMap { try? DocumentID.hig(slug: $0) }
    case .doc: return DocumentationURL.path(fromPageOrJSON: url).flatMap { try? DocumentID.documentation(path: $0) }
    case .catalog: return nil
    }
  }
}
