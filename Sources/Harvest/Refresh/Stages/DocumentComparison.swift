import DocumentModel
import Foundation

/// Which parts of what a document shows or cites differ between two versions: its text
/// (passages and cues, through the content hash) and every field a quote or a citation
/// carries. Fetch metadata (validators, times) is bookkeeping, not content.
enum DocumentComparison {
  /// Names of the fields that differ, in a fixed order; empty when the versions show the same.
  static func changedFields(old: Document, new: Document) -> [String] {
    var fields: [String] = []
    func compare<T: Equatable>(_ name: String, _ path: KeyPath<Document, T>) {
      if old[keyPath: path] != new[keyPath: path] { fields.append(name) }
    }
    compare("kind", \.kind)
    compare("title", \.title)
    compare("url", \.url)
    compare("language", \.language)
    compare("event", \.event)
    compare("year", \.year)
    compare("published", \.published)
    compare("summary", \.summary)
    compare("sections", \.sections)
    compare("relatedDocumentation", \.relatedDocumentation)
    if ContentHash.of(old) != ContentHash.of(new) || !samePassages(old.passages, new.passages) || old.cues != new.cues {
      fields.append("text")
    }
    return fields
  }

  /// Passages compared without their cue starts: those follow from the passages and cues
  /// (the content hash leaves them out too), so a talk stored before they were recorded
  /// has not changed.
  static func samePassages(_ old: [Passage], _ new: [Passage]) -> Bool {
    old.count == new.count
      && zip(old, new).allSatisfy { old, new in
        var old = old
        old.cueStarts = new.cueStarts
        return old == new
      }
  }
}
