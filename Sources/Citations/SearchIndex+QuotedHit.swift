import AppleSite
import DocumentModel
import SearchIndex

extension SearchIndex {
  /// A search hit as a quoted hit, from the passage the search read: its record and text
  /// are not read again (a hit made elsewhere, without its passage, is read here).
  /// A hit where a quoted phrase runs on into the next passages (`PhraseRunOn`) quotes them
  /// too, after a space, with the words matched there; its citation stays the first's.
  public func quotedHit(_ hit: SearchHit, rank: Int) -> QuotedHit {
    var quoted = quotedHit(
      hit.passage ?? passage(doc: hit.documentIndex, passage: hit.passageIndex), in: document(hit.documentIndex),
      rank: rank, score: hit.score, matchedRanges: hit.matchedRanges,
      matchStartMilliseconds: hit.matchStartMilliseconds)
    for next in hit.runOn {
      let stored = passage(doc: hit.documentIndex, passage: next.passageIndex)
      let offset = quoted.quote.utf8.count + 1
      quoted.quote += " " + stored.text
      quoted.matchedRanges += next.matchedRanges.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
      if quoted.endMilliseconds != nil { quoted.endMilliseconds = stored.endMilliseconds }
      quoted.runOnPassages += 1
    }
    return quoted
  }

  /// `stored` (a passage of `document`) as a quoted hit; a talk's link points at
  /// `matchStartMilliseconds` when the matched words begin in a later cue than the passage.
  func quotedHit(
    _ stored: StoredPassage, in document: StoredDocument, rank: Int, score: Double, matchedRanges: [Range<Int>],
    matchStartMilliseconds: Int?
  ) -> QuotedHit {
    let isTalk = document.kind == .talk
    let matchStart = isTalk ? stored.startMilliseconds.map { max($0, matchStartMilliseconds ?? $0) } : nil
    let link =
      isTalk
      ? (matchStart.map { DeepLink.talk(page: document.url, milliseconds: $0) } ?? document.url)
      : DeepLink.section(page: document.url, anchor: stored.anchor)
    return QuotedHit(
      rank: rank, score: score, quote: stored.text, passageKind: stored.kind,
      startMilliseconds: isTalk ? stored.startMilliseconds : nil,
      endMilliseconds: isTalk ? stored.endMilliseconds : nil, matchStartMilliseconds: matchStart,
      timestamp: isTalk ? stored.startMilliseconds.map { Timecode.format(milliseconds: $0) } : nil,
      anchor: isTalk ? nil : stored.anchor, heading: stored.heading, link: link,
      citation: citationID(of: stored, in: document),
      speaker: stored.speaker,
      source: QuotedHit.Source(
        kind: document.kind, id: document.id, title: document.title, url: document.url,
        event: document.event, year: document.year, language: document.language, framework: document.framework,
        isDeprecated: document.isDeprecated),
      matchedRanges: matchedRanges, documentIndex: stored.documentIndex, passageIndex: stored.passageIndex)
  }

  /// The citation id of `stored` (a passage of `document`): its neighbours that share its
  /// time or anchor (they sit next to it, since passages are in order) decide whether it
  /// needs its place among them (`CitationID.ordinal`). Only their records are read.
  func citationID(of stored: StoredPassage, in document: StoredDocument) -> CitationID {
    let documentIndex = stored.documentIndex
    let passageIndex = stored.passageIndex
    let locator = CitationID.locator(
      kind: document.kind, startMilliseconds: stored.startMilliseconds, anchor: stored.anchor)
    var first = passageIndex
    var last = passageIndex
    func sameLocator(_ index: Int) -> Bool {
      let other = citationLocator(doc: documentIndex, passage: index)
      return CitationID.locator(kind: document.kind, startMilliseconds: other?.startMilliseconds, anchor: other?.anchor)
        == locator
    }
    while first > 0, sameLocator(first - 1) { first -= 1 }
    while last + 1 < document.passageCount, sameLocator(last + 1) { last += 1 }
    return CitationID(
      documentID: document.id, locator: locator, ordinal: first == last ? nil : passageIndex - first + 1)
  }
}

extension SearchIndex {
  /// One stored passage as a quoted hit; a talk's link points at `matchStartMilliseconds`
  /// when the matched words begin in a later cue than the passage.
  public func quotedHit(
    document documentIndex: Int, passage passageIndex: Int, rank: Int = 1, score: Double = 0,
    matchedRanges: [Range<Int>] = [], matchStartMilliseconds: Int? = nil
  ) -> QuotedHit {
    quotedHit(
      passage(doc: documentIndex, passage: passageIndex), in: document(documentIndex), rank: rank, score: score,
      matchedRanges: matchedRanges, matchStartMilliseconds: matchStartMilliseconds)
  }

  /// The citation id of a passage (`citationID(of:in:)`).
  public func citationID(document documentIndex: Int, passage passageIndex: Int) -> CitationID {
    citationID(of: passage(doc: documentIndex, passage: passageIndex), in: document(documentIndex))
  }
}
