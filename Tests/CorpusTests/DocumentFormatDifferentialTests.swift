import DocumentModel
import DuoKBTestSupport
import Foundation
import Normalize
import SearchIndex
import Testing

/// The document reader against the toolchain's `JSONDecoder`, on generated corpora and on
/// every document the repository holds: a file of format 1 reads as `JSONDecoder` reads it,
/// and a file of format 2 or 3 reads as the document that was written.
@Suite struct DocumentFormatDifferentialTests {
  /// Talks with cues, HIG-like pages, CJK rewrites, the citation fixtures.
  static func generated() -> [Document] {
    var generator = CorpusGenerator(seed: 11, vocabularySize: 2_000)
    generator.includesCues = true
    let documents = generator.documents(talks: 6, pages: 4, wordScale: 0.1)
    let cjk = CJKCorpusGenerator.Script.allCases.flatMap { script in
      CJKCorpusGenerator(script: script, seed: 3, vocabularySize: 500).rewriting(documents, seed: 5)
    }
    return documents + cjk + [
      CitationFixtures.designTalk(), CitationFixtures.toolbarTalk(), CitationFixtures.layoutPage(),
    ]
  }

  static func formatOne(_ document: Document) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(document) + Data("\n".utf8)
  }

  @Test func generatedDocuments() throws {
    let documents = Self.generated()
    #expect(documents.count > 20)
    for document in documents { try Self.check(document) }
  }

  /// Strings of random scalars (controls, quotes, backslashes, astral planes) in every
  /// string field a cue or passage has.
  @Test func randomStrings() throws {
    var random = SplitMix64(seed: 99)
    let pool: [Unicode.Scalar] = [
      "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e", "\u{301}", "\u{2028}", "🙂", "語", "a",
    ]
    func text() -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<random.next(below: 12) { scalars.append(pool[random.next(below: pool.count)]) }
      return String(scalars)
    }
    for _ in 0..<200 {
      let raw = text()
      let document = Document(
        id: "a/b", kind: .talk, title: text(), url: text(), language: text(), event: text(), summary: text(),
        passages: [Passage(kind: .speech, text: text(), heading: text(), speaker: text(), omitted: [text()])],
        cues: [
          StoredCue(
            startMilliseconds: Int(truncatingIfNeeded: random.next()), endMilliseconds: 1, raw: raw,
            text: random.next() % 2 == 0 ? raw : text(), settings: text(), voice: text())
        ])
      try Self.check(document)
    }
  }

  /// Format 1 reads as JSONDecoder reads it, formats 2 and 3 as they were written; all keep
  /// the content hash (strings compare by characters, the hash by bytes).
  static func check(_ document: Document) throws {
    let old = try formatOne(document)
    let byDecoder = try JSONDecoder().decode(Document.self, from: old)
    let fromOld = try DocumentFormat.decode(old)
    #expect(fromOld == byDecoder)
    #expect(ContentHash.of(fromOld) == ContentHash.of(byDecoder))
    for data in [DocumentFormat.encode(document, formatVersion: 2), DocumentFormat.encode(document)] {
      let fromNew = try DocumentFormat.decode(data)
      #expect(fromNew == document)
      #expect(ContentHash.of(fromNew) == ContentHash.of(document))
    }
  }

  /// The sample corpus the repository ships.
  @Test func sampleCorpus() throws {
    let folder = ConformanceData.repositoryRoot.appendingPathComponent("Corpus/documents")
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
    #expect(!files.isEmpty)
    for file in files {
      let data = try Data(contentsOf: file)
      let document = try DocumentFormat.decode(data)
      if (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["formatVersion"] == nil {
        #expect(document == (try JSONDecoder().decode(Document.self, from: data)), "\(file.lastPathComponent)")
      }
      #expect(try DocumentFormat.decode(DocumentFormat.encode(document)) == document)
      #expect(ContentHash.of(document) == document.fetch?.contentHash ?? ContentHash.of(document))
    }
  }
}
