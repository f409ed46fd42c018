import Locking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The passages of a segment's recent hits, as read and checked by
/// `IndexSegment.verifiedEntry`: a searcher that answers a query again (a page of results
/// asked for twice, an assistant repeating a search, a batch with repeats) reads none of
/// its hits again (each costs two `pread`s, a CRC-32, and the strings of its record).
///
/// Direct-mapped: a passage has one slot (its id hashed), and the last passage read there
/// keeps it. Bounded: `slotCount` passages, none with an entry over `largestEntryBytes`.
/// A segment never changes, so nothing kept goes stale; a damaged read is never kept.
/// Safe to share between threads.
final class HitCache: @unchecked Sendable {
  /// A passage as a hit answers it: its record and strings, its text and cue starts.
  struct Passage {
    let id: Int
    let stored: StoredPassage
    let entry: Store.PassageEntry
  }

  /// Enough for the hits of the last hundred queries of ten hits, or a page of a thousand:
  /// about 300 KB for passages of a few sentences.
  static let slotCount = 1 << slotBits
  private static let slotBits = 10

  /// A longer entry (a whole section of a page; its text and its cue starts, counted at
  /// 16 bytes each) is read again each time rather than kept: the cache stays under
  /// `slotCount` times twice this (the text is kept as bytes and as a string), 8 MiB,
  /// whatever the corpus.
  static let largestEntryBytes = 4 << 10

  private let lock = Lock()
  private var slots = [Passage?](repeating: nil, count: slotCount)
  /// Reads answered from the cache, for tests.
  private(set) var answered = 0

  /// Passage `id` if it is kept.
  func passage(_ id: Int) -> Passage? {
    lock.lock()
    defer { lock.unlock() }
    guard let kept = slots[Self.slot(of: id)], kept.id == id else { return nil }
    answered += 1
    return kept
  }

  /// Keeps `passage` (in place of the one in its slot), unless its entry is too long.
  func keep(_ passage: Passage) {
    guard passage.entry.text.count + passage.entry.cueStarts.count * 16 <= Self.largestEntryBytes else { return }
    lock.lock()
    defer { lock.unlock() }
    slots[Self.slot(of: passage.id)] = passage
  }

  /// Fibonacci hashing: neighbouring ids (a talk's passages) spread over the slots.
  static func slot(of id: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
  }
}
