import AppleSite

/// `SearchFilters` resolved against one index: allowed documents as a bit set, passage
/// kinds, speaker string ids, and the passage range that can match at all. In a plan it is
/// a set of passages that the walk leapfrogs with the query (`nextAccepted`): a document it
/// leaves out is passed over whole. Documents deleted from the segment are left out too.
final class PassageFilter {
  let isEmpty: Bool
  let range: Range<UInt32>
  private var documents: [Bool] = []
  private var requiresCode = false
  private var speakerIds: Set<UInt32>?
  private let store: Store

  /// What a filter does with the documents deleted from the segment.
  enum Deletions {
    /// Leaves them out (the default).
    case excluded
    /// Treats them as any other (the caller drops their hits).
    case ignored
    /// Accepts nothing else (to count the matches among them).
    case only
  }

  init(index: IndexSegment, filters: SearchFilters, deletions: Deletions = .excluded) {
    store = index.store
    let passageCount = UInt32(index.store.passageCount)
    let deleted = deletions == .ignored ? [] : index.deletedDocuments
    guard !filters.isEmpty || !deleted.isEmpty || deletions == .only else {
      isEmpty = true
      range = 0..<passageCount
      return
    }
    isEmpty = false
    if filters.isEmpty {
      // Deletions alone: only the deleted documents' records are read.
      let documentCount = index.store.documentCount
      documents = [Bool](repeating: deletions != .only, count: documentCount)
      var low = deletions == .only ? passageCount : 0
      var high: UInt32 = deletions == .only ? 0 : passageCount
      for number in deleted where number < documentCount {
        documents[number] = deletions == .only
        let first = index.store.documentField(number, 5)
        let count = index.store.documentField(number, 6)
        if deletions == .only, count > 0, count != StoreWriter.none, first != StoreWriter.none {
          low = min(low, first)
          high = max(high, first &+ count)
        }
      }
      range = low < high ? low..<high : 0..<0
      return
    }
    let kinds = Set(filters.kinds.map { $0.lowercased() })
    requiresCode = kinds == ["code"]
    let documentKinds = kinds.subtracting(["code"])
    let sources = Set(filters.sources.map { $0.lowercased() })
    let events = Set(filters.events.map(EventName.normalized))
    let years = Set(filters.years)
    var low = passageCount
    var high: UInt32 = 0
    documents = (0..<index.store.documentCount).map { number in
      // A document a later update replaced or removed matches nothing.
      if deleted.contains(number) == (deletions != .only) { return false }
      let document = index.document(number)
      let allowed =
        (documentKinds.isEmpty || documentKinds.contains(document.kind.rawValue))
        && (sources.isEmpty || sources.contains(document.id.lowercased()))
        && (events.isEmpty || events.contains(document.event?.lowercased() ?? ""))
        && (years.isEmpty || years.contains(document.year ?? EventName.year(document.event) ?? Int.min))
        && filters.acceptsLanguage(document.language)
      if allowed && document.passageCount > 0 {
        let first = index.store.documentField(number, 5)
        low = min(low, first)
        high = max(high, first + UInt32(document.passageCount))
      }
      return allowed
    }
    range = low < high ? low..<high : 0..<0
    if !filters.speakers.isEmpty {
      let wanted = filters.speakers.map { $0.lowercased() }
      var ids = Set<UInt32>()
      for id in 0..<index.store.stringCount {
        guard let name = index.store.string(UInt32(id))?.lowercased() else { continue }
        if wanted.allSatisfy({ name.contains($0) }) { ids.insert(UInt32(id)) }
      }
      speakerIds = ids
    }
  }

  /// The passage range of the document last looked up (passages come in ascending order).
  private var cachedDocument = 0
  private var cachedRange: Range<Int> = 0..<0

  func accepts(_ passage: UInt32) -> Bool {
    if isEmpty { return true }
    let id = Int(passage)
    lookUpDocument(of: id)
    guard cachedDocument < documents.count, documents[cachedDocument] else { return false }
    return acceptsWithinDocument(id)
  }

  /// The first passage at or after `passage` that it accepts, or `PostingCursor.exhausted`.
  func nextAccepted(from passage: UInt32) -> UInt32 {
    if isEmpty { return passage }
    var id = Int(max(passage, range.lowerBound))
    while id < Int(range.upperBound) {
      lookUpDocument(of: id)
      if cachedDocument < documents.count, documents[cachedDocument] {
        if acceptsWithinDocument(id) { return UInt32(id) }
        id += 1
      } else {
        // A document left out: none of its passages.
        id = max(id + 1, cachedRange.upperBound)
      }
    }
    return PostingCursor.exhausted
  }

  private func lookUpDocument(of id: Int) {
    guard !cachedRange.contains(id) else { return }
    cachedDocument = store.document(ofPassage: id)
    let first = Int(store.documentField(cachedDocument, 5))
    cachedRange = first..<(first + Int(store.documentField(cachedDocument, 6)))
  }

  private func acceptsWithinDocument(_ id: Int) -> Bool {
    if requiresCode && store.passageKind(id) != 2 { return false }
    if let speakerIds, !speakerIds.contains(store.passageField(id, 7)) { return false }
    return true
  }
}
