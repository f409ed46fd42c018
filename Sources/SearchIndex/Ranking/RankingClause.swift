/// One part of a best-match query: a word (its written forms and the forms sharing its
/// stem) or a quoted phrase (kept whole: it matches where its words stand in order).
struct RankingClause {
  enum Shape {
    case word
    /// The phrase's own node, evaluated by the query engine (positions decide it).
    case phrase(QueryNode)
  }

  var shape: Shape
  /// The word or quoted phrase as the query wrote it (what `--explain` names).
  var text = ""
  /// Dictionary terms of the forms as written (the word's keys; a phrase's words' keys).
  var exactTerms: [Int]
  /// Dictionary terms of other forms sharing the word's stem (none for a phrase).
  var stemmedTerms: [Int]
  /// Terms' keys, to find matched words again in a hit's text.
  var keys: Set<[UInt8]>
  var isStopWord: Bool
  /// Passages it matches (its forms' summed, at most the passage count; a phrase: its
  /// rarest word's).
  var documentFrequency: Int
  var inverseDocumentFrequency: Double = 0

  /// How much the clause counts: 1, or `stopWordWeight` for a stop word.
  func weight(_ weights: RankingWeights) -> Double { isStopWord ? weights.stopWordWeight : 1 }

  var isPhrase: Bool {
    if case .phrase = shape { true } else { false }
  }
}

/// A query that the best-match ranker can read: words and quoted phrases (with filters).
/// OR, NOT and prefixes say exactly what should match: those queries run strictly.
struct BestMatchQuery {
  var clauses: [RankingClause]
  var filters: SearchFilters
  var isVerbatim = false
  /// The query text of the OR of its clauses (stop words aside unless nothing else).
  var disjunction: String
  /// Whether it has more than one clause: otherwise all-words and best-match agree.
  var hasSeveralClauses: Bool { clauses.count > 1 }

  /// The clauses of `parsed`, or nil when its shape is not words and phrases only.
  /// `memo`: what the query's other segments looked up of the statistics.
  static func make(
    _ parsed: ParsedQuery, index: IndexSegment, verbatim: Bool, memo: CollectionStatistics.Memo = .init()
  ) -> BestMatchQuery? {
    var nodes: [QueryNode] = []
    switch parsed.root {
    case .word, .phrase: nodes = [parsed.root]
    case .and(let parts) where !parts.isEmpty:
      for part in parts {
        switch part {
        case .word, .phrase: nodes.append(part)
        default: return nil
        }
      }
    default: return nil
    }
    let expander = TermExpander(index: index, verbatim: verbatim, memo: memo)
    var clauses: [RankingClause] = []
    var texts: [(text: String, isStop: Bool)] = []
    for node in nodes {
      switch node {
      case .word(let text):
        let words = memo.words(of: text, by: expander.analyzer)
        if words.count == 1 {
          clauses.append(expander.wordClause(words[0]))
          clauses[clauses.count - 1].text = text
          texts.append((quoted(text), clauses[clauses.count - 1].isStopWord))
        } else if words.count > 1 {
          clauses.append(expander.phraseClause(.phrase([text]), words: words))
          clauses[clauses.count - 1].text = text
          texts.append((quoted(text), false))
        }
      case .phrase(let parts):
        let words = parts.flatMap { memo.words(of: $0, by: expander.analyzer) }
        guard !words.isEmpty else { continue }
        clauses.append(expander.phraseClause(node, words: words))
        clauses[clauses.count - 1].text = quoted(parts.joined(separator: " "))
        texts.append((quoted(parts.joined(separator: " ")), false))
      default: break
      }
    }
    guard !clauses.isEmpty else { return nil }
    let passageCount = index.statistics.passageCount
    for position in clauses.indices {
      clauses[position].inverseDocumentFrequency = BM25.idf(
        documentFrequency: min(passageCount, clauses[position].documentFrequency), count: passageCount)
    }
    let content = texts.filter { !$0.isStop }.map(\.text)
    let disjunction = (content.isEmpty ? texts.map(\.text) : content).joined(separator: " OR ")
    return BestMatchQuery(clauses: clauses, filters: parsed.filters, disjunction: disjunction)
  }

  /// A word or phrase as a query term of its own (quotes inside dropped).
  static func quoted(_ text: String) -> String {
    "\"" + text.filter { $0 != "\"" } + "\""
  }
}

/// Finds the dictionary terms of a query word: its keys as the strict query looks them up,
/// and the other forms in the dictionary that share its Porter2 stem.
struct TermExpander {
  let index: IndexSegment
  let verbatim: Bool
  let analyzer: Analyzer
  let memo: CollectionStatistics.Memo

  init(index: IndexSegment, verbatim: Bool, memo: CollectionStatistics.Memo = .init()) {
    self.index = index
    self.verbatim = verbatim
    self.memo = memo
    analyzer = Analyzer(options: verbatim ? .verbatim : index.analyzerOptions)
  }

  /// The keys a word is found under: as written (verbatim), or its singular in both spaces.
  func keys(_ folded: [UInt8]) -> [[UInt8]] {
    if verbatim { return [folded] }
    let form = TermFolding.lookupForm(folded, foldsPlurals: index.analyzerOptions.foldsPlurals)
    return [form, [TermSpace.extraMarker] + form]
  }

  func documentFrequency(_ terms: [Int]) -> Int {
    terms.reduce(0) { $0 + index.dictionary.entry($1).documentFrequency }
  }

  /// Live passages with any of `keys` over every segment (`CollectionStatistics`).
  func documentFrequency(keys: [[UInt8]]) -> Int {
    keys.reduce(0) { $0 + index.statistics.documentFrequency($1, memo: memo) }
  }

  /// The forms that share `stem` among the first live terms of `spaces` over every
  /// segment, as one build's dictionary would list them; with their frequencies.
  func globalStemmedFrequency(_ spaces: [[UInt8]], stem: [UInt8], exact: Set<[UInt8]>) -> Int {
    var total = 0
    for space in spaces {
      let live = index.statistics.liveTerms(prefixes: [space])
      for bytes in live.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }).prefix(RankingLimits.stemmedFormsScanned)
      where !exact.contains(bytes) {
        let form = bytes.first == TermSpace.extraMarker ? Array(bytes.dropFirst()) : bytes
        if EnglishStemmer.stem(form) == stem { total += live[bytes] ?? 0 }
      }
    }
    return total
  }

  func wordClause(_ word: Analyzer.Word) -> RankingClause {
    let keys = keys(word.folded)
    let exact = keys.compactMap { index.dictionary.find($0) }
    var stemmed: [Int] = []
    var stemmedKeys: [[UInt8]] = []
    // Over several segments (or with deletions) the frequencies are the live ones of all.
    let isLocal = index.statistics.isLocal
    var frequency = isLocal ? documentFrequency(exact) : documentFrequency(keys: keys)
    if !verbatim && !word.isCJK {
      let base = keys[0]
      let stem = EnglishStemmer.stem(base)
      // A stem ending in i may stand for a y (happi: happy, happiness): search from before it.
      var prefix = stem
      if prefix.last == UInt8(ascii: "i") { prefix.removeLast() }
      if prefix.count >= 3 {
        if !isLocal {
          frequency += globalStemmedFrequency(
            [prefix, [TermSpace.extraMarker] + prefix], stem: stem, exact: Set(keys))
        }
        for space in [prefix, [TermSpace.extraMarker] + prefix] {
          let range = index.dictionary.range(prefix: space)
          for term in range.prefix(RankingLimits.stemmedFormsScanned) where !exact.contains(term) {
            let bytes = Array(index.dictionary.term(term))
            let form = bytes.first == TermSpace.extraMarker ? Array(bytes.dropFirst()) : bytes
            if EnglishStemmer.stem(form) == stem {
              stemmed.append(term)
              stemmedKeys.append(bytes)
            }
          }
        }
      }
    }
    return RankingClause(
      shape: .word, exactTerms: exact, stemmedTerms: stemmed, keys: Set(keys + stemmedKeys),
      isStopWord: StopWords.contains(word.folded),
      documentFrequency: isLocal ? frequency + documentFrequency(stemmed) : frequency)
  }

  func phraseClause(_ node: QueryNode, words: [Analyzer.Word]) -> RankingClause {
    var exact: [Int] = []
    var allKeys: [[UInt8]] = []
    var rarest = Int.max
    for word in words {
      let keys = keys(word.folded)
      allKeys += keys
      let terms = keys.compactMap { index.dictionary.find($0) }
      exact += terms
      rarest = min(rarest, index.statistics.isLocal ? documentFrequency(terms) : documentFrequency(keys: keys))
    }
    return RankingClause(
      shape: .phrase(node), exactTerms: exact, stemmedTerms: [], keys: Set(allKeys), isStopWord: false,
      documentFrequency: rarest == Int.max ? 0 : rarest)
  }
}
