import DocumentModel
import Foundation
import Testing

@testable import SearchIndex

/// A hit read again comes from the cache, the same as it was read; the cache keeps one
/// passage per slot, never a long one, and never answers from a damaged index.
@Suite struct HitCacheTests {
  static func passage(_ id: Int, text: String = "a few words", cueStarts: Int = 0) -> HitCache.Passage {
    HitCache.Passage(
      id: id,
      stored: StoredPassage(documentIndex: 0, passageIndex: id, kind: .speech, text: text),
      entry: Store.PassageEntry(
        text: Array(text.utf8), cueStarts: (0..<cueStarts).map { (utf8Offset: $0, startMilliseconds: $0 * 10) }))
  }

  @Test func aKeptPassageIsAnsweredUntilAnotherTakesItsSlot() throws {
    let cache = HitCache()
    #expect(cache.passage(7) == nil)
    cache.keep(Self.passage(7, text: "seven"))
    #expect(cache.passage(7)?.stored.text == "seven")
    // Another id of the same slot replaces it; the slot never answers for the wrong id.
    let rival = try #require((8..<1_000_000).first { HitCache.slot(of: $0) == HitCache.slot(of: 7) })
    #expect(cache.passage(rival) == nil)
    cache.keep(Self.passage(rival, text: "rival"))
    #expect(cache.passage(7) == nil)
    #expect(cache.passage(rival)?.stored.text == "rival")
    #expect(cache.answered == 2)
  }

  @Test func aLongEntryIsNeverKept() {
    let cache = HitCache()
    let longest = String(repeating: "x", count: HitCache.largestEntryBytes)
    cache.keep(Self.passage(1, text: longest))
    cache.keep(Self.passage(2, text: longest + "x"))
    // Cue starts count too.
    cache.keep(Self.passage(3, text: "short", cueStarts: HitCache.largestEntryBytes / 16))
    #expect(cache.passage(1) != nil)
    #expect(cache.passage(2) == nil && cache.passage(3) == nil)
  }

  @Test func everyIdHasASlot() {
    for id in [0, 1, -1, Int.max, Int.min, 1 << 40] + (0..<10_000).map({ $0 * 37 }) {
      #expect((0..<HitCache.slotCount).contains(HitCache.slot(of: id)), "\(id)")
    }
    // A talk's neighbouring passages fall into different slots.
    #expect(Set((0..<64).map(HitCache.slot(of:))).count >= 60)
  }

  @Test func aSearchRunAgainReadsNoneOfItsHitsAndAnswersTheSame() throws {
    let (_, directory, _) = try StoreReadTests.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let fresh = try SearchIndex.open(at: directory, verification: .structure)
    for query in ["the", "\"the controls that move\"", "folding OR toolbar", "con*"] {
      let first = try index.search(query, limit: 20)
      #expect(!first.hits.isEmpty, "\(query)")
      let answered = index.first.hitCache.answered
      let again = try index.search(query, limit: 20)
      #expect(again == first, "\(query)")
      // Each hit is answered from the cache, but hits sharing a slot (they take it from
      // each other, each time).
      let slots = try first.hits.map {
        HitCache.slot(of: try #require(index.passageId(doc: $0.documentIndex, passage: $0.passageIndex)))
      }
      let kept = slots.filter { slot in slots.filter { $0 == slot }.count == 1 }.count
      #expect(kept >= first.hits.count - 2)
      #expect(index.first.hitCache.answered - answered == kept, "\(query)")
      // What the cache answers is what a first read of another opening answers.
      #expect(try fresh.search(query, limit: 20) == first, "\(query)")
    }
  }

  @Test func damageFoundLaterFailsAKeptHit() throws {
    let (_, directory, _) = try StoreReadTests.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    #expect(try !index.search("toolbar", limit: 5).hits.isEmpty)
    index.first.damage.record(.corrupt(file: "store.dki", reason: "found by another read"))
    #expect {
      _ = try index.search("toolbar", limit: 5)
    } throws: { error in
      ChunkChecksumTests.isCorrupt(error, in: "store.dki")
    }
  }
}
