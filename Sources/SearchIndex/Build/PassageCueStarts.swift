import DocumentModel

/// Where each further cue's words begin in the passages of a talk: the UTF-8 offset in the
/// passage text and the cue's start, for the time a match begins at. Read from the document
/// (`Passage.cueStarts`, made with the passages); a passage without (a code sample, an
/// import of passages, cue starts not known) has none: its matches are timed at its start.
enum PassageCueStarts {
  struct Start: Equatable {
    var utf8Offset: Int
    var startMilliseconds: Int
  }

  static func of(_ document: Document) -> [[Start]] {
    guard document.kind == .talk, !document.cues.isEmpty else {
      return [[Start]](repeating: [], count: document.passages.count)
    }
    return document.passages.map { passage in
      (passage.cueStarts ?? []).compactMap { mark in
        guard mark.cue >= 0, mark.cue < document.cues.count else { return nil }
        return Start(utf8Offset: mark.utf8Offset, startMilliseconds: document.cues[mark.cue].startMilliseconds)
      }
    }
  }
}
