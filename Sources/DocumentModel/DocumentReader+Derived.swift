/// What a passage's object left out, for `DocumentReader.fillGaps`.
struct PassageGaps: OptionSet {
  let rawValue: UInt8
  static let kind = PassageGaps(rawValue: 1)
  static let text = PassageGaps(rawValue: 2)
  static let start = PassageGaps(rawValue: 4)
  static let end = PassageGaps(rawValue: 8)
  static let lastCue = PassageGaps(rawValue: 16)
  static let cueStarts = PassageGaps(rawValue: 32)
}

extension DocumentReader {
  /// Fills in what the file left out, once it is read whole (its `formatVersion` may come
  /// anywhere, passages come before the cues they derive from). Before format 3 an absent
  /// field is nil and a passage needs its kind and text; from format 3 an absent field is
  /// what `DerivedFields` gives, and a passage without text needs cues to take it from.
  /// Before format 4 a passage's cue starts are not known (nil); from format 4 absent ones
  /// are `DerivedFields.cueStarts`. Cue starts given are then checked against the passage.
  mutating func fillGaps(
    _ document: inout Document, version: Int, cueSettings: String?
  ) throws(DocumentModelError) {
    try fillPassages(&document, version: version, cueSettings: cueSettings)
    for index in document.passages.indices {
      if version >= 4, passageGaps[index].contains(.cueStarts) {
        document.passages[index].cueStarts = DerivedFields.cueStarts(firstCue: document.passages[index].firstCue)
      }
      if let problem = Self.cueStartProblem(document.passages[index], cueCount: document.cues.count) {
        throw json.fail(.invalidCueStart(problem), at: passageOffsets[index])
      }
    }
  }

  /// Why a passage's cue starts cannot be where its cues' words begin, or nil when they
  /// can: each start must lie inside its text, after the one before, on the first byte of a
  /// character, and name a later cue of the passage than the one before.
  static func cueStartProblem(_ passage: Passage, cueCount: Int) -> String? {
    guard let starts = passage.cueStarts, !starts.isEmpty else { return nil }
    guard let firstCue = passage.firstCue, let lastCue = passage.lastCue, lastCue < cueCount else {
      return "in a passage without cues"
    }
    let text = passage.text.utf8
    var previous = (offset: 0, cue: firstCue)
    for start in starts {
      guard start.utf8Offset > previous.offset, start.utf8Offset < text.count else {
        return "at byte \(start.utf8Offset) of a \(text.count)-byte text, after byte \(previous.offset)"
      }
      // A continuation byte (10xxxxxx) is inside a character.
      guard text[text.index(text.startIndex, offsetBy: start.utf8Offset)] & 0xC0 != 0x80 else {
        return "at byte \(start.utf8Offset), inside a character"
      }
      guard start.cue > previous.cue, start.cue <= lastCue else {
        return "of cue \(start.cue), not after cue \(previous.cue) and up to cue \(lastCue)"
      }
      previous = (start.utf8Offset, start.cue)
    }
    return nil
  }

  private mutating func fillPassages(
    _ document: inout Document, version: Int, cueSettings: String?
  ) throws(DocumentModelError) {
    guard version >= 3 else {
      for (index, gaps) in passageGaps.enumerated() where gaps.contains(.kind) || gaps.contains(.text) {
        throw json.fail(.missingField(gaps.contains(.kind) ? "kind" : "text"), at: passageOffsets[index])
      }
      return
    }
    if cueSettings != nil {
      for (index, given) in cueSettingsGiven.enumerated() where !given { document.cues[index].settings = cueSettings }
    }
    let kind = DerivedFields.passageKind(of: document.kind)
    // Every derived text together stays within what one file may hold.
    var budget = DocumentFormat.maximumByteCount
    let cues = document.cues
    for (index, gaps) in passageGaps.enumerated() where !gaps.subtracting(.cueStarts).isEmpty {
      // Filled where it stands: a copy would retain and release each of its strings.
      try fill(&document.passages[index], gaps, kind: kind, cues: cues, budget: &budget, at: passageOffsets[index])
    }
  }

  private func fill(
    _ passage: inout Passage, _ gaps: PassageGaps, kind: PassageKind, cues: [StoredCue], budget: inout Int,
    at offset: Int
  ) throws(DocumentModelError) {
    if gaps.contains(.kind) { passage.kind = kind }
    if gaps.contains(.lastCue) { passage.lastCue = DerivedFields.lastCue(firstCue: passage.firstCue) }
    if gaps.contains(.start) { passage.startMilliseconds = DerivedFields.start(firstCue: passage.firstCue, cues: cues) }
    if gaps.contains(.end) { passage.endMilliseconds = DerivedFields.end(lastCue: passage.lastCue, cues: cues) }
    if gaps.contains(.text) {
      guard
        let bytes = DerivedFields.text(firstCue: passage.firstCue, lastCue: passage.lastCue, cues: cues, limit: budget)
      else {
        throw json.fail(.missingField("text"), at: offset)
      }
      budget -= bytes.count
      passage.text = String(decoding: bytes, as: UTF8.self)
    }
  }
}
