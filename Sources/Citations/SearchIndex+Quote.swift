import Normalize
import SearchIndex

extension SearchIndex {
  /// The index of the document with id `id`, if the index holds it.
  public func documentIndex(id: String) -> Int? {
    (0..<documentCount).first { document($0).id == id }
  }

  /// The passage or section a citation id names, with `context` passages on either side.
  ///
  /// A talk time names the passage that starts in that second (the start of the cue that
  /// holds its first word, rounded down); when none starts then, the passage whose time
  /// span holds it. Several passages starting in one second are told apart by the hash
  /// suffix; without one, the first is meant. A section anchor names all passages of that
  /// section, or the one whose hash the suffix is.
  public func quote(_ citation: CitationID, context: Int) throws(CitationsError) -> QuoteAnswer {
    guard let documentIndex = documentIndex(id: citation.documentID) else {
      throw .unknownCitation(citation.description, reason: "no document '\(citation.documentID)' in the corpus")
    }
    let stored = document(documentIndex)
    let matches = try passageIndices(for: citation, in: documentIndex, stored: stored)
    let hits = matches.map { quotedHit(document: documentIndex, passage: $0) }
    let context = max(0, context)
    let first = matches[0]
    let last = matches[matches.count - 1]
    let before = (max(0, first - context)..<first).map { quotedHit(document: documentIndex, passage: $0) }
    let after = (last + 1..<min(stored.passageCount, last + 1 + context)).map {
      quotedHit(document: documentIndex, passage: $0)
    }
    var target = hits[0]
    if hits.count > 1 {
      target.quote = hits.map(\.quote).joined(separator: "\n\n")
      target.endMilliseconds = hits.last?.endMilliseconds
      target.citation = CitationID(documentID: citation.documentID, locator: citation.locator)
      target.matchedRanges = []
    }
    return QuoteAnswer(target: target, passages: hits, before: before, after: after)
  }

  private func passageIndices(
    for citation: CitationID, in documentIndex: Int, stored: StoredDocument
  ) throws(CitationsError) -> [Int] {
    let all = Array(0..<stored.passageCount)
    let candidates: [Int]
    switch citation.locator {
    case .time(let seconds):
      guard stored.kind == .talk else {
        throw .unknownCitation(citation.description, reason: "'\(stored.id)' is not a talk, so it has no times")
      }
      let spans = all.map { index -> (index: Int, start: Int, end: Int) in
        let passage = passage(doc: documentIndex, passage: index)
        let start = passage.startMilliseconds ?? -1
        return (index, start, max(start, passage.endMilliseconds ?? start))
      }
      let starting = spans.filter { $0.start >= 0 && $0.start / 1000 == seconds }.map(\.index)
      if !starting.isEmpty {
        candidates = starting
      } else if let inside = spans.last(where: { $0.start >= 0 && $0.start / 1000 <= seconds && $0.end > 0 && seconds <= ($0.end - 1) / 1000 }) {
        candidates = [inside.index]
      } else {
        let nearest = spans.filter { $0.start >= 0 }.min { abs($0.start / 1000 - seconds) < abs($1.start / 1000 - seconds) }
        let hint = nearest.map { "; the nearest passage starts at \(Timecode.format(milliseconds: $0.start))" } ?? ""
        throw .unknownCitation(
          citation.description,
          reason: "no passage of '\(stored.id)' is spoken at \(Timecode.format(seconds: seconds))\(hint)")
      }
    case .anchor(let anchor):
      if stored.kind == .talk, anchor == nil {
        candidates = all.isEmpty ? [] : [0]
      } else {
        candidates = all.filter { passage(doc: documentIndex, passage: $0).anchor == anchor }
      }
      guard !candidates.isEmpty else {
        var anchors: [String] = []
        for index in all {
          if let anchor = passage(doc: documentIndex, passage: index).anchor, !anchors.contains(anchor) {
            anchors.append(anchor)
          }
        }
        let some = anchors.prefix(8).map { "#\($0)" }.joined(separator: ", ")
        throw .unknownCitation(
          citation.description,
          reason: anchor.map { "'\(stored.id)' has no section '\($0)'" }
            ?? "name a section of '\(stored.id)': \(some)\(anchors.count > 8 ? ", …" : "")")
      }
    }
    guard let suffix = citation.suffix else {
      if case .time = citation.locator { return [candidates[0]] }
      return candidates
    }
    let chosen = candidates.filter {
      SHA256.hexDigest(Array(passage(doc: documentIndex, passage: $0).text.utf8)).hasPrefix(suffix)
    }
    guard let one = chosen.first, chosen.count == 1 else {
      throw .unknownCitation(
        citation.description,
        reason: chosen.isEmpty ? "no passage there has the hash ~\(suffix)" : "~\(suffix) names several passages; give more digits")
    }
    return [one]
  }
}
