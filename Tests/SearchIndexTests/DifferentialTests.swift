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
/// - A phrase that runs on from one passage into the next (`PhraseRunOn`): FTS5 matches
///   each row alone; `runOnStarts` adds those.
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

  /// The passages where the quoted phrase `query` begins and runs on into later passages
  /// (`PhraseRunOn`), which FTS5, matching each row alone, cannot find: its words (folded
  /// to lower case; the generator writes ASCII) in a row over passages of one document
  /// and section, crossing at least one passage's end.
  static func runOnStarts(_ query: String, _ documents: [Document], _ ids: [[Int]]) -> Set<Int> {
    func words(_ text: String) -> [String] {
      text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }
    let phrase = words(query)
    var starts = Set<Int>()
    guard PhraseRunOn.searchesRunOn(folded: phrase.map { Array($0.utf8) }) else { return starts }
    for (number, document) in documents.enumerated() {
      let passages = document.passages.map { words($0.text) }
      for (first, passageWords) in passages.enumerated() {
        for start in passageWords.indices {
          var (passage, word) = (first, start)
          var matched = 0
          while matched < phrase.count {
            if word == passages[passage].count {
              // On to the next passage with words, where the rule allows.
              guard let next = passages.indices.dropFirst(passage + 1).first(where: { !passages[$0].isEmpty }),
                PhraseRunOn.continues(
                  from: passage, anchor: document.passages[passage].anchor, into: next,
                  anchor: document.passages[next].anchor)
              else { break }
              (passage, word) = (next, 0)
              continue
            }
            guard passages[passage][word] == phrase[matched] else { break }
            (word, matched) = (word + 1, matched + 1)
          }
          if matched == phrase.count && passage > first { starts.insert(ids[number][first]) }
        }
      }
    }
    return starts
  }

  @Test("Same passages as FTS5 on generated corpora", arguments: [UInt64(7), 42, 2026])
  func sameMatchesAsFTS5(seed: UInt64) throws {
    var generator = CorpusGenerator(seed: seed, isDifferential: true, vocabularySize: 1_500)
    let documents = generator.documents(talks: 12, pages: 8, wordScale: 0.08)
    let scratch = try ScratchFolder("differential")
    let directory = scratch.appending("index")
    _ = try IndexBuilder().build(documents: documents, corpusFingerprint: "seed-\(seed)", into: directory)
    let index = try SearchIndex.open(at: directory)
    let reference = try FTS5PassageTable(documents: documents)
    let ids = Self.globalIds(documents)
    let queries = QueryGenerator.queries(count: 160, seed: seed, generator: generator, documents: documents)
    var nonEmpty = 0
    for query in queries {
      var expected = try reference.matches(query.fts5)
      if query.kind == "phrase" { expected.formUnion(Self.runOnStarts(query.ours, documents, ids)) }
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
