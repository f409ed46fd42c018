/// The prefixes whose merged postings a segment stores (FORMAT.md, "Stored prefixes"): a
/// standard query for such a prefix reads one list, block by block with its bounds, instead
/// of merging the postings of hundreds of terms, which costs a pass over every one of them.
///
/// A prefix is stored when its standard expansion (the verbatim and extra terms that start
/// with it) has more terms than a query walks with cursors, no more than a query accepts,
/// and at least one occurrence per `share` passages of the segment: lists that merging
/// would stream through byte counters (`SearchTuning.prefixBlockRankingShare`). Shorter
/// prefixes are stored first, and only while the stored lists' occurrences stay within
/// `budget` times the terms' own: text made to nest many long words in one another cannot
/// multiply the index.
struct StoredPrefixes {
  /// At least one occurrence of the prefix's terms per this many passages.
  static let share = SearchTuning.prefixBlockRankingShare
  /// The stored prefixes' occurrences, summed, are at most this many times those of the
  /// verbatim and extra terms (about twice in the bench's generated corpora).
  static let budget = 4

  /// Each stored prefix's term (its key in `TermTable`) and the terms it merges.
  var members: [UInt32: [UInt32]] = [:]

  /// Selects the prefixes of the verbatim and extra terms of `table` (their occurrence
  /// counts in `occurrences`) and adds each one's key to `table`.
  static func select(table: inout TermTable, occurrences: Occurrences, passageCount: Int) -> StoredPrefixes {
    var counts = [Int](repeating: 0, count: table.count)
    for term in occurrences.terms { counts[Int(term)] += 1 }
    // Verbatim and extra terms by their text without the marker: a prefix's terms of both
    // spaces are then one run.
    var keyed: [(key: ArraySlice<UInt8>, term: UInt32)] = []
    for id in 0..<table.count {
      let term = table.term(id)
      guard let first = term.first else { continue }
      if first >= 0x20 {
        keyed.append((term, UInt32(id)))
      } else if first == TermSpace.extraMarker {
        keyed.append((term.dropFirst(), UInt32(id)))
      }
    }
    keyed.sort { $0.key.lexicographicallyPrecedes($1.key) }
    var found: [(prefix: [UInt8], members: Range<Int>, occurrences: Int)] = []
    let selection = Selection(
      keys: keyed.map(\.key), counts: keyed.map { counts[Int($0.term)] }, passageCount: passageCount)
    selection.visit(0..<keyed.count, depth: 0) { found.append(($0, $1, $2)) }
    // Shortest first (the walk's order among prefixes of one length).
    let order = found.indices.sorted { (found[$0].prefix.count, $0) < (found[$1].prefix.count, $1) }
    var left = keyed.reduce(0) { $0 + counts[Int($1.term)] } * budget
    var stored = StoredPrefixes()
    for index in order {
      let (prefix, range, occurrences) = found[index]
      guard occurrences <= left else { break }
      left -= occurrences
      let id = table.id([TermSpace.storedPrefixMarker] + prefix)
      stored.members[id] = keyed[range].map(\.term)
    }
    return stored
  }

  /// The walk over sorted keys: runs sharing their first `depth + 1` bytes, deeper only
  /// inside runs that could hold a stored prefix.
  struct Selection {
    let keys: [ArraySlice<UInt8>]
    let counts: [Int]
    let passageCount: Int

    func visit(_ range: Range<Int>, depth: Int, _ select: ([UInt8], Range<Int>, Int) -> Void) {
      var start = range.lowerBound
      // Keys no longer than `depth` (the run's prefix itself) sort first and go no deeper.
      while start < range.upperBound && keys[start].count <= depth { start += 1 }
      while start < range.upperBound {
        let byte = keys[start][keys[start].startIndex + depth]
        var end = start
        var total = 0
        while end < range.upperBound && keys[end][keys[end].startIndex + depth] == byte {
          total += counts[end]
          end += 1
        }
        let terms = end - start
        if terms > SearchTuning.maximumPrefixCursors && total >= 1 && total >= passageCount / StoredPrefixes.share {
          let longest = keys[end - 1]
          let prefix = Array(longest.prefix(depth + 1))
          // A query's prefix is whole characters: one that cuts a character is not stored.
          let cutsCharacter = longest.count > depth + 1 && longest[longest.startIndex + depth + 1] & 0xC0 == 0x80
          if terms <= QueryParser.maximumPrefixTerms && !cutsCharacter { select(prefix, start..<end, total) }
          visit(start..<end, depth: depth + 1, select)
        }
        start = end
      }
    }
  }

  /// Term `prefix`'s postings: each passage where a member occurs, with the members'
  /// frequencies summed (each at most 255, the sum too), as a query merging the members
  /// counts them. A member's frequency in a passage is its distinct positions, as its
  /// own postings record it. `counters` (zeros, one per passage) is left zeroed.
  static func merge(
    _ members: [UInt32], _ grouped: PostingsWriter.Grouped, counters: inout [UInt8],
    into postings: inout [(id: UInt32, frequency: UInt8)]
  ) {
    postings.removeAll(keepingCapacity: true)
    var lowest = counters.count
    var highest = -1
    counters.withUnsafeMutableBufferPointer { counters in
      for member in members {
        var cursor = grouped.starts[Int(member)]
        let end = grouped.starts[Int(member) + 1]
        while cursor < end {
          let raw = grouped.ids[cursor]
          let runStart = cursor
          while cursor < end && grouped.ids[cursor] == raw { cursor += 1 }
          let id = Int(raw & Occurrences.idMask)
          guard id < counters.count else { continue }
          let frequency = distinctPositions(grouped.packed[runStart..<cursor])
          counters[id] = UInt8(min(255, Int(counters[id]) + min(255, frequency)))
          lowest = min(lowest, id)
          highest = max(highest, id)
        }
      }
      guard highest >= lowest else { return }
      for id in lowest...highest where counters[id] != 0 {
        postings.append((UInt32(id), counters[id]))
        counters[id] = 0
      }
    }
  }

  /// How many distinct (slot, span) words `packed` holds: what the encoder keeps of them.
  static func distinctPositions(_ packed: ArraySlice<UInt32>) -> Int {
    guard packed.count > 1 else { return packed.count }
    var previous = packed[packed.startIndex]
    var sorted = true
    var distinct = 1
    for value in packed.dropFirst() {
      if value < previous { sorted = false }
      if value != previous { distinct += 1 }
      previous = value
    }
    guard !sorted else { return distinct }
    let ordered = packed.sorted()
    return 1 + zip(ordered, ordered.dropFirst()).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
  }
}
