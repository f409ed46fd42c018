import DocumentModel
import Foundation
import Testing

@testable import SearchIndex

@Suite struct SearchTests {
  /// "doc.passage" of every hit, in rank order.
  static func hits(
    _ index: SearchIndex, _ query: String, verbatim: Bool = false,
    filters: SearchFilters = .init()
  ) throws -> [String] {
    try index.search(query, limit: 50, verbatim: verbatim, filters: filters).hits
      .map { "\($0.documentIndex).\($0.passageIndex)" }
  }

  @Test(
    "Finds passages",
    arguments: [
      ("toolbarVerticalBehavior", false, ["0.1", "1.0", "1.2"]),  // whole, and as separate words
      ("\"toolbar vertical behavior\"", false, ["0.1", "1.0", "1.2"]),  // phrase over parts
      ("verticalbehavior", false, ["0.1", "1.0", "1.2"]),  // adjacent parts, and split into two words
      ("importantcontrols", false, ["1.1"]),  // an unknown word split into a phrase of two
      ("\"the most importantcontrols first\"", false, ["1.1"]),  // also inside a phrase
      ("catsat", false, ["2.0"]),  // parts of three letters
      ("importantcontrols", true, []),  // verbatim: no splitting
      ("toolbarVerticalBehavior", true, ["0.1", "1.2"]),  // verbatim: only as written
      ("verticalbehavior", true, []),
      ("cat", false, ["0.2", "2.0"]),  // plural folded...
      ("cats", false, ["0.2", "2.0"]),
      ("cats", true, ["0.2"]),  // ...but not verbatim
      ("\"the cats\"", false, ["0.2"]),  // an exact phrase still matches
      ("dont", false, ["0.2"]),
      ("don't", true, ["0.2"]),
      ("righttoleft", false, ["0.2"]),
      ("right-to-left", true, ["0.2"]),
      ("\"right to left\"", true, ["0.2"]),
      ("cafe facade", true, ["0.3"]),  // diacritics folded
      ("27.1", true, ["0.3"]),
      ("\"iOS 27.1\"", true, ["0.3"]),
      ("toolb*", true, ["0.0", "0.1", "1.0", "1.2", "2.0"]),
      ("controls -important", false, ["1.0"]),
      ("controls NOT steady", false, ["1.1"]),
      ("(cat OR café) -mat", false, ["0.3", "0.2"]),
      ("nothing-like-this", false, []),
    ])
  func finds(query: String, verbatim: Bool, expected: [String]) throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Set(Self.hits(index, query, verbatim: verbatim)) == Set(expected))
  }

  @Test(
    "Filters",
    arguments: [
      ("toolbar kind:hig", ["1.0", "1.2"]),  // 1.2: a part of the identifier
      ("toolbar kind:talk", ["0.0", "0.1", "2.0"]),  // 0.0: "toolbars"
      ("toolbarVerticalBehavior kind:code", ["1.2"]),
      ("toolbar source:tech-talks/111466", ["2.0"]),
      ("toolbar event:wwdc2024", ["0.0", "0.1"]),
      ("toolbar year:2026", ["2.0"]),
      ("toolbar speaker:vince", ["0.0", "0.1"]),
      ("kind:hig", ["1.0", "1.1", "1.2"]),
    ])
  func filters(query: String, expected: [String]) throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Set(Self.hits(index, query)) == Set(expected))
  }

  @Test func titleAndHeadingRaiseTheScore() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    // "behavior" is in heading "Behavior" of 1.0; 0.1 has it only inside the identifier.
    #expect(try Self.hits(index, "behavior").first == "1.0")
    // "cat" is in the title of document 2.
    #expect(try Self.hits(index, "cat").first == "2.0")
  }

  @Test func totalCountsAllMatchesBeyondTheLimit() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.search("the", limit: 1)
    #expect(results.hits.count == 1)
    #expect(results.total == 5)
    #expect(try index.search("toolbar", limit: 0).total == 5)
  }

  @Test func highlightsWholeWords() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let hit = try #require(try index.search("vertical behavior", limit: 10).hits.first { $0.documentIndex == 0 })
    let text = Array(index.passage(doc: hit.documentIndex, passage: hit.passageIndex).text.utf8)
    let words = hit.matchedRanges.map { String(decoding: text[$0], as: UTF8.self) }
    #expect(words == ["toolbarVerticalBehavior"])
    let phrase = try #require(try index.search("\"right to left\"", limit: 1).hits.first)
    let phraseText = Array(index.passage(doc: phrase.documentIndex, passage: phrase.passageIndex).text.utf8)
    #expect(phrase.matchedRanges.map { String(decoding: phraseText[$0], as: UTF8.self) } == ["right", "to", "left"])
    let split = try #require(try index.search("importantcontrols", limit: 1).hits.first)
    let splitText = Array(index.passage(doc: split.documentIndex, passage: split.passageIndex).text.utf8)
    #expect(split.matchedRanges.map { String(decoding: splitText[$0], as: UTF8.self) } == ["important", "controls"])
  }

  /// A word common in its own right is not split ("toolbar" is not "too" + "lbar"), and a
  /// long unknown word costs a bounded number of lookups.
  @Test func splittingLeavesKnownWordsAlone() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let compiler = QueryCompiler(index: index.first, verbatim: false)
    #expect(compiler.splitPhrases(Array("toolbar".utf8), wholeFrequency: 5).isEmpty)
    #expect(compiler.splitPhrases(Array("importantcontrols".utf8), wholeFrequency: 0).count == 1)
    #expect(compiler.splitPhrases(Array(String(repeating: "cat", count: 100).utf8), wholeFrequency: 0).isEmpty)
    #expect(try index.search(String(repeating: "catsat", count: 20), limit: 5).total == 0)
  }

  /// A plural written only as a plural is a word of the text, not an unknown word: it is
  /// not split into a phrase ("importantcontrols" is not "important controls" here).
  @Test func writtenPluralsAreNotSplit() throws {
    let passages = [
      "Keep importantcontrols within reach.", "The most important controls come first.",
      "Important people, important places.", "Controls and more controls.",
    ].map { Passage(kind: .text, text: $0) }
    let documents = [
      Document(id: "hig/plurals", kind: .hig, title: "Plurals", url: "https://example.com/p", passages: passages)
    ]
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Self.hits(index, "importantcontrols") == ["0.0"])
    // A word unknown in every form is still split, into two words of the text.
    #expect(try Self.hits(index, "mostimportant") == ["0.1"])
    #expect(try Self.hits(index, "importantcontrolss").isEmpty)
  }

  @Test func hostileQueries() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(throws: SearchError.self) { try index.search(String(repeating: "x ", count: 50_000), limit: 10) }
    #expect(throws: SearchError.self) { try index.search("\"unbalanced", limit: 10) }
    #expect(throws: SearchError.self) { try index.search("*", limit: 10) }
    #expect(try index.search("!!! ???", limit: 10).total == 0)
    #expect(try index.search("toolbar \u{0}\u{1b}[31m", limit: 10).total == 0)
  }

  @Test func storedPassagesAndDocuments() throws {
    let (index, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let document = index.document(1)
    #expect(
      document
        == StoredDocument(
          id: "hig/toolbars", kind: .hig, title: "Toolbars", url: "https://example.com/hig/toolbars",
          event: nil, year: nil, passageCount: 3))
    let passage = index.passage(doc: 0, passage: 1)
    #expect(passage.text == IndexFixture.documents[0].passages[1].text)
    #expect(passage.startMilliseconds == 4_000 && passage.endMilliseconds == 9_500)
    #expect(passage.speaker == "Vince Example")
    #expect(index.passage(doc: 1, passage: 2).kind == .code)
    #expect(index.passage(doc: 1, passage: 0).anchor == "behavior")
    #expect(index.passage(doc: 9, passage: 0).text.isEmpty)
    #expect(index.corpusFingerprint == "fixture")
  }
}
