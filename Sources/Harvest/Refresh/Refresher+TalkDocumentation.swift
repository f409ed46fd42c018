import AppleSite
import Corpus
import DocumentModel
import Foundation

extension Refresher {
  /// A talk source added with `--follow`: the documentation pages its document links to
  /// (`Document.relatedDocumentation`, as the talk's harvest just recorded it), each
  /// refreshed as a documentation page of its own (depth 0: not the pages below it), each
  /// page once, at most `follow.maxPages`. Only the talk's first language follows, so a
  /// talk in two languages fetches each page once.
  func refreshRelatedDocumentation(of unit: Unit) async -> [RefreshReport.Entry] {
    let source = unit.source
    guard source.kind == .talk, let follow = source.follow, let id = unit.documentID,
      unit.isFirstLanguage,
      let document = try? corpus.read(id: id), let related = document.relatedDocumentation
    else { return [] }
    var entries: [RefreshReport.Entry] = []
    var seen: Set<String> = []
    for page in related where entries.count < max(1, follow.maxPages) {
      guard let url = URL(string: page.url), let path = DocumentationURL.path(fromPageOrJSON: url),
        seen.insert(path.lowercased()).inserted
      else { continue }
      if let reason = stopReason() {
        entries.append(Self.notAttempted(SourceEntry(kind: .doc, url: page.url), reason: reason))
        break
      }
      entries += await refreshDocumentation(SourceEntry(kind: .doc, url: page.url))
    }
    return entries
  }
}
