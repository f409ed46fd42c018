/// A bonus for query words that sit close together: for each pair of consecutive scoring
/// leaves, `weight * min(idf) / (1 + gap)` where gap counts the slots between them.
struct Proximity {
  static let weight = 0.3
  private var first: [SlotRange] = []
  private var second: [SlotRange] = []

  static func bound(_ leaves: [any Scorer]) -> Double {
    guard leaves.count > 1 else { return 0 }
    var total = 0.0
    for index in 1..<leaves.count {
      total += weight * min(leaves[index - 1].inverseDocumentFrequency, leaves[index].inverseDocumentFrequency)
    }
    return total
  }

  mutating func bonus(_ leaves: [any Scorer]) -> Double {
    guard leaves.count > 1 else { return 0 }
    var total = 0.0
    for index in 1..<leaves.count {
      first.removeAll(keepingCapacity: true)
      second.removeAll(keepingCapacity: true)
      leaves[index - 1].positions(into: &first)
      leaves[index].positions(into: &second)
      var gap = UInt32.max
      var cursor = 0
      // Both sorted by start: a merge finds the closest pair.
      for a in first {
        while cursor < second.count && second[cursor].end < a.start {
          gap = min(gap, a.start - second[cursor].end)
          cursor += 1
        }
        if cursor < second.count {
          let b = second[cursor]
          gap = min(gap, b.start > a.end ? b.start - a.end : 0)
        }
      }
      if gap == UInt32.max { continue }
      let slotsBetween = Double(gap > 0 ? gap - 1 : 0)
      total +=
        Self.weight
        * min(leaves[index - 1].inverseDocumentFrequency, leaves[index].inverseDocumentFrequency)
        / (1 + slotsBetween)
    }
    return total
  }
}
