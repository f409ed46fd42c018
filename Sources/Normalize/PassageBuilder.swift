import DocumentModel

/// Collects the words of the sentence being read and makes passages of them, with the
/// places where each further cue's words begin (`Passage.cueStarts`) and what was left out.
struct PassageBuilder {
  let cues: [StoredCue]
  private(set) var passages: [Passage] = []
  private var parts: [(cue: Int, text: Substring)] = []
  private var omitted: [String] = []
  private var speaker: String?
  private(set) var length = 0
  /// Whether the words collected hold a CJK character (`UnpunctuatedBoundary` applies).
  private(set) var hasCJK = false

  init(cues: [StoredCue]) { self.cues = cues }

  mutating func append(cue: Int, text: Substring, speaker: String?, omitted held: [Substring]) {
    guard !text.isEmpty else {
      note(omitted: held)
      return
    }
    if parts.isEmpty { self.speaker = speaker }
    parts.append((cue, text))
    omitted.append(contentsOf: held.map(String.init))
    length += text.unicodeScalars.count + (parts.count > 1 ? 1 : 0)
    if !hasCJK { hasCJK = text.unicodeScalars.contains(where: UnpunctuatedBoundary.isCJK) }
  }

  /// Sound descriptions left out after the last words collected (or, with none collected,
  /// before the next): they belong to the passage being built.
  mutating func note(omitted held: [Substring]) {
    if parts.isEmpty, !held.isEmpty, let last = passages.indices.last {
      passages[last].omitted = (passages[last].omitted ?? []) + held.map(String.init)
    } else {
      omitted.append(contentsOf: held.map(String.init))
    }
  }

  mutating func flush() {
    guard let first = parts.first, let last = parts.last else {
      omitted.removeAll()
      return
    }
    var marks: [CueMark] = []
    var offset = 0
    var previousCue = first.cue
    for part in parts {
      if part.cue != previousCue { marks.append(CueMark(utf8Offset: offset, cue: part.cue)) }
      previousCue = part.cue
      offset += part.text.utf8.count + 1
    }
    passages.append(
      Passage(
        kind: .speech, text: parts.map(\.text).joined(separator: " "),
        startMilliseconds: cues[first.cue].startMilliseconds,
        endMilliseconds: cues[last.cue].endMilliseconds, speaker: speaker,
        firstCue: first.cue, lastCue: last.cue, omitted: omitted.isEmpty ? nil : omitted, cueStarts: marks))
    parts.removeAll(keepingCapacity: true)
    omitted.removeAll(keepingCapacity: true)
    speaker = nil
    length = 0
    hasCJK = false
  }
}
