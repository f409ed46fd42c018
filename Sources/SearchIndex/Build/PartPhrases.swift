import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where runs of identifier parts occur as phrases, found once when a segment is built
/// (FORMAT.md, "Part phrases").
///
/// A standard query for an identifier (`kafaDrazu`) also matches its parts written apart
/// ("kafa drazu"): the phrase of its parts. Walked at query time, that phrase leapfrogs
/// the parts' postings, which are long when the parts are common words (a tenth of a
/// millisecond per ten thousand postings), to find a few passages more than the
/// identifier's own. So for every run of two or more consecutive parts of each identifier
/// the segment's text writes (`toolbarVerticalBehavior`: toolbar vertical, vertical
/// behavior, and all three; none for identifiers of more than
/// `Analyzer.maximumConcatenatedParts` parts), the build stores the run's phrase as one term: every
/// passage where the run's parts stand in consecutive slots, as an identifier's own parts
/// or as words apart, with every occurrence. The query reads that list when the segment
/// has it and walks the parts when it does not (an identifier the segment never writes):
/// both give the same matches and frequencies.
///
/// Hostile text cannot make the search long: runs have at most
/// `Analyzer.maximumConcatenatedParts` parts, and a segment whose chains take more than
/// `stepsPerOccurrence` steps per occurrence stores no runs at all (each is then walked).
///
/// A part matches as the query's part does (`QueryCompiler.keys`): the part's lookup form
/// (`TermFolding.lookupForm`) as a word or as an extra term.
struct PartPhrases {
  /// Identifiers written in the segment, as their parts (ASCII lowercased).
  private(set) var identifiers = Set<[[UInt8]]>()

  /// Keys longer than this are not stored: those runs are walked.
  static let maximumKeyBytes = 255
  static let separator = UInt8(ascii: " ")
  /// Chain steps allowed per occurrence searched (a run's chain from one position takes at
  /// most as many steps as it has parts, where each part matches one position there).
  static let stepsPerOccurrence = 32

  /// The dictionary key of the run of parts whose lookup forms are `forms`; nil when too long.
  static func key(_ forms: [[UInt8]]) -> [UInt8]? {
    var key = [TermSpace.partPhraseMarker]
    for (index, form) in forms.enumerated() {
      if index > 0 { key.append(separator) }
      key.append(contentsOf: form)
      if key.count > maximumKeyBytes { return nil }
    }
    return key
  }

  mutating func add(identifier parts: [[UInt8]]) { identifiers.insert(parts) }

  mutating func merge(_ other: PartPhrases) { identifiers.formUnion(other.identifiers) }

  /// Which words are common enough that a phrase of two of them is stored as a run
  /// (FORMAT.md, "Part phrases"): a phrase of two such words walked would leap one long
  /// list to every passage of another (`"it the of"`: 44,000 passages with `it` and `of`
  /// at 3,000 talks), where its stored pair lists only the passages where they stand side
  /// by side (9,000 for `it the`).
  struct CommonWords: Sendable {
    /// A common word occurs at least once per this many passages of the segment...
    var share: Int
    /// ...and at least this many times: pairs of rarer words walk in well under a
    /// millisecond, and a small segment stores none.
    var minimum: Int
    /// At most this many words, the commonest: runs stay few (their square).
    var limit: Int

    static let standard = CommonWords(share: 32, minimum: 4_096, limit: 64)
  }

  /// The lookup forms common in the occurrences `terms` (the passages' own, of `table`'s
  /// terms) over `passageCount` passages, commonest first: a word counts where it is
  /// written as its lookup form, as a word or as an extra term.
  static func commonForms(
    terms: ArraySlice<UInt32>, table: TermTable, passageCount: Int, foldsPlurals: Bool, common: CommonWords
  ) -> [[UInt8]] {
    var counts = [Int](repeating: 0, count: table.count)
    for term in terms { counts[Int(term)] += 1 }
    let threshold = max(common.minimum, passageCount / max(1, common.share))
    var byForm: [[UInt8]: Int] = [:]
    for id in 0..<table.count where counts[id] > 0 {
      var form = Array(table.term(id))
      if form.first == TermSpace.extraMarker { form.removeFirst() }
      // Another space's term (a field's word, a run), or a form no query looks up.
      guard let first = form.first, first >= 0x20,
        TermFolding.lookupForm(form, foldsPlurals: foldsPlurals) == form
      else { continue }
      byForm[form, default: 0] += counts[id]
    }
    return byForm.filter { $0.value >= threshold }
      .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.lexicographicallyPrecedes($1.key) }
      .prefix(common.limit).map(\.key)
  }

  /// Every pair of `forms`, as runs.
  static func pairs(_ forms: [[UInt8]]) -> [[[UInt8]]] { forms.flatMap { a in forms.map { b in [a, b] } } }

  /// The runs of lookup forms to store, each once: those of the identifiers written, and
  /// `pairs` (of common words).
  func runs(foldsPlurals: Bool, pairs: [[[UInt8]]] = []) -> [[[UInt8]]] {
    var runs = Set<[[UInt8]]>(pairs)
    for parts in identifiers {
      // Longer identifiers are walked: chains stay short.
      guard parts.count <= Analyzer.maximumConcatenatedParts else { continue }
      let forms = parts.map { TermFolding.lookupForm($0, foldsPlurals: foldsPlurals) }
      for first in 0..<(forms.count - 1) {
        for end in (first + 2)...forms.count { runs.insert(Array(forms[first..<end])) }
      }
    }
    // Sorted: the order terms are added to the table in does not depend on hashing.
    return runs.sorted { $0.lexicographicallyPrecedes($1) { $0.lexicographicallyPrecedes($1) } }
  }

  /// Appends the occurrences of every run's phrase to `occurrences`, whose first
  /// `passageOccurrences` are the passages' own (in passage order), and adds the runs'
  /// keys to `table`. A run with an occurrence the postings cannot hold (a span over
  /// `Occurrences.maximumSpan`) is not stored at all, so that it is walked.
  func append(
    to occurrences: inout Occurrences, passageOccurrences: Int, passageCount: Int, table: inout TermTable,
    foldsPlurals: Bool, common: CommonWords = .standard, stepsPerOccurrence: Int = PartPhrases.stepsPerOccurrence
  ) {
    let commonForms = Self.commonForms(
      terms: occurrences.terms[0..<passageOccurrences], table: table, passageCount: passageCount,
      foldsPlurals: foldsPlurals, common: common)
    let runs = runs(foldsPlurals: foldsPlurals, pairs: Self.pairs(commonForms))
    guard !runs.isEmpty else { return }
    var trie = RunTrie()
    var symbols: [[UInt8]: Int32] = [:]
    var symbolOfTerm = [Int32](repeating: -1, count: table.count)
    var keys: [[UInt8]] = []
    for run in runs {
      guard let key = Self.key(run) else { continue }
      // A run with a part that is in no passage has no occurrence.
      let termIds = run.map { form in
        [table.find(form), table.find([TermSpace.extraMarker] + form)].compactMap { $0 }
      }
      guard !termIds.contains(where: \.isEmpty) else { continue }
      var path: [Int32] = []
      for (form, ids) in zip(run, termIds) {
        let symbol: Int32
        if let known = symbols[form] {
          symbol = known
        } else {
          symbol = Int32(symbols.count)
          symbols[form] = symbol
        }
        for id in ids { symbolOfTerm[Int(id)] = symbol }
        path.append(symbol)
      }
      trie.insert(path, run: Int32(keys.count))
      keys.append(key)
    }
    guard !keys.isEmpty else { return }
    // Two halves at a passage boundary, searched at once; their finds are joined in order.
    var middle = passageOccurrences / 2
    while middle > 0 && middle < passageOccurrences
      && occurrences.ids[middle] & Occurrences.idMask == occurrences.ids[middle - 1] & Occurrences.idMask
    {
      middle += 1
    }
    let halves = [0..<middle, middle..<passageOccurrences]
    let finds = [FoundBox(), FoundBox()]
    let (terms, ids, packed) = (occurrences.terms, occurrences.ids, occurrences.packed)
    let (searched, symbolsOfTerms, runCount) = (trie, symbolOfTerm, keys.count)
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      finds[half].value = searched.findChains(
        terms: terms, ids: ids, packed: packed, in: halves[half], symbols: symbolsOfTerms, runCount: runCount,
        steps: halves[half].count * stepsPerOccurrence)
    }
    var found = finds[0].value!
    let second = finds[1].value!
    guard found.steps >= 0 && second.steps >= 0 else { return }
    found.matches.append(contentsOf: second.matches)
    for run in 0..<keys.count where second.unstorable[run] { found.unstorable[run] = true }
    var termIds = [UInt32?](repeating: nil, count: keys.count)
    for match in found.matches where !found.unstorable[Int(match.run)] {
      let run = Int(match.run)
      let term = termIds[run] ?? table.id(keys[run])
      termIds[run] = term
      occurrences.append(term, match.passage, match.start, match.end - match.start)
    }
  }
}

/// What one thread found, read after the threads are joined.
private final class FoundBox: @unchecked Sendable {
  var value: FoundRuns?
}

/// Occurrences of runs found so far, in passage order.
struct FoundRuns {
  struct Match {
    var run: Int32
    var passage: UInt32
    var start: UInt32
    var end: UInt32
  }
  var matches: [Match] = []
  var unstorable: [Bool]
  /// Chain steps left; below 0 when the search gave up (nothing found is then kept).
  var steps = 0

  init(runCount: Int) { unstorable = [Bool](repeating: false, count: runCount) }
}

/// The runs of symbols (a part's lookup form, numbered) as a trie, and the search for their
/// chains in one passage.
struct RunTrie {
  /// A position of a part in the passage.
  struct Entry: Comparable {
    var start: UInt32
    var end: UInt32
    var symbol: Int32
    static func < (a: Entry, b: Entry) -> Bool { (a.start, a.end, a.symbol) < (b.start, b.end, b.symbol) }
  }

  /// Child node of (node << 32 | symbol).
  private var children: [UInt64: Int32] = [:]
  /// The run ending at each node, or -1.
  private var runs: [Int32] = [-1]

  mutating func insert(_ path: [Int32], run: Int32) {
    var node: Int32 = 0
    for symbol in path {
      let edge = UInt64(UInt32(node)) << 32 | UInt64(UInt32(symbol))
      if let child = children[edge] {
        node = child
      } else {
        let child = Int32(runs.count)
        runs.append(-1)
        children[edge] = child
        node = child
      }
    }
    runs[Int(node)] = run
  }

  /// The runs' occurrences in the passages whose occurrences (as parallel arrays, in
  /// passage order) are `range`; `symbols` gives each term's part symbol, or -1.
  func findChains(
    terms: [UInt32], ids: [UInt32], packed: [UInt32], in range: Range<Int>, symbols: [Int32], runCount: Int,
    steps: Int
  ) -> FoundRuns {
    var found = FoundRuns(runCount: runCount)
    found.steps = steps
    var entries: [Entry] = []
    var index = range.lowerBound
    while index < range.upperBound {
      let passage = ids[index] & Occurrences.idMask
      entries.removeAll(keepingCapacity: true)
      while index < range.upperBound, ids[index] & Occurrences.idMask == passage {
        let symbol = symbols[Int(terms[index])]
        if symbol >= 0 {
          let start = packed[index] >> 8
          entries.append(Entry(start: start, end: start + (packed[index] & 0xFF), symbol: symbol))
        }
        index += 1
      }
      if !entries.isEmpty { findChains(in: &entries, passage: passage, into: &found) }
      if found.steps < 0 { break }
    }
    return found
  }

  private func child(_ node: Int32, _ symbol: Int32) -> Int32? {
    children[UInt64(UInt32(node)) << 32 | UInt64(UInt32(symbol))]
  }

  /// Every chain of `entries` (positions in consecutive slots) that spells a run, each
  /// (run, start, end) once, into `found` in order.
  func findChains(in entries: inout [Entry], passage: UInt32, into found: inout FoundRuns) {
    entries.sort()
    var unique = 0
    for entry in entries where unique == 0 || entry != entries[unique - 1] {
      entries[unique] = entry
      unique += 1
    }
    entries.removeSubrange(unique...)
    let first = found.matches.count
    var stack: [(node: Int32, start: UInt32, end: UInt32)] = []
    for entry in entries {
      guard let node = child(0, entry.symbol) else { continue }
      stack.append((node, entry.start, entry.end))
      while let chain = stack.popLast() {
        found.steps -= 1
        if found.steps < 0 { return }
        let run = runs[Int(chain.node)]
        if run >= 0 {
          found.matches.append(FoundRuns.Match(run: run, passage: passage, start: chain.start, end: chain.end))
        }
        guard chain.end < UInt32.max else { continue }
        let wanted = chain.end + 1
        // The first entry starting at `wanted`.
        var low = 0
        var high = entries.count
        while low < high {
          let middle = (low + high) / 2
          if entries[middle].start < wanted { low = middle + 1 } else { high = middle }
        }
        while low < entries.count && entries[low].start == wanted {
          if let next = child(chain.node, entries[low].symbol) {
            stack.append((next, chain.start, entries[low].end))
          }
          low += 1
        }
      }
    }
    guard found.matches.count > first else { return }
    // In order, each once: two chains through different positions can reach one place.
    found.matches[first...].sort { ($0.run, $0.start, $0.end) < ($1.run, $1.start, $1.end) }
    var write = first + 1
    for read in (first + 1)..<found.matches.count {
      let match = found.matches[read]
      let previous = found.matches[write - 1]
      if match.run == previous.run && match.start == previous.start && match.end == previous.end { continue }
      found.matches[write] = match
      write += 1
    }
    found.matches.removeSubrange(write...)
    for match in found.matches[first...] where match.end - match.start > Occurrences.maximumSpan {
      found.unstorable[Int(match.run)] = true
    }
  }
}
