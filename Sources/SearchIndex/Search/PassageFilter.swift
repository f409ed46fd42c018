import AppleSite

/// `SearchFilters` resolved against one index: the passages of the allowed documents as
/// ascending ranges, passage kinds, speaker string ids, and the passage range that can match
/// at all. In a plan it is a set of passages that the walk leapfrogs with the query
/// (`nextAccepted`): a document it leaves out is passed over whole, and a run of them in one
/// step. Documents deleted from the segment are left out too.
final class PassageFilter {
  let isEmpty: Bool
  /// The passages from the first accepted to the last: all of them when nothing is filtered.
  var range: Range<UInt32> {
    isEmpty ? 0..<passageLimit : (accepted.first?.lowerBound ?? 0)..<(accepted.last?.upperBound ?? 0)
  }
  private let passageLimit: UInt32
  /// The passages of the allowed documents: ascending, disjoint, adjacent ones joined.
  private var accepted: [Range<UInt32>] = []
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
    passageLimit = passageCount
    let deleted = deletions == .ignored ? [] : index.deletedDocuments
    guard !filters.isEmpty || !deleted.isEmpty || deletions == .only else {
      isEmpty = true
      return
    }
    isEmpty = false
    if filters.isEmpty {
      // Deletions alone: the deleted documents' passages, as the statistics found them at
      // open (ascending), and nothing read.
      let deletedRanges = index.deletedPassages
      if deletions == .only {
        for passages in deletedRanges { append(passages) }
      } else {
        var next: UInt32 = 0
        for passages in deletedRanges where passages.lowerBound >= next {
          append(next..<passages.lowerBound)
          next = passages.upperBound
        }
        append(next..<passageCount)
      }
      return
    }
    let kinds = Set(filters.kinds.map { $0.lowercased() })
    requiresCode = kinds == ["code"]
    let documentKinds = kinds.subtracting(["code"])
    let sources = Set(filters.sources.map { $0.lowercased() })
    let events = Set(filters.events.map(EventName.normalized))
    let years = Set(filters.years)
    for number in 0..<index.store.documentCount {
      // A document a later update replaced or removed matches nothing.
      if deleted.contains(number) == (deletions != .only) { continue }
      let document = index.document(number)
      let allowed =
        (documentKinds.isEmpty || documentKinds.contains(document.kind.rawValue))
        && (sources.isEmpty || sources.contains(document.id.lowercased()))
        && (events.isEmpty || events.contains(document.event?.lowercased() ?? ""))
        && (years.isEmpty || years.contains(document.year ?? EventName.year(document.event) ?? Int.min))
        && filters.acceptsLanguage(document.language) && filters.acceptsDocumentation(document)
      if allowed, let passages = Self.passages(of: number, in: index.store) { append(passages) }
    }
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

  /// The range of `accepted` the last answer fell in (the walk asks in ascending order).
  private var cursor = 0

  func accepts(_ passage: UInt32) -> Bool {
    isEmpty || nextAccepted(from: passage) == passage
  }

  /// The first passage at or after `passage` that it accepts, or `PostingCursor.exhausted`.
  func nextAccepted(from passage: UInt32) -> UInt32 {
    if isEmpty { return passage }
    var index = rangeIndex(from: passage)
    var id = passage
    while index < accepted.count {
      let passages = accepted[index]
      id = max(id, passages.lowerBound)
      while id < passages.upperBound {
        if acceptsWithinDocument(Int(id)) {
          cursor = index
          return id
        }
        id += 1
      }
      index += 1
    }
    cursor = max(0, accepted.count - 1)
    return PostingCursor.exhausted
  }

  /// Whether it accepts any passage of `passages` (by documents only: kinds and speakers
  /// within a document are not looked at).
  func overlaps(_ passages: ClosedRange<UInt32>) -> Bool {
    if isEmpty { return true }
    let index = rangeIndex(from: passages.lowerBound)
    return index < accepted.count && accepted[index].lowerBound <= passages.upperBound
  }

  /// The first range of `accepted` that ends after `passage`: the cursor's when it is that
  /// one, else the next one's, else found by binary search.
  private func rangeIndex(from passage: UInt32) -> Int {
    if cursor < accepted.count, passage < accepted[cursor].upperBound,
      cursor == 0 || accepted[cursor - 1].upperBound <= passage
    {
      return cursor
    }
    let next = cursor + 1
    if next < accepted.count, passage < accepted[next].upperBound, accepted[cursor].upperBound <= passage {
      return next
    }
    var low = 0
    var high = accepted.count
    while low < high {
      let middle = (low + high) / 2
      if accepted[middle].upperBound <= passage { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Adds `passages`, after every range added so far.
  private func append(_ passages: Range<UInt32>) {
    guard !passages.isEmpty else { return }
    if let last = accepted.last, last.upperBound == passages.lowerBound {
      accepted[accepted.count - 1] = last.lowerBound..<passages.upperBound
    } else {
      accepted.append(passages)
    }
  }

  /// The passages of document `number` by its record, nil when it has none or the record
  /// is damaged or points past the passages.
  private static func passages(of number: Int, in store: Store) -> Range<UInt32>? {
    guard store.hasIntactDocument(number) else { return nil }
    let first = store.documentField(number, 5)
    let count = store.documentField(number, 6)
    guard first != StoreWriter.none, count != StoreWriter.none else { return nil }
    let (end, overflow) = first.addingReportingOverflow(count)
    guard !overflow, first < end, end <= UInt32(store.passageCount) else { return nil }
    return first..<end
  }

  private func acceptsWithinDocument(_ id: Int) -> Bool {
    if requiresCode && store.passageKind(id) != 2 { return false }
    if let speakerIds, !speakerIds.contains(store.passageField(id, 7)) { return false }
    return true
  }
}
