/// Walks one clause's postings forward alongside ascending candidates and keeps the
/// frequencies of the passages in the current candidate's window, so that a passage and
/// its neighbours are scored from the postings the index already has (no context field
/// is stored).
final class ClauseFrequencies {
  /// One source of (passage, frequency): a term's postings or a phrase's matcher.
  private enum Source {
    case term(PostingCursor, weight: Double)
    case phrase(any Scorer)

    var current: UInt32 {
      switch self {
      case .term(let cursor, _): cursor.current
      case .phrase(let matcher): matcher.current
      }
    }

    func advance(to target: UInt32) {
      switch self {
      case .term(let cursor, _): cursor.advance(to: target)
      case .phrase(let matcher): matcher.advance(to: target)
      }
    }

    func next() {
      switch self {
      case .term(let cursor, _): cursor.next()
      case .phrase(let matcher): matcher.next()
      }
    }

    /// The weighted frequency at `current`, the occurrences it counts, whether they are of
    /// a form as written, and the passage's word count byte where a term's block keeps it
    /// (`keepsWordCounts`).
    func frequency(_ scratch: inout [SlotRange]) -> (
      value: Double, occurrences: Double, isExact: Bool, wordCount: UInt8?
    ) {
      switch self {
      case .term(let cursor, let weight):
        let occurrences = Double(cursor.frequency)
        return (occurrences * weight, occurrences, weight >= 1, cursor.storedWordCount)
      case .phrase(let matcher):
        scratch.removeAll(keepingCapacity: true)
        matcher.positions(into: &scratch)
        let occurrences = Double(max(1, scratch.count))
        return (occurrences, occurrences, true, nil)
      }
    }
  }

  struct Entry {
    var passage: UInt32
    /// Occurrences, stemmed forms weighted down.
    var frequency: Double
    var isExact: Bool
    /// The occurrences of forms as written, and of forms sharing only the stem (unweighted:
    /// what `--explain` shows).
    var exactOccurrences = 0.0
    var stemmedOccurrences = 0.0
    /// The passage's word count byte, as a term's postings block keeps it (nil for a
    /// phrase's): `Store.wordCount(_:stored:)` reads the store's table only for a long one.
    var wordCount: UInt8?
  }

  private let sources: [Source]
  private var window: [Entry] = []
  private var first = 0
  private var scratch: [SlotRange] = []

  init(terms: [(PostingCursor, Double)]) {
    sources = terms.map { .term($0.0, weight: $0.1) }
  }

  init(phrase: any Scorer) {
    sources = [.phrase(phrase)]
  }

  /// Makes the kept entries those of passages in `range`, reading postings up to its end.
  func move(to range: ClosedRange<UInt32>) {
    while first < window.count && window[first].passage < range.lowerBound { first += 1 }
    if first > 64 && first * 2 > window.count {
      window.removeFirst(first)
      first = 0
    }
    for source in sources where source.current < range.lowerBound { source.advance(to: range.lowerBound) }
    while true {
      var lowest = PostingCursor.exhausted
      for source in sources { lowest = min(lowest, source.current) }
      guard lowest <= range.upperBound, lowest != PostingCursor.exhausted else { break }
      var entry = Entry(passage: lowest, frequency: 0, isExact: false)
      for source in sources where source.current == lowest {
        let found = source.frequency(&scratch)
        entry.frequency += found.value
        entry.isExact = entry.isExact || found.isExact
        if found.isExact {
          entry.exactOccurrences += found.occurrences
        } else {
          entry.stemmedOccurrences += found.occurrences
        }
        entry.wordCount = entry.wordCount ?? found.wordCount
        source.next()
      }
      window.append(entry)
    }
  }

  /// The kept entries (passages of the window last moved to), in passage order.
  var entries: ArraySlice<Entry> { window[first...] }
}
