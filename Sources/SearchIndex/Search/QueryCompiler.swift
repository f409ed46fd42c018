/// Turns a parsed query into matchers over one index.
struct QueryCompiler {
  let index: SearchIndex
  let verbatim: Bool
  let analyzer: Analyzer
  /// Roughly how many bytes of postings the query reads.
  let readEstimate = ReadEstimate()

  final class ReadEstimate {
    var bytes = 0
  }

  init(index: SearchIndex, verbatim: Bool) {
    self.index = index
    self.verbatim = verbatim
    analyzer = Analyzer(options: verbatim ? .verbatim : index.analyzerOptions)
  }

  private var passageCount: Int { index.store.passageCount }

  func cursor(_ termIndex: Int) -> PostingCursor {
    let entry = index.dictionary.entry(termIndex)
    readEstimate.bytes += entry.documentFrequency * 4
    return PostingCursor(postings: index.postings, entry: entry, idLimit: passageCount)
  }

  /// Dictionary keys a word may be found under.
  func keys(_ folded: [UInt8]) -> [[UInt8]] {
    if verbatim { return [folded] }
    let singular = index.analyzerOptions.foldsPlurals ? TermFolding.singular(folded) ?? folded : folded
    return [singular, [TermSpace.extraMarker] + singular]
  }

  func termMatcher(_ folded: [UInt8]) -> Matcher {
    let cursors = keys(folded).compactMap { index.dictionary.find($0) }.map(cursor)
    guard !cursors.isEmpty else { return EmptyMatcher() }
    return TermMatcher(cursors: cursors, passageCount: passageCount)
  }

  /// One word: its forms, and (standard mode, an identifier) the phrase of its parts.
  func wordMatcher(_ word: Analyzer.Word) -> Matcher {
    let whole = termMatcher(word.folded)
    guard !verbatim, word.parts.count > 1 else { return whole }
    let parts = phrase(word.parts.map(termMatcher))
    return OrMatcher([whole, parts])
  }

  func phrase(_ matchers: [Matcher]) -> Matcher {
    if matchers.count == 1 { return matchers[0] }
    if matchers.contains(where: { $0 is EmptyMatcher }) { return EmptyMatcher() }
    let idf = matchers.reduce(0) { $0 + $1.inverseDocumentFrequency }
    return PhraseMatcher(matchers, idf: idf)
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
      let prefixMatcher = try prefix(last.folded, text: text)
      guard words.count > 1 else { return prefixMatcher }
      let leading = phrase(words.dropLast().map(wordMatcher))
      return AndMatcher([leading, prefixMatcher])
    case .and(let parts):
      var positives: [Matcher] = []
      var negatives: [Matcher] = []
      for part in parts {
        if case .not(let inner) = part {
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
    if termCount <= 8 {
      let cursors = ranges.flatMap { $0.map(cursor) }
      return TermMatcher(cursors: cursors, passageCount: passageCount)
    }
    return MaterializedMatcher(terms: ranges.flatMap { Array($0) }, index: index)
  }
}
