import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// Every plan, whatever scorer its shape chose, must answer as the exhaustive evaluation
/// does (every match scored in full, no bound consulted): the same total, the same hits in
/// the same order with identical scores, and the same highlights; with and without filters,
/// at several limits, on generated corpora and queries (EVALUATION.md).
extension QueryPlan {
  /// The root, or a quoted phrase's scorer inside passages (`QuotedPhraseScorer.within`).
  var shapeRoot: any Scorer { (root as? QuotedPhraseScorer)?.within ?? root }
}

@Suite struct EvaluationOracleTests {
  /// The name of the scorer a plan's root is, for counting which shapes were exercised.
  /// A quoted phrase's root is named by the scorer its shape chose for it inside passages
  /// (`QuotedPhraseScorer.within`); the passages it runs on into are walked apart.
  static func rootName(_ plan: QueryPlan) -> String {
    switch plan.shapeRoot {
    case let term as TermScorer: term.cursors.count == 1 ? "TermScorer (one form)" : "TermScorer (forms)"
    default: String(describing: type(of: plan.shapeRoot))
    }
  }

  /// Generated queries, plus shapes they leave rare: prefixes of many terms (alone, joined
  /// to a word, in a union), two-word unions and exclusions, and words combined with them.
  static func queries(_ generator: CorpusGenerator, _ documents: [Document], seed: UInt64) -> [String] {
    let generated = QueryGenerator.queries(count: 160, seed: seed, generator: generator, documents: documents)
    let words = generated.filter { ["common", "rare", "identifier"].contains($0.kind) }.map(\.ours)
    let stems = CorpusGenerator.syllables.prefix(12) + ["t", "s", "m", "co"]
    var extra: [String] = []
    for (number, stem) in stems.enumerated() {
      let word = words[number % words.count]
      extra += ["\(stem)*", "\(word) \(stem)*", "\(stem)* OR \(word)", "\(word)-\(stem)*", "\(stem)* -\(word)"]
    }
    for number in 0..<(words.count - 2) {
      let (a, b, c) = (words[number], words[number + 1], words[number + 2])
      extra += ["\(a) OR \(b)", "\(a) -\(b)", "\(a) \(b) -\(c)", "\(a) OR \(b) OR \(c)", "\(a) -\(b) -\(c)"]
    }
    return generated.map(\.ours) + extra
  }

  @Test(arguments: [false, true])
  func everyPlanAnswersAsTheExhaustiveEvaluation(verbatim: Bool) throws {
    var generator = CorpusGenerator(seed: 41, vocabularySize: 900)
    let documents = generator.documents(talks: 16, pages: 8, wordScale: 0.4)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let filterings = [
      SearchFilters(),
      SearchFilters(kinds: ["talk"]),
      SearchFilters(sources: [documents[1].id, documents[documents.count - 2].id]),
    ]
    // The documents the third filter keeps, for checking the filter itself.
    let kept: Set<Int> = [1, documents.count - 2]
    var roots: [String: Int] = [:]
    var compared = 0
    for query in Self.queries(generator, documents, seed: 17) {
      let parsed = try QueryParser.parse(query)
      // Filtering by documents is the unfiltered answer with the other documents left out.
      if let everything = try? index.search(
        parsed: parsed, limit: SearchTuning.maximumHits, verbatim: verbatim, filters: .init(), evaluation: .exhaustive)
      {
        let expected = everything.hits.filter { kept.contains($0.documentIndex) }
        let filtered = try index.search(
          parsed: parsed, limit: SearchTuning.maximumHits, verbatim: verbatim, filters: filterings[2])
        #expect(filtered.total == expected.count, "\(query)")
        #expect(filtered.hits == expected, "\(query)")
      }
      for filters in filterings {
        guard let plan = try? QueryCompiler(index: index.first, verbatim: verbatim).plan(parsed, filters: filters)
        else {
          // Too broad a prefix: refused either way.
          #expect(throws: SearchError.self) {
            try index.search(parsed: parsed, limit: 1, verbatim: verbatim, filters: filters)
          }
          continue
        }
        roots[Self.rootName(plan) + (filters.isEmpty ? "" : ", filtered"), default: 0] += 1
        for limit in [0, 1, 3, 10, 200] {
          let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: filters)
          let oracle = try index.search(
            parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: .exhaustive)
          #expect(planned == oracle, "\(query) \(filters) top \(limit)")
          if !oracle.hits.isEmpty { compared += 1 }
        }
      }
    }
    // Every specialised scorer was chosen, alone and under a filter, many times. A standard
    // prefix of many terms is read from its segment's stored list (the generated syllables
    // begin many words); a verbatim one is merged.
    for name in [
      "TermScorer (one form)", "TermExclusionScorer", "TermUnionScorer",
      verbatim ? "MergedPrefixScorer" : "StoredPrefixScorer", "AndScorer", "ExcludingScorer", "OrScorer",
      "PhraseScorer",
    ] {
      #expect(roots[name, default: 0] >= 10, "\(name): \(roots)")
      #expect(roots[name + ", filtered", default: 0] >= 10, "\(name) filtered: \(roots)")
    }
    // Words of several forms, and (standard mode only) identifiers written apart.
    #expect(roots["TermScorer (forms)", default: 0] >= 5 && roots["TermScorer (forms), filtered", default: 0] >= 5)
    #expect(verbatim || roots["WordOrPhrasesScorer", default: 0] >= 10, "\(roots)")
    #expect(compared > 4_000)
  }

  /// Two words whose lists are long and alike in length find their common passages in a
  /// bit per passage (`TermIntersectionScorer`), and so does a phrase whose rarest two
  /// words are (`IntersectedPhraseScorer`, unfiltered); others leapfrog. `a OR b` ranks
  /// the passages of both words first, either way (`TermUnionScorer`). All must answer
  /// as the exhaustive evaluation, with and without filters, words of one form and of
  /// several. The corpus is large enough for lists of `SearchTuning.bitSetJoiningMinimum`
  /// postings.
  @Test(arguments: [false, true])
  func twoLongWordsAnswerAsTheExhaustiveEvaluation(verbatim: Bool) throws {
    var generator = CorpusGenerator(seed: 47, vocabularySize: 900)
    let documents = generator.documents(talks: 24, pages: 4, wordScale: 1)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Every word of the dictionary with a list long enough, with its length.
    let segment = index.first
    var long: [(word: String, cost: Int, forms: Int)] = []
    for term in 0..<segment.dictionary.count {
      let bytes = Array(segment.dictionary.term(term))
      guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
        segment.dictionary.entry(term).documentFrequency >= SearchTuning.bitSetJoiningMinimum / 2,
        let word = String(bytes: bytes, encoding: .utf8),
        let root = try QueryCompiler(index: segment, verbatim: verbatim).plan(
          try QueryParser.parse(word), filters: .init()
        ).root as? TermScorer
      else { continue }
      long.append((word, root.cost, root.cursors.count))
    }
    #expect(long.count >= 6, "\(long)")
    // Enough for every shape; more pairs only take longer.
    long = Array(long.prefix(16))
    var roots: [String: Int] = [:]
    var severalForms = 0
    func joinsByBits(_ a: (word: String, cost: Int, forms: Int), _ b: (word: String, cost: Int, forms: Int)) -> Bool {
      let (shorter, longer) = (min(a.cost, b.cost), max(a.cost, b.cost))
      return shorter >= SearchTuning.bitSetJoiningMinimum && longer <= shorter * SearchTuning.bitSetJoiningSkew
    }
    var shapes: [(query: String, joins: Bool)] = []
    for (number, a) in long.enumerated() {
      for b in long[(number + 1)...] {
        shapes.append(("\(a.word) \(b.word)", joinsByBits(a, b)))
        shapes.append(("\"\(a.word) \(b.word)\"", joinsByBits(a, b)))
        shapes.append(("\(a.word) OR \(b.word)", joinsByBits(a, b)))
        if joinsByBits(a, b) && max(a.forms, b.forms) > 1 { severalForms += 1 }
        // A phrase of three: its rarest two decide.
        let c = long[(number * 7 + a.cost) % long.count]
        let rarest = [a, b, c].sorted { $0.cost < $1.cost }
        shapes.append(("\"\(a.word) \(c.word) \(b.word)\"", joinsByBits(rarest[0], rarest[1])))
      }
    }
    for (query, joins) in shapes {
      let parsed = try QueryParser.parse(query)
      let plan = try QueryCompiler(index: segment, verbatim: verbatim).plan(parsed, filters: .init())
      if query.contains(" OR ") {
        #expect(plan.root is TermUnionScorer, "\(query)")
      } else {
        let expected: any Scorer.Type =
          query.hasPrefix("\"") ? IntersectedPhraseScorer.self : TermIntersectionScorer.self
        #expect((type(of: plan.shapeRoot) == expected) == joins, "\(query)")
      }
      roots[Self.rootName(plan), default: 0] += 1
      for filters in [SearchFilters(), SearchFilters(sources: [documents[2].id, documents[9].id])] {
        for limit in [0, 1, 10, 200] {
          let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: filters)
          let oracle = try index.search(
            parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: .exhaustive)
          #expect(planned == oracle, "\(query) \(filters) top \(limit)")
        }
      }
    }
    #expect(roots["TermIntersectionScorer", default: 0] >= 5, "\(roots)")
    #expect(roots["IntersectedPhraseScorer", default: 0] >= 5, "\(roots)")
    #expect(roots["AndScorer", default: 0] >= 1 && roots["PhraseScorer", default: 0] >= 1, "\(roots)")
    #expect(roots["TermUnionScorer", default: 0] >= 10, "\(roots)")
    // A word of several forms (standard mode: a word and its extras) is marked, the other
    // looked up (both of several: `SeveralFormsJoinTests`).
    #expect(verbatim || severalForms >= 1)
  }

  /// A word of many blocks ranks its blocks of the highest impacts first
  /// (`SearchTuning.seedBlocks`), then walks the rest in passage order: its hits must be the
  /// exhaustive evaluation's, ties included. Most of its passages tie in pairs of lengths,
  /// and the best are late in the list, so the walk meets passages that tie hits ranked
  /// before it, at lower passages than theirs (which win), and at higher ones (which lose).
  @Test func aWordOfManyBlocksAnswersAsTheExhaustiveEvaluation() throws {
    let filler = ["beta", "gamma", "delta", "epsilon", "zeta", "eta"]
    var passages: [Passage] = []
    for number in 0..<6_000 {
      let extra = filler.prefix((number &* 7_919) % filler.count).joined(separator: " ")
      let word = number > 5_000 && number % 97 == 0 ? "alpha alpha" : "alpha"
      passages.append(Passage(kind: .text, text: "\(word) \(extra)."))
      // Passages without it between, so that its blocks span more passages than they hold.
      if number % 3 == 0 { passages.append(Passage(kind: .text, text: "theta iota.")) }
    }
    let documents = stride(from: 0, to: passages.count, by: 500).map { start in
      Document(
        id: "hig/many-\(start)", kind: .hig, title: "Page \(start)", url: "https://example.com/\(start)",
        passages: Array(passages[start..<min(start + 500, passages.count)]))
    }
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let term = try #require(segment.dictionary.find(Array("alpha".utf8)))
    #expect(segment.rankingCursor(term).blockCount >= SearchTuning.seedingBlockCount)
    let parsed = try QueryParser.parse("alpha")
    for limit in [1, 2, 3, 10, 30, 100, 129, 200, 1_000] {
      let planned = try index.search(parsed: parsed, limit: limit, verbatim: false, filters: .init())
      let oracle = try index.search(
        parsed: parsed, limit: limit, verbatim: false, filters: .init(), evaluation: .exhaustive)
      #expect(planned == oracle, "top \(limit)")
    }
  }

  /// `a OR b` of a long word of scattered scores and a rare word (`TermUnionScorer`): few
  /// passages hold both, so the top hits are mostly the long word's alone, found among
  /// postings whose own bounds cannot enter (passed over by their frequency words) and
  /// those after them in their blocks that can. Its passages hold it once to three times,
  /// written singular or plural (two forms in standard mode, alone or together), in
  /// passages of 1 to 13 words, some under a title with it: the answers must be the
  /// exhaustive evaluation's at every limit.
  @Test func aLongWordOrARareOneAnswersAsTheExhaustiveEvaluation() throws {
    var random = SplitMix64(seed: 61)
    let filler = ["beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu", "nu"]
    var documents: [Document] = []
    for page in 0..<12 {
      var passages: [Passage] = []
      for _ in 0..<400 {
        var words = (0..<Int(random.next() % 13)).map { _ in filler[Int(random.next() % UInt64(filler.count))] }
        switch random.next() % 10 {
        case 0: break
        case 1: words.append("alphas")
        case 2: words += ["alpha", "alphas"]
        case 3: words += ["alpha", "alphas", "alphas"]
        case 4: words += ["alpha", "alpha"]
        case 5: words += ["alpha", "alpha", "alpha"]
        default: words.append("alpha")
        }
        if random.next() % 50 == 0 { words.append("omega") }
        words.shuffle(using: &random)
        passages.append(Passage(kind: .text, text: words.joined(separator: " ") + "."))
      }
      documents.append(
        Document(
          id: "hig/union-\(page)", kind: .hig, title: page % 4 == 0 ? "Alpha page \(page)" : "Page \(page)",
          url: "https://example.com/union/\(page)", passages: passages))
    }
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    for verbatim in [false, true] {
      for query in ["alpha OR omega", "omega OR alpha", "alphas OR omega"] {
        let parsed = try QueryParser.parse(query)
        let plan = try QueryCompiler(index: index.first, verbatim: verbatim).plan(parsed, filters: .init())
        #expect(plan.root is TermUnionScorer, "\(query)")
        for limit in [1, 2, 3, 5, 10, 20, 30, 50, 100, 300] {
          let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: .init())
          let oracle = try index.search(
            parsed: parsed, limit: limit, verbatim: verbatim, filters: .init(), evaluation: .exhaustive)
          #expect(planned == oracle, "\(query) verbatim \(verbatim) top \(limit)")
        }
      }
    }
  }

  /// `segment.forEachCommonPassage(a, b)` finds every passage both words walked on their
  /// own hold, ascending, once, whichever way its bits are cleared after, and gives them
  /// back all clear (on fresh copies of both words); how many there are.
  @discardableResult
  static func expectCommonPassages(
    _ segment: IndexSegment, _ a: TermScorer, _ b: TermScorer, _ label: String
  ) -> Int {
    func passages(_ scorer: TermScorer) -> Set<UInt32> {
      var result = Set<UInt32>()
      while scorer.current != PostingCursor.exhausted {
        result.insert(scorer.current)
        scorer.next()
      }
      return result
    }
    let expected = passages(a.fresh()).intersection(passages(b.fresh())).sorted()
    let bitBytes = (segment.store.passageCount + 63) / 64 * 8
    for clearing in [PassageBitsClearing.byBody, .whole] {
      var found: [UInt32] = []
      segment.forEachCommonPassage(a.fresh(), b.fresh(), clearing: clearing) { found.append($0) }
      #expect(found == expected, "\(label) \(clearing)")
      let bits = segment.passageCounters.take(count: bitBytes)
      #expect(bits.allSatisfy { $0 == 0 }, "\(label) \(clearing)")
      segment.passageCounters.give(bits)
    }
    return expected.count
  }

  /// A looked-up word's finds, form by form, merged: ascending, each passage once.
  @Test(
    arguments: [
      ([], []),
      ([[]], []),
      ([[3, 9]], [3, 9]),
      ([[1, 4, 7], [2, 4, 8]], [1, 2, 4, 7, 8]),
      ([[5, 6], []], [5, 6]),
      ([[], [0, 2]], [0, 2]),
      ([[1, 2, 3], [1, 2, 3]], [1, 2, 3]),
      ([[10], [1, 20], [5, 10, 30]], [1, 5, 10, 20, 30]),
      ([[UInt32.max - 1], [0, UInt32.max - 1]], [0, UInt32.max - 1]),
    ] as [([[UInt32]], [UInt32])])
  func mergedFindsAreAscendingAndUnique(lists: [[UInt32]], merged: [UInt32]) {
    #expect(IndexSegment.mergedFinds(lists) == merged)
  }

  /// The common passages of two words, whichever way the bits are cleared after: every one
  /// both lists hold, ascending, once; and the bits given back all clear, so that the next
  /// query starts from none.
  @Test func commonPassagesAreBothWordsAndLeaveTheBitsClear() throws {
    var generator = CorpusGenerator(seed: 53, vocabularySize: 300)
    let documents = generator.documents(talks: 6, pages: 3, wordScale: 0.5)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let words = ["the", "a", "and", "is", "of", "to", "in", "for"] + CorpusGenerator.syllables.prefix(6)
    func term(_ word: String, verbatim: Bool) throws -> TermScorer? {
      try QueryCompiler(index: segment, verbatim: verbatim).plan(try QueryParser.parse(word), filters: .init()).root
        as? TermScorer
    }
    var pairs = 0
    for verbatim in [false, true] {
      for first in words {
        for second in words where second != first {
          guard let a = try term(first, verbatim: verbatim), let b = try term(second, verbatim: verbatim) else {
            continue
          }
          Self.expectCommonPassages(segment, a, b, "\(first) \(second)")
          pairs += 1
        }
      }
    }
    #expect(pairs > 100)
  }

  /// A scorer's bound must hold at every passage it matches: no score above it, or top-k
  /// pruning would lose hits.
  @Test func boundsHoldAtEveryMatch() throws {
    var generator = CorpusGenerator(seed: 43, vocabularySize: 900)
    let documents = generator.documents(talks: 10, pages: 6, wordScale: 0.3)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let context = ScoringContext(
      store: index.store, averageWords: index.statistics.averageWords, passageCount: index.passageCount)
    var checked = 0
    for query in Self.queries(generator, documents, seed: 5) {
      guard
        let plan = try? QueryCompiler(index: index.first, verbatim: false).plan(
          try QueryParser.parse(query), filters: .init())
      else { continue }
      let scorer = plan.root
      while scorer.current != PostingCursor.exhausted {
        let score = scorer.score(context)
        #expect(score <= scorer.upperBound() * (1 + 1e-6), "\(query) at \(scorer.current)")
        checked += 1
        scorer.next()
      }
    }
    #expect(checked > 10_000)
  }
}
