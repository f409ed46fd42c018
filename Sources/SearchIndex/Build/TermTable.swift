/// Interns term byte strings to dense ids: open addressing over an arena of bytes,
/// so the build loop allocates nothing per token.
struct TermTable {
  private(set) var arena: [UInt8] = []
  private(set) var offsets: [UInt32] = []
  private(set) var lengths: [UInt8] = []
  private var slots: [Int32]
  private var mask: Int

  init(capacity: Int = 1 << 16) {
    var size = 1
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
  }

  var count: Int { offsets.count }

  func term(_ id: Int) -> ArraySlice<UInt8> {
    let start = Int(offsets[id])
    return arena[start..<(start + Int(lengths[id]))]
  }

  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }

  /// The id of `term`, adding it when new. Terms are at most 255 bytes (the analyzer cuts
  /// them shorter).
  mutating func id(_ term: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var index = Self.hash(term) & mask
    while true {
      let slot = slots[index]
      if slot < 0 { break }
      let id = Int(slot)
      if Int(lengths[id]) == term.count {
        let start = Int(offsets[id])
        let equal = arena.withUnsafeBufferPointer { arenaBytes in
          memcmpEqual(arenaBytes.baseAddress! + start, term.baseAddress!, term.count)
        }
        if equal { return UInt32(id) }
      }
      index = (index + 1) & mask
    }
    let id = offsets.count
    slots[index] = Int32(id)
    offsets.append(UInt32(arena.count))
    lengths.append(UInt8(min(term.count, 255)))
    arena.append(contentsOf: term.prefix(255))
    if offsets.count * 2 > slots.count { grow() }
    return UInt32(id)
  }

  /// The id of `term` when present.
  func find(_ term: [UInt8]) -> UInt32? {
    var index = term.withUnsafeBufferPointer { Self.hash($0) } & mask
    while true {
      let slot = slots[index]
      if slot < 0 { return nil }
      if term.elementsEqual(self.term(Int(slot))) { return UInt32(slot) }
      index = (index + 1) & mask
    }
  }

  mutating func id(_ term: [UInt8]) -> UInt32 {
    term.withUnsafeBufferPointer { id($0) }
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
    for id in 0..<offsets.count {
      let start = Int(offsets[id])
      var index =
        arena.withUnsafeBufferPointer { arenaBytes in
          Self.hash(UnsafeBufferPointer(rebasing: arenaBytes[start..<(start + Int(lengths[id]))]))
        } & mask
      while slots[index] >= 0 { index = (index + 1) & mask }
      slots[index] = Int32(id)
    }
  }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for index in 0..<count where a[index] != b[index] { return false }
  return true
}
