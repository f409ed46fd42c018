/// Turns a parsed query into matchers over one index.
struct QueryCompiler {
  let index: SearchIndex
  let verbatim: Bool
  let analyzer: Analyzer
  /// Roughly how many bytes of postings the query reads.
  let readEstimate = ReadEstimate()
  /// Whether a merged prefix must walk in passage order (false only when it is the whole
  /// query and nothing filters it: it is then counted and ranked in any order).
  var sortsMergedPrefixes = true
  /// Compiling again to find where known hits matched: exclusions are left out (the hits
  /// passed them), and a merged prefix (which has no positions) matches every passage
  /// rather than being merged a second time.
  var isHighlighting = false

  final class ReadEstimate {
    var bytes = 0
  }

  /// Dictionary lookups and cursors of this query, kept for compiling it again to
  /// highlight: the second compile looks up no term and reads no postings again (it
  /// takes fresh copies of the cursors, sharing their postings).
  final class Lookups {
    var found: [[UInt8]: Int?] = [:]
    var cursors: [Int: PostingCursor] = [:]
  }
  let lookups = Lookups()

  init(index: SearchIndex, verbatim: Bool) {
    self.index = index
    self.verbatim = verbatim
    analyzer = Analyzer(options: verbatim ? .verbatim : index.analyzerOptions)
  }

  private var passageCount: Int { index.store.passageCount }
  private var scoringContext: ScoringContext { ScoringContext(store: index.store, averageWords: index.store.averageWords) }

  /// Postings at most this long are read with `pread` into the cursor's own buffer.
  static let copiedPostingsBytes = 2_048

  func cursor(_ termIndex: Int) -> PostingCursor {
    if let known = lookups.cursors[termIndex] {
      if known.storage == nil { readEstimate.bytes += max(known.documentFrequency * 4, 64 << 10) }
      return known.fresh()
    }
    let made = newCursor(termIndex)
    lookups.cursors[termIndex] = made
    return made
  }

  /// Term `index` of the dictionary, looked up once per query.
  func find(_ key: [UInt8]) -> Int? {
    if let known = lookups.found[key] { return known }
    let found = index.dictionary.find(key)
    lookups.found[key] = found
    return found
  }

  private func newCursor(_ termIndex: Int) -> PostingCursor {
    var entry = index.dictionary.entry(termIndex)
    let length = index.dictionary.postingsLength(termIndex, postingsBytes: index.postings.count)
    if length <= Self.copiedPostingsBytes {
      let bytes = index.postingsFile.read(at: IndexFile.headerLength + entry.postingsOffset, count: length)
      let buffer = PostingsBuffer(bytes)
      entry.postingsOffset = 0
      // A short read (damage) leaves fewer bytes: every read of the cursor is bounds-checked.
      let reader = ByteReader(
        UnsafeRawBufferPointer(rebasing: buffer.bytes[0..<bytes.count]), file: "postings.dki")
      return PostingCursor(postings: reader, entry: entry, idLimit: passageCount, storage: buffer)
    }
    // A fault maps at least a fault-around window (or a large folio) of the file.
    readEstimate.bytes += max(entry.documentFrequency * 4, 64 << 10)
    return PostingCursor(postings: index.postings, entry: entry, idLimit: passageCount)
  }

  /// Dictionary keys a word may be found under.
  func keys(_ folded: [UInt8]) -> [[UInt8]] {
    if verbatim { return [folded] }
    let singular = index.analyzerOptions.foldsPlurals ? TermFolding.singular(folded) ?? folded : folded
    return [singular, [TermSpace.extraMarker] + singular]
  }

  func termMatcher(_ folded: [UInt8]) -> Matcher {
    let cursors = keys(folded).compactMap(find).map(cursor)
    guard !cursors.isEmpty else { return EmptyMatcher() }
    return TermMatcher(cursors: cursors, context: scoringContext)
  }

  /// One word: its forms, and (standard mode) the phrase of its parts when it is an
  /// identifier, or of two known words it splits into when it is never written as a word
  /// of its own (unknown, or only inside identifiers) and is rarer than both
  /// (`verticalbehavior` also finds "vertical behavior").
  func wordMatcher(_ word: Analyzer.Word) -> Matcher {
    let whole = termMatcher(word.folded)
    guard !verbatim, !word.isCJK else { return whole }
    if word.parts.count > 1 {
      return alternatives(whole, [phrase(word.parts.map(termMatcher), settles: false)])
    }
    // Only a word never written as such (unknown, or only inside identifiers) is split:
    // a word of the text is left alone, and costs no extra lookups.
    guard let written = keys(word.folded).first, find(written) == nil else { return whole }
    return alternatives(whole, splitPhrases(word.folded, wholeFrequency: whole.cost, settles: false))
  }

  /// A word written whole or as any of `phrases` (those that can match).
  private func alternatives(_ whole: Matcher, _ phrases: [Matcher]) -> Matcher {
    let live = phrases.compactMap { $0 as? PhraseMatcher }
    guard !live.isEmpty else { return whole }
    return WordOrPhrasesMatcher(whole: whole as? TermMatcher, phrases: live, passageCount: passageCount)
  }

  /// Words of at least this many bytes on each side of a split.
  static let minimumSplitPart = 3
  /// At most this many splits of one word are searched (those whose rarer half is commonest).
  static let maximumSplits = 2

  /// Phrases of two dictionary words that `folded` splits into, each more frequent than the
  /// whole word; none for a word that is common already, short, or long (a bounded number
  /// of dictionary lookups per word).
  func splitPhrases(_ folded: [UInt8], wholeFrequency: Int, settles: Bool = true) -> [Matcher] {
    let part = Self.minimumSplitPart
    guard folded.count >= 2 * part, folded.count <= 48, wholeFrequency < 1_000 else { return [] }
    func frequency(_ key: [UInt8]) -> Int {
      keys(key).compactMap(find).reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
    }
    var candidates: [(cut: Int, rarer: Int)] = []
    for cut in part...(folded.count - part) where folded[cut] & 0xC0 != 0x80 {
      let left = frequency(Array(folded[..<cut]))
      guard left > wholeFrequency else { continue }
      let right = frequency(Array(folded[cut...]))
      guard right > wholeFrequency else { continue }
      candidates.append((cut, min(left, right)))
    }
    return candidates.sorted { $0.rarer > $1.rarer }.prefix(Self.maximumSplits).map { candidate in
      phrase([termMatcher(Array(folded[..<candidate.cut])), termMatcher(Array(folded[candidate.cut...]))], settles: settles)
    }
  }

  /// `settles: false` for a phrase that a `WordOrPhrasesMatcher` will advance.
  func phrase(_ matchers: [Matcher], settles: Bool = true) -> Matcher {
    if matchers.count == 1 { return matchers[0] }
    if matchers.contains(where: { $0 is EmptyMatcher }) { return EmptyMatcher() }
    let idf = matchers.reduce(0) { $0 + $1.inverseDocumentFrequency }
    return PhraseMatcher(matchers, idf: idf, settles: settles)
  }

  func words(_ text: String) -> Matcher? {
    let words = analyzer.queryWords(text)
    guard !words.isEmpty else { return nil }
    return phrase(words.map(wordMatcher))
  }

  func compile(_ node: QueryNode) throws(QueryError) -> Matcher? {
    switch node {
    case .word(let text):
      return words(text)
    case .phrase(let texts):
      let words = texts.flatMap { analyzer.queryWords($0) }
      guard !words.isEmpty else { return nil }
      return phrase(words.map(wordMatcher))
    case .prefix(let text):
      let words = analyzer.queryWords(text)
      guard let last = words.last else { return nil }
      guard words.count > 1 else { return try prefix(last.folded, text: text) }
      // Joined to words before it: it must walk in passage order.
      var ordered = self
      ordered.sortsMergedPrefixes = true
      let prefixMatcher = try ordered.prefix(last.folded, text: text)
      let leading = phrase(words.dropLast().map(wordMatcher))
      return AndMatcher([leading, prefixMatcher])
    case .and(let parts):
      var positives: [Matcher] = []
      var negatives: [Matcher] = []
      for part in parts {
        if case .not(let inner) = part {
          if isHighlighting { continue }
          if let matcher = try compile(inner) { negatives.append(matcher) }
        } else if let matcher = try compile(part) {
          positives.append(matcher)
        }
      }
      guard !positives.isEmpty else { return nil }
      if positives.contains(where: { $0 is EmptyMatcher }) { return EmptyMatcher() }
      let include = positives.count == 1 ? positives[0] : AndMatcher(positives)
      let live = negatives.filter { !($0 is EmptyMatcher) }
      guard !live.isEmpty else { return include }
      return ExcludingMatcher(include: include, exclude: live.count == 1 ? live[0] : OrMatcher(live))
    case .or(let alternatives):
      var matchers: [Matcher] = []
      for alternative in alternatives {
        if let matcher = try compile(alternative), !(matcher is EmptyMatcher) { matchers.append(matcher) }
      }
      if matchers.isEmpty { return EmptyMatcher() }
      return matchers.count == 1 ? matchers[0] : OrMatcher(matchers)
    case .not(let inner):
      return try compile(inner)
    }
  }

  func prefix(_ folded: [UInt8], text: String) throws(QueryError) -> Matcher {
    var ranges = [index.dictionary.range(prefix: folded)]
    if !verbatim { ranges.append(index.dictionary.range(prefix: [TermSpace.extraMarker] + folded)) }
    let termCount = ranges.reduce(0) { $0 + $1.count }
    guard termCount <= QueryParser.maximumPrefixTerms else {
      throw .tooBroad(column: 1, prefix: text, terms: termCount, limit: QueryParser.maximumPrefixTerms)
    }
    if termCount == 0 { return EmptyMatcher() }
    if isHighlighting && termCount > 8 { return RangeMatcher(0..<UInt32(passageCount)) }
    if termCount <= 8 {
      let cursors = ranges.flatMap { $0.map(cursor) }
      return TermMatcher(cursors: cursors, context: scoringContext)
    }
    let terms = ranges.flatMap { Array($0) }
    if !sortsMergedPrefixes { return PrefixTermsMatcher(terms: terms) }
    return MaterializedMatcher(terms: terms, index: index)
  }
}
