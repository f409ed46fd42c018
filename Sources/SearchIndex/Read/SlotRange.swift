/// The slots a term occurrence covers, inclusive.
struct SlotRange: Equatable, Comparable, Sendable {
  var start: UInt32
  var end: UInt32
  static func < (a: SlotRange, b: SlotRange) -> Bool { (a.start, a.end) < (b.start, b.end) }
}

extension Array where Element == SlotRange {
  /// Sorts the ranges from `start` on and keeps one of each.
  mutating func sortUnique(from start: Int) {
    guard count - start > 1 else { return }
    // Already increasing (one form's places, the usual case): nothing to sort or drop.
    if (start + 1..<count).allSatisfy({ self[$0 - 1] < self[$0] }) { return }
    // Sorted in place (a slice of the array would be copied first).
    withUnsafeMutableBufferPointer { all in
      var tail = UnsafeMutableBufferPointer(rebasing: all[start...])
      tail.sort()
    }
    var write = start + 1
    for read in (start + 1)..<count where self[read] != self[write - 1] {
      self[write] = self[read]
      write += 1
    }
    removeSubrange(write...)
  }
}
