import AppleSite
import Citations
import DocumentModel
import SearchIndex

extension SearchIndex {
  /// The index of the document with id `id`, if the index holds it.
  public func documentIndex(id: String) -> Int? {
    (0..<documentCount).first { document($0).id == id }
  }

  /// The passage or section a citation id names, with `context` passages on either side.
  ///
  /// A talk time names the passages that start in that second (the start of the cue that
  /// holds a passage's first word, rounded down); when none starts then, the passage whose
  /// time span holds it. A section anchor names all passages of that section. A place
  /// (`@16:40.2`, `#Sheets.2`) names one of them, as does an old hash suffix (`~1a2b`).
  public func quote(_ citation: CitationID, context: Int) throws(CitationsError) -> QuoteAnswer {
    guard let documentIndex = documentIndex(id: citation.documentID) else {
      throw .unknownCitation(citation.description, reason: unknownDocumentReason(citation.documentID))
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

  /// What a reference names: a passage or section (`citation`), every passage of a range,
  /// or a near miss's suggestion. A bare document is answered by `overview(documentID:)`.
  public func quote(_ reference: MomentReference, context: Int) throws(CitationsError) -> QuoteAnswer {
    switch reference {
    case .citation(let citation):
      return try quote(citation, context: context)
    case .range(let id, let from, let to):
      guard let documentIndex = documentIndex(id: id) else {
        throw .unknownCitation("\(id)@\(Timecode.format(seconds: from))", reason: unknownDocumentReason(id))
      }
      let stored = document(documentIndex)
      let inRange = (0..<stored.passageCount).filter { number in
        let passage = passage(doc: documentIndex, passage: number)
        guard let start = passage.startMilliseconds else { return false }
        let end = max(start, passage.endMilliseconds ?? start)
        return start < (to + 1) * 1000 && end > from * 1000 && !isCode(number, in: documentIndex)
      }
      let name = "\(id)@\(Timecode.format(seconds: from))-\(Timecode.format(seconds: to))"
      guard let first = inRange.first, let last = inRange.last else {
        throw .unknownCitation(name, reason: "no passage of '\(id)' is spoken in that range")
      }
      let hits = inRange.map { quotedHit(document: documentIndex, passage: $0) }
      var target = hits[0]
      target.quote = hits.map(\.quote).joined(separator: " ")
      target.endMilliseconds = hits.last?.endMilliseconds
      target.matchedRanges = []
      let context = max(0, context)
      return QuoteAnswer(
        target: target, passages: hits,
        before: (max(0, first - context)..<first).map { quotedHit(document: documentIndex, passage: $0) },
        after: (last + 1..<min(stored.passageCount, last + 1 + context)).map {
          quotedHit(document: documentIndex, passage: $0)
        })
    case .document(let id):
      throw .unknownCitation(id, reason: "names a whole document; \(overviewHint(id))")
    case .unqualified(let number, let rest):
      let matches = documentIDs(endingWith: number)
      let suggestion = matches.prefix(3).map { "'\($0)\(rest)'" }.joined(separator: " or ")
      throw .unknownCitation(
        number + rest,
        reason: matches.isEmpty
          ? "a citation id names its event too, such as tech-talks/\(number)\(rest)"
          : "a citation id names its event too: did you mean \(suggestion)?")
    }
  }

  /// The title, event, link and chapters of a document, for a reference to the document itself.
  public func overview(documentID id: String) throws(CitationsError) -> DocumentOverview {
    guard let documentIndex = documentIndex(id: id) else {
      throw .unknownCitation(id, reason: unknownDocumentReason(id))
    }
    let stored = document(documentIndex)
    var chapters: [DocumentOverview.Chapter] = []
    for number in 0..<stored.passageCount {
      let passage = passage(doc: documentIndex, passage: number)
      guard let heading = passage.heading ?? (stored.kind.isPage ? passage.anchor : nil), !heading.isEmpty,
        chapters.last?.title != heading
      else { continue }
      chapters.append(
        DocumentOverview.Chapter(
          title: heading, citation: citationID(document: documentIndex, passage: number),
          link: quotedHit(document: documentIndex, passage: number).link))
    }
    return DocumentOverview(
      id: stored.id, kind: stored.kind, title: stored.title, url: stored.url, event: stored.event,
      year: stored.year ?? EventName.year(stored.event), passageCount: stored.passageCount, chapters: chapters)
  }

  private func isCode(_ passage: Int, in documentIndex: Int) -> Bool {
    self.passage(doc: documentIndex, passage: passage).kind == .code
  }

  private func overviewHint(_ id: String) -> String {
    guard let example = exampleCitation(documentID: id) else { return "it has no passages to quote" }
    return "quote \(example.isSection ? "a section" : "a moment") of it, such as \(example.id)"
  }

  /// An id of the document's first moment (a talk) or first section (a HIG page) that
  /// `quote` and `cite` take as it is: what a hint offers; nil when it has no passages.
  public func exampleCitation(documentID id: String) -> (id: String, isSection: Bool)? {
    guard let documentIndex = documentIndex(id: id) else { return nil }
    let stored = document(documentIndex)
    guard stored.passageCount > 0 else { return nil }
    if stored.kind.isPage {
      for number in 0..<stored.passageCount {
        if let anchor = passage(doc: documentIndex, passage: number).anchor, !anchor.isEmpty {
          return (CitationID(documentID: id, locator: .anchor(anchor)).description, true)
        }
      }
    }
    var citation = citationID(document: documentIndex, passage: 0)
    citation.ordinal = nil
    return (citation.description, false)
  }

  /// Ids of documents whose number (the last part of the id) is `number`.
  func documentIDs(endingWith number: String) -> [String] {
    (0..<documentCount).map { document($0).id }.filter { $0.hasSuffix("/" + number) }
  }

  /// Why an id names nothing, with the ids it may have meant.
  func unknownDocumentReason(_ id: String) -> String {
    let last = id.split(separator: "/").last.map(String.init) ?? id
    let near = documentIDs(endingWith: last).filter { $0 != id }
    guard !near.isEmpty else { return "no document '\(id)' in the corpus" }
    return
      "no document '\(id)' in the corpus; did you mean \(near.prefix(3).map { "'\($0)'" }.joined(separator: " or "))?"
  }

  private func passageIndices(
    for citation: CitationID, in documentIndex: Int, stored: StoredDocument
  ) throws(CitationsError) -> [Int] {
    let all = Array(0..<stored.passageCount)
    var candidates: [Int]
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
      let inOrder = spans.filter { $0.start >= 0 && $0.start / 1000 == seconds }.map(\.index)
      if let ordinal = citation.ordinal {
        return try place(ordinal, of: inOrder, citation: citation, at: "at \(Timecode.format(seconds: seconds))")
      }
      // Speech before a code sample shown at the same moment.
      let starting =
        inOrder
        .sorted {
          isCode($0, in: documentIndex) == isCode($1, in: documentIndex) ? $0 < $1 : !isCode($0, in: documentIndex)
        }
      if !starting.isEmpty {
        candidates = starting
      } else if let inside = spans.last(where: {
        $0.start >= 0 && $0.start / 1000 <= seconds && $0.end > 0 && seconds <= ($0.end - 1) / 1000
      }) {
        candidates = [inside.index]
      } else {
        let nearest = spans.filter { $0.start >= 0 }.min {
          abs($0.start / 1000 - seconds) < abs($1.start / 1000 - seconds)
        }
        let hint =
          nearest.map {
            let time = Timecode.format(milliseconds: $0.start)
            return "; the nearest passage starts at \(time) (\(stored.id)@\(time))"
          } ?? ""
        throw .unknownCitation(
          citation.description,
          reason: "no passage of '\(stored.id)' is spoken at \(Timecode.format(seconds: seconds))\(hint)")
      }
    case .anchor(let anchor):
      if stored.kind == .talk, anchor == nil {
        candidates = all.isEmpty ? [] : [0]
      } else {
        candidates = all.filter { passage(doc: documentIndex, passage: $0).anchor == anchor }
        // Links often lower-case an anchor: `#adaptability` for `#Adaptability`.
        if candidates.isEmpty, let anchor {
          candidates = all.filter {
            passage(doc: documentIndex, passage: $0).anchor?.lowercased() == anchor.lowercased()
          }
        }
        // An anchor that itself ends in a dot and digits (`#Version.2`) is read as it is.
        if let ordinal = citation.ordinal {
          let literal = "\(anchor ?? "").\(ordinal)"
          let named = all.filter { passage(doc: documentIndex, passage: $0).anchor == literal }
          if !named.isEmpty, candidates.isEmpty { return named }
          if !candidates.isEmpty {
            let section = anchor.map { "in section #\($0)" } ?? "before the first heading"
            return try place(ordinal, of: candidates, citation: citation, at: section)
          }
        }
      }
      guard !candidates.isEmpty else {
        var anchors: [String] = []
        for index in all {
          if let anchor = passage(doc: documentIndex, passage: index).anchor, !anchors.contains(anchor) {
            anchors.append(anchor)
          }
        }
        let some = anchors.prefix(12).map { "#\($0)" }.joined(separator: ", ")
        let list =
          anchors.first.map {
            "its sections are \(some)\(anchors.count > 12 ? ", …" : "") (cite one as \(stored.id)#\($0))"
          } ?? "it has no sections"
        throw .unknownCitation(
          citation.description,
          reason: anchor.map { "'\(stored.id)' has no section '\($0)'; \(list)" }
            ?? "name a section of '\(stored.id)': \(list)")
      }
    }
    guard let suffix = citation.suffix else { return candidates }
    let chosen = candidates.filter {
      SHA256.hexDigest(Array(passage(doc: documentIndex, passage: $0).text.utf8)).hasPrefix(suffix)
    }
    guard let one = chosen.first, chosen.count == 1 else {
      throw .unknownCitation(
        citation.description,
        reason: chosen.isEmpty
          ? "no passage there has the hash ~\(suffix)" : "~\(suffix) names several passages; give more digits")
    }
    return [one]
  }

  /// Passage `ordinal` (from 1) of `passages` (in reading order), or why there is none,
  /// naming each id there is.
  private func place(_ ordinal: Int, of passages: [Int], citation: CitationID, at place: String) throws(CitationsError)
    -> [Int]
  {
    if ordinal <= passages.count, passages.count > 1 || ordinal == 1 { return [passages[ordinal - 1]] }
    var bare = citation
    bare.ordinal = nil
    bare.suffix = nil
    let reason: String
    switch passages.count {
    case 0: reason = "no passage of '\(citation.documentID)' starts \(place)"
    case 1: reason = "one passage of '\(citation.documentID)' is \(place): \(bare)"
    default:
      let ids = (1...passages.count).map { number -> String in
        var one = bare
        one.ordinal = number
        return one.description
      }
      reason = "\(passages.count) passages of '\(citation.documentID)' are \(place): \(ids.joined(separator: ", "))"
    }
    throw .unknownCitation(citation.description, reason: reason)
  }
}
