import AppleSite
import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tells a source's kind from its URL, by path (the host allow-list applies at fetch time).
public enum SourceClassifier {
  /// A sources.json entry for `url`, or an error saying why it is not one.
  public static func entry(
    for url: String, id: String? = nil, title: String? = nil, languages: [String]? = nil,
    follow: Bool = false, followBounds: SourceEntry.Follow? = nil, catalogFilter: SourceEntry.Filter? = nil
  ) throws(CorpusError) -> SourceEntry {
    guard let components = URLComponents(string: url),
      let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
      components.host?.isEmpty == false
    else { throw .unrecognizedSource(url: url, reason: "not an http(s) URL") }
    let path = components.path.lowercased()
    if let catalogFilter {
      return SourceEntry(kind: .catalog, url: url, languages: languages, filter: catalogFilter)
    }
    if path.hasSuffix(".m3u8") {
      guard let id, let title, !title.isEmpty else {
        throw .unrecognizedSource(
          url: url, reason: "an HLS master playlist needs --id and --title")
      }
      guard CorpusStore.isValidDocumentID(id) else { throw .invalidDocumentID(id) }
      guard !DocumentID.isReservedForLanguages(id) else { throw .reservedDocumentID(id) }
      return SourceEntry(kind: .talk, url: url, id: id, title: title, languages: languages)
    }
    if let parsed = URL(string: url), TalkURL.isTalkPage(parsed) {
      // --follow on a talk takes the documentation pages it links to, not pages below them.
      var bounds = followBounds ?? SourceEntry.Follow.talk
      bounds.maxDepth = 0
      return SourceEntry(kind: .talk, url: url, languages: languages, follow: follow ? bounds : nil)
    }
    if path.contains("/design/human-interface-guidelines") {
      // The same rule refresh applies (HIGURL), so that what add accepts refresh can harvest.
      guard let parsed = URL(string: url), HIGURL.slug(fromPageOrJSON: parsed) != nil else {
        throw .unrecognizedSource(
          url: url,
          reason: "not a HIG page URL (…/design/human-interface-guidelines/SLUG or "
            + "…/tutorials/data/design/human-interface-guidelines/SLUG.json; a SLUG of letters, "
            + "digits, '-', '_' and '.', with no '..')")
      }
      return SourceEntry(
        kind: .hig, url: url,
        follow: follow ? (followBounds ?? SourceEntry.Follow()) : nil)
    }
    if path.hasPrefix("/documentation/") || path.hasPrefix("/tutorials/data/documentation/") {
      guard let parsed = URL(string: url), DocumentationURL.path(fromPageOrJSON: parsed) != nil else {
        throw .unrecognizedSource(
          url: url,
          reason: "not a documentation page URL (…/documentation/PATH or "
            + "…/tutorials/data/documentation/PATH.json; no empty, '.' or '..' segment)")
      }
      return SourceEntry(
        kind: .doc, url: url, follow: follow ? (followBounds ?? SourceEntry.Follow.documentation) : nil)
    }
    throw .unrecognizedSource(
      url: url,
      reason: "not a talk page (…/videos/play/COLLECTION/ID/), an HLS master playlist (….m3u8), "
        + "a HIG page or a documentation page (…/documentation/PATH)")
  }
}
