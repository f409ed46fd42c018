import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// Our verbatim search and SQLite FTS5 must match the same passages.
///
/// Differences that remain by design, kept out of the generated corpora and queries:
/// - `27.1`: we keep a decimal number whole; unicode61 splits it at the period
///   (`isDifferential` generates no decimals).
/// - Apostrophes: we keep one only inside a word (`don't`) and treat U+2019 as `'`;
///   FTS5 with `'` as token character also keeps leading and trailing ones (`'quoted'`)
///   and treats U+2019 as a separator (the generator writes only inner ASCII apostrophes).
/// - Combining marks: we keep them in words; unicode61 separates at them unless they fold
///   away (the generator writes precomposed letters).
/// - Terms longer than 128 bytes: we cut them (the generator's words are short).
@Suite(.serialized) struct DifferentialTests {
  static func globalIds(_ documents: [Document]) -> [[Int]] {
    var next = 0
    return documents.map { document in
      document.passages.indices.map { _ in
        defer { next += 1 }
        return next
      }
    }
  }

  @Test("Same passages as FTS5 on generated corpora", arguments: [UInt64(7), 42, 2026])
  func sameMatchesAsFTS5(seed: UInt64) throws {
    var generator = CorpusGenerator(seed: seed, isDifferential: true, vocabularySize: 1_500)
    let documents = generator.documents(talks: 12, pages: 8, wordScale: 0.08)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duokb-diff-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IndexBuilder().build(documents: documents, corpusFingerprint: "seed-\(seed)", into: directory)
    let index = try SearchIndex.open(at: directory)
    let reference = try FTS5PassageTable(documents: documents)
    let ids = Self.globalIds(documents)
    let queries = QueryGenerator.queries(count: 160, seed: seed, generator: generator, documents: documents)
    var nonEmpty = 0
    for query in queries {
      let expected = try reference.matches(query.fts5)
      let results = try index.search(query.ours, limit: 10_000, verbatim: true)
      let found = Set(results.hits.map { ids[$0.documentIndex][$0.passageIndex] })
      #expect(found == expected, "\(query.kind): \(query.ours) vs FTS5 \(query.fts5)")
      #expect(results.total == expected.count, "\(query.kind): \(query.ours)")
      if !expected.isEmpty { nonEmpty += 1 }
    }
    // The comparison means something only if most queries find passages.
    #expect(nonEmpty > queries.count / 2)
  }
}
