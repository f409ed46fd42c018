/// The best `limit` passages seen: a min-heap on score (ties: the later passage is worse).
struct TopHits {
  struct Candidate {
    var passage: UInt32
    var score: Double
  }
  let limit: Int
  private var heap: [Candidate] = []
  /// Passages whose matches the caller drops (a segment's deleted documents; ascending,
  /// disjoint). A scorer that holds every match at hand counts those among them into
  /// `droppedMatches`, which spares the caller a run of its own to count them.
  var dropped: [Range<UInt32>] = []
  var droppedMatches: Int?

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(limit)
  }

  var isFull: Bool { heap.count >= limit }
  var threshold: Double { heap.first?.score ?? -.infinity }

  /// Whether no passage at or after `passage` scoring at most `bound` can enter: the hits
  /// are full and `bound` is below the threshold, or equal to it after the worst hit's
  /// passage (a tie goes to the lower passage). A walk in passage order is always after
  /// every hit; one that ranked some later passages first (`TermScorer`'s best blocks,
  /// `TermUnionScorer`'s passages of both words) is not.
  @inline(__always)
  func excludes(_ bound: Double, from passage: UInt32) -> Bool {
    guard let worst = heap.first, heap.count >= limit else { return false }
    return bound < worst.score || (bound == worst.score && passage > worst.passage)
  }

  private static func worse(_ a: Candidate, _ b: Candidate) -> Bool {
    a.score < b.score || (a.score == b.score && a.passage > b.passage)
  }

  mutating func insert(_ passage: UInt32, _ score: Double) {
    let candidate = Candidate(passage: passage, score: score)
    if heap.count < limit {
      heap.append(candidate)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.worse(heap[child], heap[parent]) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    } else if limit > 0 && Self.worse(heap[0], candidate) {
      heap[0] = candidate
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < heap.count && Self.worse(heap[left], heap[smallest]) { smallest = left }
        if right < heap.count && Self.worse(heap[right], heap[smallest]) { smallest = right }
        if smallest == parent { break }
        heap.swapAt(parent, smallest)
        parent = smallest
      }
    }
  }

  func sorted() -> [Candidate] { heap.sorted { Self.worse($1, $0) } }
}
