import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// `PassageFilter` answers by ranges of passages: every answer is checked against the
/// definition, passage by passage (its document allowed, deleted or not as asked).
@Suite struct PassageFilterTests {
  /// A segment of 16 documents of which some are deleted by an update (the first, one in
  /// the middle, the last but one), and the directory to remove.
  static func segmentWithDeletions() throws -> (IndexSegment, URL) {
    var generator = CorpusGenerator(seed: 5, isDifferential: false, vocabularySize: 400)
    let pool = generator.documents(talks: 14, pages: 5, wordScale: 0.03)
    let initial = Array(pool.prefix(16))
    let directory = SegmentUpdateTests.temporary()
    _ = try IndexBuilder().build(documents: initial, corpusFingerprint: "start", into: directory)
    let index = try SearchIndex.open(at: directory)
    var changed = [pool[16], pool[17]]
    changed[0].id = initial[0].id
    changed[1].id = initial[7].id
    let live = Dictionary((initial + changed).map { ($0.id, $0) }) { _, new in new }
    _ = try IndexBuilder().update(
      index, adding: changed, removing: [initial[14].id], corpusFingerprint: "step",
      policy: SegmentUpdateTests.keepsSegments, into: directory
    ) { ids throws(IndexBuildError) in ids.compactMap { live[$0] } }
    let updated = try SearchIndex.open(at: directory)
    let segment = try #require(updated.segments.first { !$0.deletedDocuments.isEmpty })
    return (segment, directory)
  }

  /// Whether the filter's definition accepts `passage`: `allowed` says which documents.
  static func expected(_ segment: IndexSegment, _ passage: Int, allowed: (Int) -> Bool) -> Bool {
    allowed(segment.store.document(ofPassage: passage))
  }

  static func check(_ segment: IndexSegment, _ filter: PassageFilter, allowed: (Int) -> Bool) {
    let count = segment.passageCount
    var accepted = (0..<count).map { expected(segment, $0, allowed: allowed) }
    accepted.append(false)
    // The first accepted passage at or after each one, found backwards.
    var next = [UInt32](repeating: PostingCursor.exhausted, count: count + 1)
    for passage in stride(from: count - 1, through: 0, by: -1) {
      next[passage] = accepted[passage] ? UInt32(passage) : next[passage + 1]
    }
    // In order, then in a scrambled order (the cursor must not assume ascending calls).
    var order = Array(0...count)
    var random = SplitMix64(seed: 9)
    let scrambled = order.map { _ in Int(random.next() % UInt64(count + 1)) }
    order += scrambled
    for passage in order {
      #expect(filter.nextAccepted(from: UInt32(passage)) == next[passage], "from \(passage)")
      #expect(filter.accepts(UInt32(passage)) == accepted[passage], "accepts \(passage)")
    }
    for _ in 0..<300 {
      let low = Int(random.next() % UInt64(count))
      let high = min(count - 1, low + Int(random.next() % 40))
      let wanted = (low...high).contains { accepted[$0] }
      #expect(filter.overlaps(UInt32(low)...UInt32(high)) == wanted, "\(low)...\(high)")
    }
    let first = next[0]
    if first == PostingCursor.exhausted {
      #expect(filter.range.isEmpty)
    } else {
      #expect(filter.range.lowerBound == first)
      #expect(filter.range.upperBound == UInt32((accepted.lastIndex(of: true) ?? 0) + 1))
    }
  }

  @Test func deletionsExcludedOnlyOrIgnored() throws {
    let (segment, directory) = try Self.segmentWithDeletions()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(segment.deletedDocuments.count == 3)
    let deleted = segment.deletedDocuments
    Self.check(segment, PassageFilter(index: segment, filters: .init(), deletions: .excluded)) {
      !deleted.contains($0)
    }
    Self.check(segment, PassageFilter(index: segment, filters: .init(), deletions: .only)) { deleted.contains($0) }
    let ignored = PassageFilter(index: segment, filters: .init(), deletions: .ignored)
    #expect(ignored.isEmpty)
    #expect(ignored.range == 0..<UInt32(segment.passageCount))
  }

  @Test func documentFiltersWithDeletions() throws {
    let (segment, directory) = try Self.segmentWithDeletions()
    defer { try? FileManager.default.removeItem(at: directory) }
    let deleted = segment.deletedDocuments
    let talks = SearchFilters(kinds: ["talk"])
    let isTalk = { (document: Int) in segment.document(document).kind == .talk }
    Self.check(segment, PassageFilter(index: segment, filters: talks)) { !deleted.contains($0) && isTalk($0) }
    Self.check(segment, PassageFilter(index: segment, filters: talks, deletions: .only)) {
      deleted.contains($0) && isTalk($0)
    }
    Self.check(segment, PassageFilter(index: segment, filters: talks, deletions: .ignored), allowed: isTalk)
    // One source: one document's passages.
    let source = segment.document(3).id
    Self.check(segment, PassageFilter(index: segment, filters: SearchFilters(sources: [source]))) { $0 == 3 }
    // A source that is not there: nothing at all.
    Self.check(segment, PassageFilter(index: segment, filters: SearchFilters(sources: ["nowhere"]))) { _ in false }
  }
}
