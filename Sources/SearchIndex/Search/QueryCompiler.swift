/// Builds the plan of a parsed query over one index (EVALUATION.md): a tree of scorers,
/// each shape's own scorer chosen as the tree is built, and the filter the tree is walked
/// with.
final class QueryCompiler {
  let index: IndexSegment
  let verbatim: Bool
  let analyzer: Analyzer
  /// Roughly how many bytes of postings the query reads.
  let readEstimate = ReadEstimate()

  final class ReadEstimate {
    var bytes = 0
  }

  /// Dictionary lookups and cursors of this query: a word looked up twice (a split tried,
  /// a word repeated) is found once, and its postings read once (later cursors are fresh
  /// copies sharing them). The first `scanned` of each are kept in arrays and scanned: a
  /// query looks up a handful of keys, and comparing a few bytes costs less than hashing
  /// them (a tenth of a short phrase's time went to the tables); the rest (a prefix of
  /// many terms) go to hash tables.
  final class Lookups {
    private static let scanned = 16
    private var keys: [[UInt8]] = []
    private var terms: [Int?] = []
    private var moreTerms: [TermKey: Int?] = [:]
    private var cursorTerms: [Int] = []
    private var cursors: [PostingCursor] = []
    private var moreCursors: [Int: PostingCursor] = [:]

    /// The term `key` was found as (`.some(nil)`: looked up, absent); nil when not looked up.
    func term(_ key: [UInt8]) -> Int?? {
      if let index = keys.firstIndex(of: key) { return .some(terms[index]) }
      return keys.count < Self.scanned ? nil : moreTerms[TermKey(key)]
    }

    func remember(_ key: [UInt8], term: Int?) {
      if keys.count < Self.scanned {
        keys.append(key)
        terms.append(term)
      } else {
        moreTerms[TermKey(key)] = term
      }
    }

    func cursor(_ term: Int) -> PostingCursor? {
      if let index = cursorTerms.firstIndex(of: term) { return cursors[index] }
      return cursorTerms.count < Self.scanned ? nil : moreCursors[term]
    }

    func remember(_ cursor: PostingCursor, of term: Int) {
      if cursorTerms.count < Self.scanned {
        cursorTerms.append(term)
        cursors.append(cursor)
      } else {
        moreCursors[term] = cursor
      }
    }
  }
  let lookups = Lookups()

  /// The filter of the plan being built (nil when nothing is filtered): phrases skip the
  /// passages it leaves out as they look for their matches.
  final class Scope {
    var filter: PassageFilter?
  }
  let scope = Scope()

  /// The quoted phrases outside any negation the last plan holds, for the passages their
  /// hits run on into (`QueryPlan.runOns`).
  private(set) var quotedPhrases: [QuotedPhraseScorer] = []
  private var collectsQuotedPhrases = true

  /// Frequencies over every segment this query has looked up already.
  let memo: CollectionStatistics.Memo

  /// Whether an identifier's phrase of parts is read from the segment's list of it
  /// (`PartPhrases`) where there is one; false walks the parts (the tests' oracle).
  let readsPartPhrases: Bool
  /// Whether a standard prefix of many terms is read from the segment's merged list of it
  /// (`StoredPrefixes`) where there is one; false merges its terms (the tests' oracle).
  let readsStoredPrefixes: Bool
  /// Which lists read the blocks they leap to with `pread` (the tests make every one).
  let leapCopying: SearchTuning.LeapCopying

  init(
    index: IndexSegment, verbatim: Bool, memo: CollectionStatistics.Memo = .init(), readsPartPhrases: Bool = true,
    readsStoredPrefixes: Bool = true, leapCopying: SearchTuning.LeapCopying = .standard
  ) {
    self.index = index
    self.verbatim = verbatim
    self.memo = memo
    self.readsPartPhrases = readsPartPhrases
    self.readsStoredPrefixes = readsStoredPrefixes
    self.leapCopying = leapCopying
    analyzer = Analyzer(options: verbatim ? .verbatim : index.analyzerOptions)
  }

  private var passageCount: Int { index.store.passageCount }
  /// The generation's live statistics (`CollectionStatistics`): idf and lengths are those
  /// of every segment's live documents, not this segment's alone.
  private var statistics: CollectionStatistics { index.statistics }
  private var scoringContext: ScoringContext {
    ScoringContext(
      store: index.store, averageWords: statistics.averageWords, passageCount: statistics.passageCount)
  }

  /// Live passages with any of `keys`, over every segment.
  func frequency(keys: [[UInt8]]) -> Int {
    if statistics.isLocal {
      return keys.compactMap(find).reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
    }
    return keys.reduce(0) { $0 + statistics.documentFrequency($1, memo: memo) }
  }

  func cursor(_ termIndex: Int) -> PostingCursor {
    if let known = lookups.cursor(termIndex) {
      if known.storage == nil { readEstimate.bytes += max(known.documentFrequency * 4, 64 << 10) }
      return known.fresh()
    }
    let made = newCursor(termIndex)
    lookups.remember(made, of: termIndex)
    return made
  }

  /// Term `index` of the dictionary, looked up once per query (and, with several
  /// segments, once for all of them: the statistics look every part up anyway).
  func find(_ key: [UInt8]) -> Int? {
    if let known = lookups.term(key) { return known }
    let found: Int?
    if statistics.isLocal {
      found = index.dictionary.find(key)
    } else {
      let terms = statistics.terms(key, memo: memo)
      let ordinal = index.statisticsBox.ordinal
      found = ordinal < terms.count ? terms[ordinal] : index.dictionary.find(key)
    }
    lookups.remember(key, term: found)
    return found
  }

  private func newCursor(_ termIndex: Int) -> PostingCursor {
    var entry = index.dictionary.entry(termIndex)
    let length = index.dictionary.postingsLength(termIndex, postingsBytes: index.postings.count)
    if length <= SearchTuning.copiedPostingsBytes {
      let offset = IndexFile.headerLength + entry.postingsOffset
      // Checked against its chunks on the bytes read (a few KiB at most, nothing of the map
      // faulted in): damage fails the search, not a hit.
      let buffer = PostingsBuffer(count: length)
      let read = index.postingsChunks.read(offset, into: buffer.bytes)
      entry.postingsOffset = 0
      // A failed read (damage) leaves no bytes: every read of the cursor is bounds-checked.
      let reader = ByteReader(
        UnsafeRawBufferPointer(rebasing: buffer.bytes[0..<(read ? length : 0)]), file: "postings.dki")
      return PostingCursor(postings: reader, entry: entry, idLimit: passageCount, storage: buffer)
    }
    // A fault maps at least a fault-around window (or a large folio) of the file.
    readEstimate.bytes += max(entry.documentFrequency * 4, 64 << 10)
    let leapReads =
      length > leapCopying.listBytes
      ? LeapReads(
        descriptor: index.postingsFile.readDescriptor, bodyOffset: IndexFile.headerLength,
        averageBlocks: leapCopying.averageBlocks) : nil
    return PostingCursor(postings: index.postings, entry: entry, idLimit: passageCount, leapReads: leapReads)
  }

  /// Dictionary keys a word may be found under.
  func keys(_ folded: [UInt8]) -> [[UInt8]] {
    if verbatim { return [folded] }
    let form = TermFolding.lookupForm(folded, foldsPlurals: index.analyzerOptions.foldsPlurals)
    return [form, [TermSpace.extraMarker] + form]
  }

  /// One word's forms as one term; nil when none is in the index.
  func term(_ folded: [UInt8]) -> TermScorer? {
    let keys = keys(folded)
    let cursors = keys.compactMap(find).map(cursor)
    guard !cursors.isEmpty else { return nil }
    return TermScorer(cursors: cursors, context: scoringContext, documentFrequency: frequency(keys: keys))
  }

  func termScorer(_ folded: [UInt8]) -> any Scorer { term(folded) ?? EmptyScorer() }

  /// One word: its forms, and (standard mode) the phrase of its parts when it is an
  /// identifier, or of two known words it splits into when it is never written as a word
  /// of its own (unknown, or only inside identifiers) and is rarer than both
  /// (`verticalbehavior` also finds "vertical behavior").
  func wordScorer(_ word: Analyzer.Word) -> any Scorer {
    let whole = term(word.folded)
    guard !verbatim, !word.isCJK else { return whole ?? EmptyScorer() }
    if word.parts.count > 1 {
      // The parts are looked up for their frequency only where the word is never whole.
      let rarity = wholeOrPhrase(word.folded) { word.parts.map { frequency(keys: keys($0)) }.min() ?? 0 }
      let forms = word.parts.map { TermFolding.lookupForm($0, foldsPlurals: index.analyzerOptions.foldsPlurals) }
      if readsPartPhrases, let key = PartPhrases.key(forms), let stored = find(key) {
        return WordOrPhrasesScorer(
          whole: whole, phrases: [], storedPhrase: cursor(stored), passageCount: statistics.passageCount,
          documentFrequency: rarity)
      }
      return alternatives(whole, [phrase(word.parts.map(termScorer), settles: false)], frequency: rarity)
    }
    // Only a word never written as such (unknown, or only inside identifiers) is split:
    // a word of the text is left alone, and costs no extra lookups.
    guard !isWrittenAsAWord(word) else { return whole ?? EmptyScorer() }
    let candidates = splitCandidates(word.folded, wholeFrequency: frequency(keys: keys(word.folded)))
    return alternatives(
      whole, splitPhrases(word.folded, candidates, settles: false),
      frequency: wholeOrPhrase(word.folded) { candidates.map(\.rarer).max() ?? 0 })
  }

  /// Whether `word` is of one slot, not CJK, and written as a word in the text (it, or its
  /// singular: `buttons` written only so is no unknown word): then its scorer is its term
  /// alone (`wordScorer`), never tried as two words.
  private func isWrittenAsAWord(_ word: Analyzer.Word) -> Bool {
    guard word.parts.count <= 1, !word.isCJK else { return false }
    let form = keys(word.folded)[0]
    return frequency(keys: [form]) > 0 || (form != word.folded && frequency(keys: [word.folded]) > 0)
  }

  /// A word written whole or as any of `phrases` (those that can match); `frequency` its
  /// rarity over every segment.
  private func alternatives(_ whole: TermScorer?, _ phrases: [any Scorer], frequency: Int) -> any Scorer {
    let live = phrases.compactMap { $0 as? PhraseScorer }
    guard !live.isEmpty else { return whole ?? EmptyScorer() }
    return WordOrPhrasesScorer(
      whole: whole, phrases: live, passageCount: statistics.passageCount, documentFrequency: frequency)
  }

  /// The word's own live frequency when some segment has it whole, else `phrase`'s (as one
  /// build's `WordOrPhrasesScorer` would rate it).
  private func wholeOrPhrase(_ folded: [UInt8], _ phrase: () -> Int) -> Int {
    let whole = frequency(keys: keys(folded))
    return whole > 0 ? whole : phrase()
  }

  /// Phrases of two dictionary words that `folded` splits into, each more frequent than the
  /// whole word; none for a word that is common already, short, or long (a bounded number
  /// of dictionary lookups per word).
  func splitPhrases(_ folded: [UInt8], wholeFrequency: Int, settles: Bool = true) -> [any Scorer] {
    splitPhrases(folded, splitCandidates(folded, wholeFrequency: wholeFrequency), settles: settles)
  }

  /// The phrases of `candidates` (cuts of `folded`).
  func splitPhrases(_ folded: [UInt8], _ candidates: [(cut: Int, rarer: Int)], settles: Bool) -> [any Scorer] {
    candidates.map { candidate in
      phrase(
        [termScorer(Array(folded[..<candidate.cut])), termScorer(Array(folded[candidate.cut...]))], settles: settles)
    }
  }

  /// Where `folded` splits into two words each more frequent than it (live, over every
  /// segment), likeliest first, at most `SearchTuning.maximumSplits`.
  func splitCandidates(_ folded: [UInt8], wholeFrequency: Int) -> [(cut: Int, rarer: Int)] {
    let part = SearchTuning.minimumSplitPart
    guard folded.count >= 2 * part, folded.count <= SearchTuning.maximumSplitWordBytes,
      wholeFrequency < SearchTuning.maximumSplitWordFrequency
    else { return [] }
    func frequency(_ key: [UInt8]) -> Int { self.frequency(keys: keys(key)) }
    var candidates: [(cut: Int, rarer: Int)] = []
    for cut in part...(folded.count - part) where folded[cut] & 0xC0 != 0x80 {
      let left = frequency(Array(folded[..<cut]))
      guard left > wholeFrequency else { continue }
      let right = frequency(Array(folded[cut...]))
      guard right > wholeFrequency else { continue }
      candidates.append((cut, min(left, right)))
    }
    return Array(candidates.sorted { $0.rarer > $1.rarer }.prefix(SearchTuning.maximumSplits))
  }

  /// The phrase of `scorers`, scored with `idf` (by default theirs summed); `settles: false`
  /// for a phrase that a `WordOrPhrasesScorer` will advance.
  func phrase(_ scorers: [any Scorer], idf: Double? = nil, settles: Bool = true) -> any Scorer {
    if scorers.count == 1 && idf == nil { return scorers[0] }
    if scorers.contains(where: { $0 is EmptyScorer }) { return EmptyScorer() }
    let idf = idf ?? scorers.reduce(0) { $0 + $1.inverseDocumentFrequency }
    if scorers.count == 1, settles, let pair = scorers[0] as? TermScorer {
      // A phrase that is one stored pair (`phraseParts`): the pair's list holds its
      // passages and every occurrence, never a field's flag, so it scores as a term with
      // the phrase's idf, and its blocks' bounds pass over what cannot enter the hits (a
      // phrase would score every passage of the list).
      return TermScorer(cursors: pair.cursors, context: scoringContext, idf: idf)
    }
    return PhraseScorer(scorers, idf: idf, settles: settles, within: scope.filter)
  }

  /// The phrase of `words`, read as `phraseParts` gives it.
  func phrase(of words: [Analyzer.Word], settles: Bool = true) -> any Scorer {
    let (scorers, idf) = phraseParts(words)
    return phrase(scorers, idf: idf, settles: settles)
  }

  /// A phrase's parts (a scorer per word) and its idf (its words'). Where the segment
  /// stores the pair of two neighbouring words as a run (two common words:
  /// `PartPhrases.CommonWords`), the pair's list stands for both: the same passages and
  /// occurrences in far fewer postings. Pairs are taken rarest first, each word in one at
  /// most (`"it the of"`: `it the`, then `of`); a word in a pair has no cursor made. Only
  /// words whose scorer is their term alone pair. The oracle walks every word.
  func phraseParts(_ words: [Analyzer.Word]) -> (scorers: [any Scorer], idf: Double?) {
    guard readsPartPhrases, !verbatim, words.count > 1 else { return (words.map(wordScorer), nil) }
    let plain = words.map(isWrittenAsAWord)
    var made = [(any Scorer)?](repeating: nil, count: words.count)
    for (position, word) in words.enumerated() where !plain[position] { made[position] = wordScorer(word) }
    func unpaired() -> [any Scorer] { words.indices.map { made[$0] ?? wordScorer(words[$0]) } }
    var pairs: [(start: Int, term: Int, cost: Int)] = []
    for start in 0..<(words.count - 1) where plain[start] && plain[start + 1] {
      let forms = words[start...(start + 1)].map {
        TermFolding.lookupForm($0.folded, foldsPlurals: index.analyzerOptions.foldsPlurals)
      }
      guard let key = PartPhrases.key(forms), let stored = find(key) else { continue }
      pairs.append((start, stored, index.dictionary.entry(stored).documentFrequency))
    }
    guard !pairs.isEmpty else { return (unpaired(), nil) }
    var pairAt = [Int?](repeating: nil, count: words.count)
    var taken = [Bool](repeating: false, count: words.count)
    for pair in pairs.sorted(by: { $0.cost < $1.cost }) where !taken[pair.start] && !taken[pair.start + 1] {
      (taken[pair.start], taken[pair.start + 1]) = (true, true)
      pairAt[pair.start] = pair.term
    }
    var parts: [any Scorer] = []
    var position = 0
    while position < words.count {
      if let term = pairAt[position] {
        parts.append(TermScorer(cursors: [cursor(term)], context: scoringContext))
        position += 2
      } else {
        parts.append(made[position] ?? wordScorer(words[position]))
        position += 1
      }
    }
    // Each word's idf, as its own scorer has it (`term`).
    let idf = words.indices.reduce(0.0) { sum, position in
      guard let scorer = made[position] else {
        let count = statistics.passageCount
        let frequency = frequency(keys: keys(words[position].folded))
        return sum + BM25.idf(documentFrequency: min(count, frequency), count: count)
      }
      return sum + scorer.inverseDocumentFrequency
    }
    return (parts, idf)
  }

  /// The plan of `parsed` within `filters` (and the query's own).
  func plan(
    _ parsed: ParsedQuery, filters: SearchFilters, deletions: PassageFilter.Deletions = .excluded
  ) throws(QueryError) -> QueryPlan {
    var allFilters = filters
    allFilters.merge(parsed.filters)
    let filter = PassageFilter(index: index, filters: allFilters, deletions: deletions)
    scope.filter = filter.isEmpty ? nil : filter
    quotedPhrases = []
    let root: any Scorer
    if case .and(let parts) = parsed.root, parts.isEmpty {
      root = RangeScorer(filter.range)
    } else {
      root = try compileRoot(parsed.root) ?? EmptyScorer()
    }
    var prefixes: [[UInt8]] = []
    Self.positivePrefixes(parsed.root, into: &prefixes)
    return QueryPlan(
      root: root, rootWalk: root as? any OwnWalk, filter: filter.isEmpty ? nil : filter, highlightPrefixes: prefixes,
      verbatim: verbatim,
      context: scoringContext, quotedPhrases: quotedPhrases)
  }

  /// `compile`, but a phrase (or a word written as several) whose rarest two words are
  /// alike in length, unfiltered, becomes an `IntersectedPhraseScorer`.
  func compileRoot(_ node: QueryNode) throws(QueryError) -> (any Scorer)? {
    guard scope.filter == nil, let words = phraseWords(node), words.count > 1 else { return try compile(node) }
    return quoted(node, words, within: intersectedPhrase(words))
  }

  /// The phrase of `words`, as an `IntersectedPhraseScorer` where its rarest two words are
  /// alike in length.
  private func intersectedPhrase(_ words: [Analyzer.Word]) -> any Scorer {
    let (scorers, idf) = phraseParts(words)
    guard scorers.count > 1 else { return phrase(scorers, idf: idf) }
    let byCost = scorers.indices.sorted { scorers[$0].cost < scorers[$1].cost }
    guard let a = scorers[byCost[0]] as? TermScorer, let b = scorers[byCost[1]] as? TermScorer,
      index.intersectsByBits(a, b), let phrase = phrase(scorers, idf: idf, settles: false) as? PhraseScorer
    else { return phrase(scorers, idf: idf) }
    return IntersectedPhraseScorer(phrase, rarest: (byCost[0], byCost[1]), index: index)
  }

  /// A quoted phrase of several words (`node`): where it occurs inside a passage (`within`)
  /// or runs on into the next ones (`PhraseRunOn`). A word the analysis makes several of
  /// (`don't-stop`, CJK text) is a phrase inside one passage only, as is a phrase with a
  /// CJK word (its sentences are not divided by spaces) or of stop words only.
  private func quoted(_ node: QueryNode, _ words: [Analyzer.Word], within: any Scorer) -> any Scorer {
    guard case .phrase = node, words.count > 1, !(within is EmptyScorer), !words.contains(where: \.isCJK),
      PhraseRunOn.searchesRunOn(folded: words.map(\.folded))
    else { return within }
    let crossing = CrossingPhraseScorer(
      words.map(wordScorer), idf: within.inverseDocumentFrequency, segment: index, within: scope.filter)
    let scorer = QuotedPhraseScorer(within: within, crossing: crossing)
    if collectsQuotedPhrases { quotedPhrases.append(scorer) }
    return scorer
  }

  /// The words of a word or phrase node, as a phrase is made of them; nil for other nodes.
  private func phraseWords(_ node: QueryNode) -> [Analyzer.Word]? {
    switch node {
    case .word(let text): memo.words(of: text, by: analyzer)
    case .phrase(let texts): texts.flatMap { memo.words(of: $0, by: analyzer) }
    default: nil
    }
  }

  func compile(_ node: QueryNode) throws(QueryError) -> (any Scorer)? {
    switch node {
    case .word, .phrase:
      guard let words = phraseWords(node), !words.isEmpty else { return nil }
      return quoted(node, words, within: phrase(of: words))
    case .prefix(let text):
      let words = memo.words(of: text, by: analyzer)
      guard let last = words.last else { return nil }
      let prefix = try prefix(last.folded, text: text)
      guard words.count > 1 else { return prefix }
      // Joined to words before it (`the-co*`).
      return AndScorer([phrase(of: Array(words.dropLast())), prefix])
    case .and(let parts):
      var positives: [any Scorer] = []
      var negatives: [any Scorer] = []
      for part in parts {
        if case .not(let inner) = part {
          // An excluded phrase's hits are never shown.
          let collects = collectsQuotedPhrases
          collectsQuotedPhrases = false
          defer { collectsQuotedPhrases = collects }
          if let scorer = try compile(inner) { negatives.append(scorer) }
        } else if let scorer = try compile(part) {
          positives.append(scorer)
        }
      }
      guard !positives.isEmpty else { return nil }
      if positives.contains(where: { $0 is EmptyScorer }) { return EmptyScorer() }
      let include: any Scorer
      if positives.count == 2, let a = positives[0] as? TermScorer, let b = positives[1] as? TermScorer,
        index.intersectsByBits(a, b)
      {
        include = TermIntersectionScorer(a, b, index: index)
      } else {
        include = positives.count == 1 ? positives[0] : AndScorer(positives)
      }
      let live = negatives.filter { !($0 is EmptyScorer) }
      guard !live.isEmpty else { return include }
      if live.count == 1, let word = include as? TermScorer, let excluded = live[0] as? TermScorer {
        return TermExclusionScorer(include: word, exclude: excluded, index: index)
      }
      return ExcludingScorer(include: include, exclude: live.count == 1 ? live[0] : OrScorer(live))
    case .or(let alternatives):
      var scorers: [any Scorer] = []
      for alternative in alternatives {
        if let scorer = try compile(alternative), !(scorer is EmptyScorer) { scorers.append(scorer) }
      }
      if scorers.isEmpty { return EmptyScorer() }
      if scorers.count == 2, let a = scorers[0] as? TermScorer, let b = scorers[1] as? TermScorer {
        return TermUnionScorer(a, b, index: index)
      }
      return scorers.count == 1 ? scorers[0] : OrScorer(scorers)
    case .not(let inner):
      let collects = collectsQuotedPhrases
      collectsQuotedPhrases = false
      defer { collectsQuotedPhrases = collects }
      return try compile(inner)
    }
  }

  /// The terms a prefix stands for: a few walked as one word of several forms, many merged.
  func prefix(_ folded: [UInt8], text: String) throws(QueryError) -> any Scorer {
    let prefixes = verbatim ? [folded] : [folded, [TermSpace.extraMarker] + folded]
    let ranges = prefixes.map { index.dictionary.range(prefix: $0) }
    // Across segments, the live terms of all of them decide (as one build's dictionary would).
    let global = statistics.isLocal ? nil : statistics.liveTerms(prefixes: prefixes)
    let termCount = global?.count ?? ranges.reduce(0) { $0 + $1.count }
    guard termCount <= QueryParser.maximumPrefixTerms else {
      throw .tooBroad(column: 1, prefix: text, terms: termCount, limit: QueryParser.maximumPrefixTerms)
    }
    if termCount == 0 { return EmptyScorer() }
    if termCount <= SearchTuning.maximumPrefixCursors {
      let cursors = ranges.flatMap { $0.map(cursor) }
      guard !cursors.isEmpty else { return EmptyScorer() }
      return TermScorer(
        cursors: cursors, context: scoringContext, documentFrequency: global?.values.reduce(0, +))
    }
    let terms = ranges.flatMap { Array($0) }
    guard !terms.isEmpty else { return EmptyScorer() }
    let documentFrequency = statistics.isLocal ? nil : statistics.livePassages(prefixes: prefixes)
    if !verbatim && readsStoredPrefixes, let stored = find([TermSpace.storedPrefixMarker] + folded) {
      let list = TermScorer(cursors: [cursor(stored)], context: scoringContext, documentFrequency: documentFrequency)
      return StoredPrefixScorer(list, passageCount: passageCount)
    }
    return MergedPrefixScorer(
      terms: terms, index: index, documentFrequency: documentFrequency)
  }
}

extension QueryCompiler {
  /// Folded prefixes of the query outside any negation.
  static func positivePrefixes(_ node: QueryNode, into output: inout [[UInt8]]) {
    switch node {
    case .prefix(let text):
      var text = text
      text.withUTF8 { bytes in
        WordScanner.scan(bytes) { words, isCJK in
          guard let last = words.last else { return }
          var folded: [UInt8] = []
          if isCJK {
            TermFolding.foldCJK(bytes, last, into: &folded)
          } else {
            TermFolding.fold(bytes, last, into: &folded)
          }
          output.append(folded)
        }
      }
    case .and(let nodes), .or(let nodes):
      for node in nodes { positivePrefixes(node, into: &output) }
    case .word, .phrase, .not:
      break
    }
  }
}
