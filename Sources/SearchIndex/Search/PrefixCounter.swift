/// Adds the postings of a prefix's terms into a counter per passage (a byte, saturating at
/// 255: far past where BM25 saturates), giving each passage's frequency and how many
/// passages there are; optionally lists passages as they first appear.
struct PrefixCounter {
  let counts: UnsafeMutableBufferPointer<UInt8>
  private let listsSeen: Bool
  /// Passages whose counter was 0.
  private(set) var distinct = 0
  /// Passages as they first appear (when listed).
  private(set) var seen: [UInt32] = []

  init(counts: UnsafeMutableBufferPointer<UInt8>, listsSeen: Bool, expected: Int) {
    self.counts = counts
    self.listsSeen = listsSeen
    if listsSeen { seen.reserveCapacity(expected) }
  }

  /// Adds one block's postings (ids, and frequency words `frequency << 2 | flags`).
  mutating func add(_ ids: UnsafePointer<UInt32>, _ frequencyWords: UnsafePointer<UInt32>, count: Int) {
    guard listsSeen else {
      // Nothing listed: no branch per posting, only memory traffic.
      var added = 0
      for index in 0..<count {
        let id = Int(ids[index])
        let current = counts[id]
        added &+= current == 0 ? 1 : 0
        counts[id] = UInt8(min(255, Int(current) &+ max(Int(frequencyWords[index] >> 2), 1)))
      }
      distinct &+= added
      return
    }
    for index in 0..<count {
      let id = ids[index]
      let current = counts[Int(id)]
      if current == 0 {
        distinct += 1
        seen.append(id)
      }
      counts[Int(id)] = UInt8(min(255, Int(current) + max(Int(frequencyWords[index] >> 2), 1)))
    }
  }
}
