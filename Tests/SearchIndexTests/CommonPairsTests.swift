import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// The pairs of common words a segment stores as runs (`PartPhrases.CommonWords`) must
/// answer phrases exactly as walking their words does: the same passages, totals, scores
/// and highlights, in one segment or across segments that stored different pairs.
@Suite struct CommonPairsTests {
  /// Common enough in the small generated corpora for pairs to be stored and read.
  static let lowCommon = PartPhrases.CommonWords(share: 64, minimum: 1, limit: 24)

  static func build(_ documents: [Document], common: PartPhrases.CommonWords) throws -> (SearchIndex, URL) {
    let directory = IndexFixture.temporaryDirectory()
    var builder = IndexBuilder()
    builder.commonWords = common
    _ = try builder.build(documents: documents, corpusFingerprint: "pairs", into: directory)
    return (try SearchIndex.open(at: directory), directory)
  }

  @Test func commonFormsAreTheCommonestLookupFormsOverTheirThreshold() {
    let texts = [
      "The cat and the dog.",  // the ×2, cat, and, dog
      "The buttons and the Buttons.",  // the ×2, and, buttons ×2 (read as button)
      "A cat, the end.",  // a, cat, the, end
    ]
    let (table, occurrences, _) = PartPhrasesTests.analyzed(texts)
    func common(_ share: Int, _ minimum: Int, _ limit: Int) -> [String] {
      PartPhrases.commonForms(
        terms: occurrences.terms[...], table: table, passageCount: texts.count, foldsPlurals: true,
        common: .init(share: share, minimum: minimum, limit: limit)
      ).map { String(decoding: $0, as: UTF8.self) }
    }
    // Commonest first, ties in byte order; a plural counts as its lookup form.
    #expect(common(100, 2, 10) == ["the", "and", "button", "cat"])
    #expect(common(100, 3, 10) == ["the"])
    #expect(common(100, 2, 2) == ["the", "and"])
    // At least one occurrence per `share` passages (of 3): share 1 asks 3, share 3 asks 1.
    #expect(common(1, 1, 10) == ["the"])
    #expect(common(3, 1, 10) == ["the", "and", "button", "cat", "a", "dog", "end"])
    #expect(common(100, 2, 0).isEmpty)
  }

  @Test func theStandardThresholdsStoreNoPairsInASmallSegment() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(!PartPhrasesTests.stores(index, ["on", "the"]))
    #expect(PartPhrases.CommonWords.standard.minimum > 1_000)
  }

  /// Phrases drawn from the text (two to five words, so that they occur) and made of
  /// common words (so that most seldom do), answered from stored pairs and walked.
  @Test(arguments: [UInt64(3), 29])
  func phrasesOfCommonWordsAnswerAsWalked(seed: UInt64) throws {
    var generator = CorpusGenerator(seed: seed, vocabularySize: 400)
    let documents = generator.documents(talks: 8, pages: 4, wordScale: 0.3)
    let (index, directory) = try Self.build(documents, common: Self.lowCommon)
    defer { try? FileManager.default.removeItem(at: directory) }
    let queries = Self.phrases(documents, seed: seed)
    let compiler = QueryCompiler(index: index.first, verbatim: false)
    var paired = 0
    var matched = 0
    for query in queries {
      let words = compiler.analyzer.queryWords(query)
      if compiler.phraseParts(words).scorers.count < words.count { paired += 1 }
      for filters in [SearchFilters(), SearchFilters(kinds: ["talk"])] {
        for limit in [50, 3, 1] {
          let stored = try PartPhrasesTests.expectStoredAsWalked(
            index, "\"\(query)\"", limit: limit, filters: filters)
          if limit == 50 && filters.isEmpty && stored.total > 0 { matched += 1 }
        }
      }
    }
    // Most phrases read a pair, and many of them match.
    #expect(paired * 2 > queries.count, "\(paired) of \(queries.count)")
    #expect(matched * 3 > queries.count, "\(matched) of \(queries.count)")
  }

  /// A base segment that stores pairs and an update's segment that stores others (its own
  /// common words) answer as one build that stores none.
  @Test func segmentsWithDifferentPairsAnswerAsOneBuild() throws {
    var generator = CorpusGenerator(seed: 41, vocabularySize: 400)
    let documents = generator.documents(talks: 8, pages: 4, wordScale: 0.3)
    let (base, rest) = (Array(documents.prefix(9)), Array(documents.dropFirst(9)))
    let directory = IndexFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var builder = IndexBuilder()
    builder.commonWords = Self.lowCommon
    _ = try builder.build(documents: base, corpusFingerprint: "base", into: directory)
    builder.commonWords = PartPhrases.CommonWords(share: 8, minimum: 1, limit: 6)
    _ = try builder.update(
      try SearchIndex.open(at: directory), adding: rest, removing: [], corpusFingerprint: "update",
      policy: SegmentUpdateTests.keepsSegments, into: directory
    ) { ids throws(IndexBuildError) in base.filter { ids.contains($0.id) } }
    let updated = try SearchIndex.open(at: directory)
    #expect(updated.segments.count == 2)
    let (reference, referenceDirectory) = try Self.build(documents, common: .init(share: 1, minimum: 1, limit: 0))
    defer { try? FileManager.default.removeItem(at: referenceDirectory) }
    try SegmentUpdateTests.expectSameAnswers(
      updated, reference, Self.phrases(documents, seed: 41).prefix(80).map { "\"\($0)\"" })
  }

  /// Windows of two to five words of the passages' text, and phrases of the commonest words.
  static func phrases(_ documents: [Document], seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let texts = documents.flatMap { $0.passages.map(\.text) }
    var counts: [String: Int] = [:]
    var phrases: [String] = []
    for _ in 0..<160 {
      let words = texts[random.next(below: texts.count)].split(whereSeparator: { !$0.isLetter }).map(String.init)
      for word in words { counts[word.lowercased(), default: 0] += 1 }
      guard words.count >= 2 else { continue }
      let length = 2 + random.next(below: min(4, words.count - 1))
      let start = random.next(below: words.count - length + 1)
      phrases.append(words[start..<(start + length)].joined(separator: " "))
    }
    let commonest = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8).map(\.key)
    for _ in 0..<60 {
      let length = 2 + random.next(below: 3)
      phrases.append((0..<length).map { _ in commonest[random.next(below: commonest.count)] }.joined(separator: " "))
    }
    return phrases
  }
}
