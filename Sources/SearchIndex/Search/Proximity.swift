/// A bonus for query words that sit close together: for each pair of consecutive scoring
/// leaves, `weight * min(idf) / (1 + gap)` where gap counts the slots between them.
struct Proximity {
  static let weight = 0.3
  private var first: [SlotRange] = []
  private var second: [SlotRange] = []

  /// The most `bonus` can give `leaves` (all of them, or those standing at `passage`).
  static func bound(_ leaves: [any Scorer], at passage: UInt32? = nil) -> Double {
    var total = 0.0
    var previous: Double?
    for leaf in leaves where passage == nil || leaf.current == passage {
      let idf = leaf.inverseDocumentFrequency
      if let previous { total += weight * min(previous, idf) }
      previous = idf
    }
    return total
  }

  /// The bonus of `leaves` (all of them, or those standing at `passage`), each pair of
  /// consecutive ones in turn; each leaf's positions are read once.
  mutating func bonus(_ leaves: [any Scorer], at passage: UInt32? = nil) -> Double {
    var total = 0.0
    var previousIdf: Double?
    for leaf in leaves where passage == nil || leaf.current == passage {
      second.removeAll(keepingCapacity: true)
      leaf.positions(into: &second)
      let idf = leaf.inverseDocumentFrequency
      defer {
        swap(&first, &second)
        previousIdf = idf
      }
      guard let leftIdf = previousIdf else { continue }
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
      total += Self.weight * min(leftIdf, idf) / (1 + slotsBetween)
    }
    return total
  }
}
