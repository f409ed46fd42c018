/// Counts a lone prefix's postings in a bit per passage, when they are few beside the
/// passages (`SearchTuning.prefixBlockRankingShare`): the distinct passages (the total),
/// and the passages met in more than one of its terms, whose frequencies must be summed
/// before they are scored.
///
/// A bit per passage is an eighth of a byte counter, so at 30,000 talks (13.5 million
/// passages) it is 1.7 MB that the counter pool keeps between queries, where a byte
/// counter would be mapped afresh and faulted in, page by page, by every such query.
final class PrefixBits {
  private let words: UnsafeMutablePointer<UInt64>
  private let wordCount: Int
  /// Room for every posting: the terms' document frequencies summed, which no walk exceeds
  /// (a block holds at most what its term's frequency leaves).
  private let capacity: Int
  /// Every posting as counted, in the terms' order: its passage and frequency.
  private let ids: UnsafeMutablePointer<UInt32>
  private let frequencies: UnsafeMutablePointer<UInt8>
  private var postingCount = 0
  /// Passages met again in a later term, once per further term.
  private let repeated: UnsafeMutablePointer<UInt32>
  private var repeatedCount = 0
  /// Passages whose bit was clear.
  private(set) var distinct = 0

  /// `buffer`: zeroed, at least `bytes(passageCount:)` long; `postings`: the terms'
  /// document frequencies summed.
  init(_ buffer: UnsafeMutableBufferPointer<UInt8>, postings: Int) {
    wordCount = buffer.count / 8
    words = UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt64.self, capacity: wordCount)
    capacity = max(postings, 0)
    ids = .allocate(capacity: max(capacity, 1))
    frequencies = .allocate(capacity: max(capacity, 1))
    repeated = .allocate(capacity: max(capacity, 1))
  }

  deinit {
    ids.deallocate()
    frequencies.deallocate()
    repeated.deallocate()
  }

  static func bytes(passageCount: Int) -> Int { (passageCount + 63) / 64 * 8 }

  /// A posting's frequency as the merged prefix counts it: at least 1, at most 255.
  @inline(__always)
  static func frequency(_ word: UInt32) -> UInt8 { UInt8(min(255, max(word >> 2, 1))) }

  /// Adds one block's postings (ids below the buffer's passages; frequency words
  /// `frequency << 2 | flags`). Past `capacity` (which only a damaged dictionary could
  /// bring), postings are not added.
  func add(_ blockIds: UnsafePointer<UInt32>, _ frequencyWords: UnsafePointer<UInt32>, count: Int) {
    let count = min(count, capacity - postingCount)
    guard count > 0 else { return }
    var added = 0
    // No branch per posting: a passage seen before is written to `repeated` either way and
    // kept only when its bit was set.
    for index in 0..<count {
      let id = blockIds[index]
      let word = Int(id >> 6)
      let bit = UInt64(1) << UInt64(id & 63)
      let before = words[word]
      words[word] = before | bit
      let seen = before & bit != 0 ? 1 : 0
      added &+= 1 &- seen
      repeated[repeatedCount] = id
      repeatedCount &+= seen
      ids[postingCount &+ index] = id
      frequencies[postingCount &+ index] = Self.frequency(frequencyWords[index])
    }
    postingCount += count
    distinct += added
  }

  /// Whether `id` was counted (before `sumRepeated`).
  func contains(_ id: UInt32) -> Bool {
    Int(id >> 6) < wordCount && words[Int(id >> 6)] & (UInt64(1) << UInt64(id & 63)) != 0
  }

  /// The summed frequency (saturating at 255, as the byte counters do) of every passage
  /// met in more than one term, in no particular order. From here on a passage's bit is
  /// set when it is one of them, so that `contains` tells a passage already scored with
  /// its sum.
  func sumRepeated() -> [(passage: UInt32, frequency: UInt8)] {
    clear()
    guard repeatedCount > 0 else { return [] }
    var sums = PassageSums(capacity: repeatedCount)
    for index in 0..<repeatedCount {
      let id = repeated[index]
      words[Int(id >> 6)] |= UInt64(1) << UInt64(id & 63)
      sums.add(id, 0)
    }
    for index in 0..<postingCount where contains(ids[index]) {
      sums.add(ids[index], Int(frequencies[index]))
    }
    return sums.entries.map { ($0.passage, UInt8(min(255, $0.sum))) }
  }

  /// Zeroes every bit, as the pool takes the buffer back.
  func clear() {
    words.update(repeating: 0, count: wordCount)
  }
}

/// Sums by passage for a known number of passages at most: open addressing, a
/// multiplicative hash, linear probing (a Swift dictionary hashes each key with SipHash,
/// which was most of the cost of summing a prefix's repeated passages).
struct PassageSums {
  private var keys: [UInt32]
  private var sums: [Int]
  private let shift: UInt32
  /// Passages added, in the order first added.
  private var order: [Int] = []

  /// `capacity`: the most distinct passages that will be added.
  init(capacity: Int) {
    var bits: UInt32 = 4
    while (1 << bits) < 2 * max(capacity, 1) { bits += 1 }
    keys = [UInt32](repeating: UInt32.max, count: 1 << bits)
    sums = [Int](repeating: 0, count: 1 << bits)
    shift = 32 - bits
    order.reserveCapacity(capacity)
  }

  mutating func add(_ passage: UInt32, _ amount: Int) {
    let mask = keys.count - 1
    var slot = Int((passage &* 0x9E37_79B1) >> shift)
    while keys[slot] != passage {
      if keys[slot] == UInt32.max {
        keys[slot] = passage
        order.append(slot)
        break
      }
      slot = (slot + 1) & mask
    }
    sums[slot] += amount
  }

  var entries: [(passage: UInt32, sum: Int)] { order.map { (keys[$0], sums[$0]) } }
}
