import Locking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ranking statistics of a generation's live documents, the one place scorers get
/// them from: passage count, average length and each term's passage frequency, exactly as
/// a build of the live documents alone would have them (a deleted document's passages and
/// terms do not count).
///
/// A term's frequency is the sum over segments of its dictionary frequency less the
/// postings that fall in deleted documents, counted by walking its postings to each
/// deleted document's passages (few: the merge policy bounds them). Nothing proportional
/// to the corpus is read.
struct CollectionStatistics: @unchecked Sendable {
  /// Set once by `SearchIndex` before a segment is shared, then only read.
  final class Box: @unchecked Sendable {
    var value = CollectionStatistics(parts: [], passageCount: 0, totalWords: 0)
    var ordinal = 0
  }

  /// What one segment adds: its dictionary and postings, and its deleted passages.
  struct Part {
    let dictionary: TermDictionary
    let postings: ByteReader
    let passageLimit: Int
    /// Passage ranges of deleted documents, ascending.
    let deletedPassages: [Range<UInt32>]
  }

  let parts: [Part]
  let passageCount: Int
  /// As a build's store records it: the f32 of total words over passages (1 when none).
  let averageWords: Double

  init(parts: [Part], passageCount: Int, totalWords: Int) {
    self.parts = parts
    self.passageCount = passageCount
    let average = passageCount == 0 ? Float(1) : Float(Double(totalWords) / Double(passageCount))
    averageWords = average.isFinite && average > 0 ? Double(average) : 1
  }

  /// Whether the segment's own dictionary gives the statistics (one segment, nothing deleted).
  var isLocal: Bool { parts.count == 1 && parts[0].deletedPassages.isEmpty }

  /// What one query has looked up, for its other segments (one thread): frequencies, and
  /// each part's term of a key (which the segments' compilers take instead of looking
  /// the key up in their dictionaries again).
  final class Memo {
    var frequencies: [TermKey: Int] = [:]
    var terms: [TermKey: [Int?]] = [:]
    /// The words of each query text, by the options they were analyzed with: each
    /// segment's compiler would analyze the same text again.
    var words: [WordsKey: [Analyzer.Word]] = [:]

    struct WordsKey: Hashable {
      let text: String
      let options: AnalyzerOptions
    }

    /// `analyzer`'s words of query text `text`, analyzed once per query.
    func words(of text: String, by analyzer: Analyzer) -> [Analyzer.Word] {
      let key = WordsKey(text: text, options: analyzer.options)
      if let known = words[key] { return known }
      let analyzed = analyzer.queryWords(text)
      words[key] = analyzed
      return analyzed
    }
  }

  /// The term of `key` in each part (nil where a part lacks it), remembered in `memo`.
  func terms(_ key: [UInt8], memo: Memo) -> [Int?] {
    let termKey = TermKey(key)
    if let known = memo.terms[termKey] { return known }
    let found = parts.map { $0.dictionary.find(key) }
    memo.terms[termKey] = found
    return found
  }

  /// Live passages that have `key`, remembered in `memo`.
  func documentFrequency(_ key: [UInt8], memo: Memo) -> Int {
    let termKey = TermKey(key)
    if let known = memo.frequencies[termKey] { return known }
    var total = 0
    let scratch = PostingCursor.DecodeScratch()
    for (part, term) in zip(parts, terms(key, memo: memo)) {
      if let term { total += Self.liveFrequency(part, term, scratch) }
    }
    memo.frequencies[termKey] = total
    return total
  }

  /// Live passages that have `key`.
  func documentFrequency(_ key: [UInt8]) -> Int { documentFrequency(key, memo: Memo()) }

  /// Term `term`'s postings in `part` outside its deleted documents: for each deleted
  /// range, the blocks it overlaps (found by the skip records' last ids) are decoded.
  static func liveFrequency(_ part: Part, _ term: Int, _ scratch: PostingCursor.DecodeScratch) -> Int {
    let entry = part.dictionary.entry(term)
    guard !part.deletedPassages.isEmpty else { return entry.documentFrequency }
    let blocks = PostingCursor.blockCount(part.postings, entry)
    func lastId(_ block: Int) -> UInt32 {
      part.postings.u32(at: entry.postingsOffset + block * PostingsWriter.skipRecordLength)
    }
    var deleted = 0
    var decoded = -1
    var decodedCount = 0
    for range in part.deletedPassages {
      var low = 0
      var high = blocks
      while low < high {
        let middle = (low + high) / 2
        if lastId(middle) < range.lowerBound { low = middle + 1 } else { high = middle }
      }
      var block = low
      while block < blocks {
        if block != decoded {
          decodedCount = PostingCursor.decodeIds(
            part.postings, entry, block: block, idLimit: part.passageLimit, into: scratch.ids)
          decoded = block
        }
        for offset in 0..<decodedCount where range.contains(scratch.ids[offset]) { deleted += 1 }
        if lastId(block) >= range.upperBound { break }
        block += 1
      }
    }
    return max(0, entry.documentFrequency - deleted)
  }

  /// Live passages that have any term starting with one of `prefixes` (what one build's
  /// merged prefix counts), over every segment; remembered for the query's other segments.
  /// A segment that stores the prefix's merged list (a standard query's pair of prefixes)
  /// counts that list's live postings.
  func livePassages(prefixes: [[UInt8]]) -> Int {
    if let known = unions.value(prefixes) { return known }
    var total = 0
    let scratch = PostingCursor.DecodeScratch()
    let storedKey =
      prefixes.count == 2 && prefixes[1] == [TermSpace.extraMarker] + prefixes[0]
      ? [TermSpace.storedPrefixMarker] + prefixes[0] : nil
    for part in parts {
      if let storedKey, let stored = part.dictionary.find(storedKey) {
        total += Self.liveFrequency(part, stored, scratch)
        continue
      }
      var seen = [Bool](repeating: false, count: part.passageLimit)
      for prefix in prefixes {
        for term in part.dictionary.range(prefix: prefix) {
          PostingCursor.forEachIdBlock(
            part.postings, part.dictionary.entry(term), idLimit: part.passageLimit, scratch: scratch
          ) { ids, count in
            for offset in 0..<count { seen[Int(ids[offset])] = true }
          }
        }
      }
      for range in part.deletedPassages {
        for id in range where Int(id) < seen.count { seen[Int(id)] = false }
      }
      total += seen.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    unions.remember(prefixes, total)
    return total
  }

  let unions = PrefixCache<Int>()
  let prefixTerms = PrefixCache<[[UInt8]: Int]>()

  /// What recent prefixes stand for (each segment of a query asks, and the generation
  /// never changes); at most 64 kept; safe between threads.
  final class PrefixCache<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var known: [[[UInt8]]: Value] = [:]

    func value(_ key: [[UInt8]]) -> Value? {
      lock.lock()
      defer { lock.unlock() }
      return known[key]
    }

    func remember(_ key: [[UInt8]], _ value: Value) {
      lock.lock()
      defer { lock.unlock() }
      if known.count >= 64 { known.removeAll() }
      known[key] = value
    }
  }

  /// The live terms starting with each of `prefixes`, over every segment, with their
  /// frequencies.
  func liveTerms(prefixes: [[UInt8]]) -> [[UInt8]: Int] {
    if let known = prefixTerms.value(prefixes) { return known }
    var found: [[UInt8]: Int] = [:]
    let scratch = PostingCursor.DecodeScratch()
    for part in parts {
      for prefix in prefixes {
        for term in part.dictionary.range(prefix: prefix) {
          let frequency = Self.liveFrequency(part, term, scratch)
          guard frequency > 0 else { continue }
          found[Array(part.dictionary.term(term)), default: 0] += frequency
        }
      }
    }
    prefixTerms.remember(prefixes, found)
    return found
  }
}
