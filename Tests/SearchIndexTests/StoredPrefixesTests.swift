import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// The prefixes a build stores with their terms' postings merged (`StoredPrefixes`) must
/// answer exactly as merging the terms does: the same passages and frequencies, so the
/// same scores, totals and highlights.
@Suite struct StoredPrefixesTests {
  /// What `select` stores for `terms` (each with its occurrences, one per passage from 0):
  /// each stored prefix with its terms, as text (extras keep their marker).
  static func selected(_ terms: [(String, Int)], passages: Int) -> [String: [String]] {
    var table = TermTable()
    var occurrences = Occurrences()
    for (term, count) in terms {
      let id = table.id(Array(term.utf8))
      for passage in 0..<count { occurrences.append(id, UInt32(passage), 0, 0) }
    }
    let stored = StoredPrefixes.select(table: &table, occurrences: occurrences, passageCount: passages)
    var result: [String: [String]] = [:]
    for (prefix, members) in stored.members {
      let key = table.term(Int(prefix))
      #expect(key.first == TermSpace.storedPrefixMarker)
      result[String(decoding: key.dropFirst(), as: UTF8.self)] =
        members.map { String(decoding: table.term(Int($0)), as: UTF8.self) }.sorted()
    }
    return result
  }

  static func words(_ stem: String, _ count: Int, occurrences: Int = 1) -> [(String, Int)] {
    (0..<count).map { ("\(stem)\(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))))", occurrences) }
  }

  @Test func prefixesOfMoreTermsThanCursorsAndEnoughOccurrencesAreStored() {
    let cursors = SearchTuning.maximumPrefixCursors
    // One term more than a query walks with cursors: stored at every length they share.
    let nine = Self.words("tin", cursors + 1)
    let stored = Self.selected(nine, passages: (cursors + 1) * StoredPrefixes.share)
    #expect(Set(stored.keys) == ["t", "ti", "tin"])
    #expect(stored["tin"] == nine.map(\.0).sorted())
    // As many as the cursors: walked, never stored.
    #expect(Self.selected(Self.words("tin", cursors), passages: 8).isEmpty)
    // One occurrence short of one per `share` passages: merging them is cheap.
    #expect(Self.selected(nine, passages: (cursors + 1) * StoredPrefixes.share + StoredPrefixes.share).isEmpty)
  }

  @Test func extrasJoinTheVerbatimTermsOfTheirPrefix() {
    // Four verbatim terms and five extras (identifier parts, singulars) make nine.
    let terms = Self.words("kaf", 4) + Self.words("\u{1}kafo", 5)
    let stored = Self.selected(terms, passages: 9)
    #expect(Set(stored.keys) == ["k", "ka", "kaf"])
    #expect(stored["kaf"]?.count == 9)
    // Other spaces (titles, headings, part phrases) are not a prefix's terms.
    let fields = Self.words("\u{2}kaf", 5) + Self.words("\u{5}kaf", 5) + Self.words("kaf", 4)
    #expect(Self.selected(fields, passages: 9).isEmpty)
  }

  @Test func aPrefixThatCutsACharacterIsNotStored() {
    // Nine words after "é" (two bytes): "é" is stored, its first byte alone is not.
    let stored = Self.selected(Self.words("é", 9), passages: 9)
    #expect(Set(stored.keys) == ["é"])
  }

  @Test func aPrefixOfMoreTermsThanAQueryAcceptsIsNotStored() {
    let limit = QueryParser.maximumPrefixTerms
    var terms: [(String, Int)] = []
    for number in 0...limit { terms.append(("z\(number)", 1)) }
    let stored = Self.selected(terms, passages: 1)
    // "z" stands for one term too many; "z1" (z1, z10, z100, ...) is stored.
    #expect(stored["z"] == nil)
    #expect(stored["z1"] != nil)
  }

  @Test func wordsNestedInOneAnotherStoreNoMoreThanTheBudget() {
    // "xa", "xxa", ... "x…xa" (100 x's): each prefix of x's stands for the longer words, so
    // without a budget about 90 lists would hold 50 times the words' occurrences.
    let terms = (1...100).map { (String(repeating: "x", count: $0) + "a", 10) }
    let stored = Self.selected(terms, passages: 80)
    let occurrences = stored.values.reduce(0) { $0 + $1.count * 10 }
    #expect(occurrences <= StoredPrefixes.budget * 1_000)
    #expect(occurrences > (StoredPrefixes.budget - 1) * 1_000)
    // The shortest are kept.
    #expect(stored["x"]?.count == 100 && stored["xx"]?.count == 99 && stored["xxx"]?.count == 98)
    #expect(stored[String(repeating: "x", count: 10)] == nil)
  }

  @Test func distinctPositionsCountAsTheEncoderKeepsThem() {
    #expect(StoredPrefixes.distinctPositions([]) == 0)
    #expect(StoredPrefixes.distinctPositions([5 << 8]) == 1)
    #expect(StoredPrefixes.distinctPositions([1 << 8, 1 << 8, 2 << 8 | 3, 2 << 8 | 3]) == 2)
    #expect(StoredPrefixes.distinctPositions([9 << 8, 1 << 8, 9 << 8, 4 << 8]) == 3)
  }

  /// A generated corpus whose syllables begin many words: its short prefixes are stored.
  static func generatedIndex(seed: UInt64) throws -> (SearchIndex, URL, CorpusGenerator, [Document]) {
    var generator = CorpusGenerator(seed: seed, vocabularySize: 900)
    let documents = generator.documents(talks: 12, pages: 6, wordScale: 0.4)
    let (index, directory) = try IndexFixture.build(documents)
    return (index, directory, generator, documents)
  }

  /// Each stored list, decoded, is what merging its terms gives: ids and summed frequencies.
  @Test(arguments: [UInt64(5), 23])
  func everyStoredListIsItsTermsMerged(seed: UInt64) throws {
    let (index, directory, _, _) = try Self.generatedIndex(seed: seed)
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let lists = segment.dictionary.range(prefix: [TermSpace.storedPrefixMarker])
    #expect(lists.count >= 20)
    for list in lists {
      let prefix = Array(segment.dictionary.term(list).dropFirst())
      let terms = [prefix, [TermSpace.extraMarker] + prefix].flatMap { Array(segment.dictionary.range(prefix: $0)) }
      #expect(terms.count > SearchTuning.maximumPrefixCursors)
      let merged = MergedPrefixScorer.merge(terms: terms, index: segment)
      let cursor = PostingCursor(
        postings: segment.postings, entry: segment.dictionary.entry(list), idLimit: segment.store.passageCount)
      var ids: [UInt32] = []
      var frequencies: [UInt32] = []
      var bounded = true
      while cursor.current != PostingCursor.exhausted {
        ids.append(cursor.current)
        frequencies.append(UInt32(cursor.frequency))
        #expect(cursor.flags == 0)
        let saturation = BM25.saturation(
          frequency: Double(cursor.frequency), length: Double(segment.store.wordCount(Int(cursor.current))),
          averageLength: segment.store.averageWords)
        if Double(cursor.blockMaxImpact) < saturation { bounded = false }
        cursor.next()
      }
      let text = String(decoding: prefix, as: UTF8.self)
      #expect(ids == merged.ids, "\(text)")
      #expect(frequencies == merged.frequencies, "\(text)")
      #expect(segment.dictionary.entry(list).documentFrequency == ids.count)
      #expect(bounded, "\(text): a block's impact is below a posting's score")
    }
  }

  /// Read from its list, a prefix answers as merging its terms does: alone, joined to a
  /// word, in a union, excluding a word and excluded, filtered, at several limits.
  @Test(arguments: [UInt64(5), 23])
  func storedPrefixesAnswerAsMerged(seed: UInt64) throws {
    let (index, directory, generator, documents) = try Self.generatedIndex(seed: seed)
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let stems = segment.dictionary.range(prefix: [TermSpace.storedPrefixMarker]).map {
      String(decoding: segment.dictionary.term($0).dropFirst(), as: UTF8.self)
    }
    let words = QueryGenerator.queries(count: 40, seed: seed, generator: generator, documents: documents)
      .filter { $0.kind == "rare" || $0.kind == "common" }.map(\.ours)
    try #require(!words.isEmpty)
    var readFromLists = 0
    for (number, stem) in stems.enumerated() {
      let word = words[number % words.count]
      for query in ["\(stem)*", "\(word) \(stem)*", "\(stem)* OR \(word)", "\(stem)* -\(word)", "\(word) -\(stem)*"] {
        let parsed = try QueryParser.parse(query)
        if query == "\(stem)*" {
          let plan = try QueryCompiler(index: segment, verbatim: false).plan(parsed, filters: .init())
          if plan.root is StoredPrefixScorer { readFromLists += 1 }
        }
        for filters in [SearchFilters(), SearchFilters(kinds: ["talk"])] {
          for limit in [1, 10, 500] {
            let stored = try index.search(parsed: parsed, limit: limit, verbatim: false, filters: filters)
            let merged = try index.search(
              parsed: parsed, limit: limit, verbatim: false, filters: filters, evaluation: .exhaustive)
            #expect(stored == merged, "\(query) \(filters) \(limit)")
          }
        }
      }
    }
    #expect(readFromLists == stems.count)
  }
}
