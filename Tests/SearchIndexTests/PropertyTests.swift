import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// Over generated corpora and queries, in both modes: every hit quotes its document
/// exactly, highlights whole words, and carries the time of its cues.
@Suite struct PropertyTests {
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
      || character.unicodeScalars.contains {
        $0.properties.generalCategory == .nonspacingMark
      }
  }

  @Test(arguments: [false, true])
  func hitsQuoteTheirDocumentsExactly(verbatim: Bool) throws {
    var generator = CorpusGenerator(seed: 99, vocabularySize: 2_000)
    generator.includesCues = true
    let documents = generator.documents(talks: 8, pages: 6, wordScale: 0.1)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let queries = QueryGenerator.queries(count: 120, seed: 3, generator: generator, documents: documents)
    var checkedHits = 0
    for query in queries {
      let results = try index.search(query.ours, limit: 20, verbatim: verbatim)
      #expect(results.total >= results.hits.count)
      for hit in results.hits {
        let document = documents[hit.documentIndex]
        let stored = index.passage(doc: hit.documentIndex, passage: hit.passageIndex)
        let original = document.passages[hit.passageIndex]
        // The quote is the passage text itself, hence a slice of the document's text.
        #expect(stored.text == original.text)
        #expect(document.passages.map(\.text).joined(separator: " ").contains(stored.text))
        // Time lies within the passage's cues.
        if let first = original.firstCue, let last = original.lastCue, !document.cues.isEmpty {
          let start = try #require(stored.startMilliseconds)
          let end = try #require(stored.endMilliseconds)
          #expect(document.cues[first].startMilliseconds <= start && end <= document.cues[last].endMilliseconds)
        }
        // Highlights are whole words of the text.
        let bytes = Array(stored.text.utf8)
        #expect(!hit.matchedRanges.isEmpty, "\(query.ours) \(stored.text)")
        for range in hit.matchedRanges {
          #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count && !range.isEmpty)
          let before = String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
          let after = String(decoding: bytes[range.upperBound...], as: UTF8.self)
          #expect(!(before.last.map(Self.isWordCharacter) ?? false), "\(query.ours): \(stored.text)")
          #expect(!(after.first.map(Self.isWordCharacter) ?? false), "\(query.ours): \(stored.text)")
        }
        // Scores are ordered.
        checkedHits += 1
      }
      let scores = results.hits.map(\.score)
      #expect(scores == scores.sorted(by: >))
    }
    #expect(checkedHits > 500)
  }

  /// Top-k skipping must not change the answer: the first hits of a small limit are the
  /// first hits of a large one.
  @Test func pruningKeepsTheBestHits() throws {
    var generator = CorpusGenerator(seed: 11, vocabularySize: 2_000)
    let documents = generator.documents(talks: 10, pages: 4, wordScale: 0.1)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    for query in QueryGenerator.queries(count: 80, seed: 8, generator: generator, documents: documents) {
      let all = try index.search(query.ours, limit: 10_000)
      let top = try index.search(query.ours, limit: 5)
      #expect(top.total == all.total)
      #expect(top.hits.map(\.score) == Array(all.hits.prefix(5)).map(\.score), "\(query.ours)")
    }
  }
}
