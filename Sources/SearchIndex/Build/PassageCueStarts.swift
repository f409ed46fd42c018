import DocumentModel
import Normalize

/// Where each further cue's words begin in the passages of a talk: the UTF-8 offset in the
/// passage text and the cue's start, for the time a match begins at.
///
/// The talk's cues are normalized again (`TalkNormalizer.passagesAndCueMarks`), and a
/// passage takes the marks of the passage made again with its first cue and text. A passage
/// made otherwise (an older normalization, an import of passages, a code sample) has none:
/// its matches are timed at its start.
enum PassageCueStarts {
  struct Start: Equatable {
    var utf8Offset: Int
    var startMilliseconds: Int
  }

  private struct Key: Hashable {
    var firstCue: Int
    var text: String
  }

  static func of(_ document: Document) -> [[Start]] {
    let none = [[Start]](repeating: [], count: document.passages.count)
    guard document.kind == .talk, !document.cues.isEmpty,
      document.passages.contains(where: { $0.firstCue != nil && $0.firstCue != $0.lastCue })
    else { return none }
    let (passages, marks) = TalkNormalizer().passagesAndCueMarks(from: document.cues)
    var byKey: [Key: [CueMark]] = [:]
    for (passage, passageMarks) in zip(passages, marks) where !passageMarks.isEmpty {
      if let firstCue = passage.firstCue { byKey[Key(firstCue: firstCue, text: passage.text)] = passageMarks }
    }
    guard !byKey.isEmpty else { return none }
    return document.passages.map { passage in
      guard let firstCue = passage.firstCue, let passageMarks = byKey[Key(firstCue: firstCue, text: passage.text)]
      else { return [] }
      return passageMarks.compactMap { mark in
        guard mark.cue >= 0, mark.cue < document.cues.count else { return nil }
        return Start(utf8Offset: mark.utf8Offset, startMilliseconds: document.cues[mark.cue].startMilliseconds)
      }
    }
  }
}
