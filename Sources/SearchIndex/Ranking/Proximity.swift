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

  /// `bound(_:at:)` of the leaves standing at `passage`, through references that cost no
  /// reference count (`ScorerRef`), with their idfs read once (`idfs`, in the same order).
  static func bound(_ leaves: [ScorerRef], idfs: [Double], at passage: UInt32) -> Double {
    var total = 0.0
    var previous: Double?
    for index in leaves.indices where leaves[index].current == passage {
      let idf = idfs[index]
      if let previous { total += weight * min(previous, idf) }
      previous = idf
    }
    return total
  }

  /// The bonus of `leaves` (all of them, or those standing at `passage`), each pair of
  /// consecutive ones in turn; a leaf's positions are read only when it has a neighbour,
  /// and once.
  mutating func bonus(_ leaves: [any Scorer], at passage: UInt32? = nil) -> Double {
    guard leaves.count > 1 else { return 0 }
    var total = 0.0
    var left: Int?
    // The leaf whose positions `first` holds.
    var held: Int?
    for right in leaves.indices where passage == nil || leaves[right].current == passage {
      defer { left = right }
      guard let left else { continue }
      if held != left {
        first.removeAll(keepingCapacity: true)
        leaves[left].positions(into: &first)
      }
      second.removeAll(keepingCapacity: true)
      leaves[right].positions(into: &second)
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
      swap(&first, &second)
      held = right
      if gap == UInt32.max { continue }
      let slotsBetween = Double(gap > 0 ? gap - 1 : 0)
      total +=
        Self.weight * min(leaves[left].inverseDocumentFrequency, leaves[right].inverseDocumentFrequency)
        / (1 + slotsBetween)
    }
    return total
  }
}
