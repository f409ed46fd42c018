import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// The runs of identifier parts a build stores as phrases (`PartPhrases`) must answer
/// exactly as walking the parts does: the same passages, frequencies (so scores) and
/// highlights, whether the parts are an identifier's own or words written apart.
@Suite struct PartPhrasesTests {
  static func document(_ id: String, _ texts: [String]) -> Document {
    Document(
      id: id, kind: .talk, title: "Talk \(id)", url: "https://example.com/\(id)",
      passages: texts.map { Passage(kind: .speech, text: $0) })
  }

  /// Whether the segment stores the run of `parts` (lookup forms).
  static func stores(_ index: SearchIndex, _ parts: [String]) -> Bool {
    guard let key = PartPhrases.key(parts.map { Array($0.utf8) }) else { return false }
    return index.first.dictionary.find(key) != nil
  }

  /// The answer read from the stored lists, and the one that walks the parts; the first.
  @discardableResult
  static func expectStoredAsWalked(
    _ index: SearchIndex, _ query: String, limit: Int = 50, filters: SearchFilters = .init()
  ) throws -> SearchResults {
    let parsed = try QueryParser.parse(query)
    let stored = try index.search(parsed: parsed, limit: limit, verbatim: false, filters: filters)
    let walked = try index.search(
      parsed: parsed, limit: limit, verbatim: false, filters: filters, evaluation: .exhaustive)
    #expect(stored == walked, "\(query) \(filters) \(limit)")
    return stored
  }

  /// The occurrences of `texts` (one passage each) in a fresh table, as a build analyzes
  /// them, and the identifiers they write.
  static func analyzed(_ texts: [String]) -> (TermTable, Occurrences, PartPhrases) {
    let analyzer = Analyzer(options: .standard)
    var table = TermTable()
    var occurrences = Occurrences()
    var phrases = PartPhrases()
    for (passage, text) in texts.enumerated() {
      var text = text
      text.withUTF8 { bytes in
        _ = analyzer.analyze(
          bytes, firstSlot: 0,
          emit: { token in
            occurrences.append(
              table.id(token.term), UInt32(passage), UInt32(token.startSlot), UInt32(token.endSlot - token.startSlot))
          },
          identifier: { phrases.add(identifier: $0) })
      }
    }
    return (table, occurrences, phrases)
  }

  @Test func runsOfAnIdentifiersPartsAreStoredAndAnswerAsWalked() throws {
    let texts = [
      "Set kafaDrazuPolex to keep it.",  // 0: the identifier
      "We say kafa drazu here.",  // 1: two parts apart
      "Kafas drazu, in the plural.",  // 2: a plural folds to the part's form
      "Then kafa polex drazu, out of order.",  // 3: not a run
      "Both kafaDrazu and kafa drazu twice, kafa drazu.",  // 4: whole and apart
      "A drazu polex kafa drazu polex chain.",  // 5: the longer run apart
      "kafa-drazu as a compound.",  // 6: a compound's words are consecutive
      "Nothing here but drazu.",  // 7
    ]
    let (index, directory) = try IndexFixture.build([Self.document("t1", texts)])
    defer { try? FileManager.default.removeItem(at: directory) }
    // Every run of two or more parts of each identifier written: kafa drazu polex, kafa
    // drazu, drazu polex; none for a run no identifier has.
    #expect(Self.stores(index, ["kafa", "drazu", "polex"]))
    #expect(Self.stores(index, ["kafa", "drazu"]))
    #expect(Self.stores(index, ["drazu", "polex"]))
    #expect(!Self.stores(index, ["kafa", "polex"]))
    let expectations: [(query: String, passages: [Int], frequencies: [Int: Int])] = [
      ("kafaDrazu", [0, 1, 2, 4, 5, 6], [0: 1, 1: 1, 2: 1, 4: 3, 5: 1, 6: 1]),
      ("drazuPolex", [0, 5], [0: 1, 5: 2]),
      ("kafaDrazuPolex", [0, 5], [0: 1, 5: 1]),
      // Never written whole: found by its phrase alone.
      ("kafasDrazu", [0, 1, 2, 4, 5, 6], [2: 1, 4: 3]),
      // Not stored (no identifier has it): walked, with the same answer.
      ("kafaPolex", [3], [3: 1]),
    ]
    let compiler = QueryCompiler(index: index.first, verbatim: false)
    for expectation in expectations {
      let results = try index.search(expectation.query, limit: 20)
      #expect(results.hits.map(\.passageIndex).sorted() == expectation.passages, "\(expectation.query)")
      let word = compiler.analyzer.queryWords(expectation.query)[0]
      let scorer = try #require(compiler.wordScorer(word) as? WordOrPhrasesScorer)
      #expect((scorer.storedPhrase != nil) == (expectation.query != "kafaPolex"), "\(expectation.query)")
      // The stored frequency is the phrase's count, the identifier's own parts included.
      if let stored = scorer.storedPhrase {
        for (passage, frequency) in expectation.frequencies.sorted(by: { $0.key < $1.key }) {
          stored.advance(to: UInt32(passage))
          #expect(stored.current == UInt32(passage) && stored.frequency == frequency, "\(expectation.query) \(passage)")
        }
      }
      try Self.expectStoredAsWalked(index, expectation.query)
      try Self.expectStoredAsWalked(index, "\"say \(expectation.query)\"")
      try Self.expectStoredAsWalked(index, "\(expectation.query) OR chain")
    }
  }

  /// Generated corpora with their identifiers' parts also written apart (alone, beside
  /// the identifier, inside other identifiers): every identifier and run of its parts,
  /// alone, in phrases and joined to words, answers as the walk does.
  @Test(arguments: [UInt64(7), 19])
  func generatedIdentifiersAnswerAsWalked(seed: UInt64) throws {
    var generator = CorpusGenerator(seed: seed, vocabularySize: 1_200)
    var documents = generator.documents(talks: 10, pages: 5, wordScale: 0.2)
    let identifiers = generator.vocabulary.filter { word in
      word.dropFirst().contains(where: \.isUppercase) && word.allSatisfy(\.isLetter)
    }
    var random = SplitMix64(seed: seed)
    var extra: [String] = []
    for identifier in identifiers.prefix(60) {
      let apart = identifier.replacing(#/([a-z])([A-Z])/#) { "\($0.output.1) \($0.output.2.lowercased())" }
      let other = identifiers[Int(random.next() % UInt64(identifiers.count))]
      switch random.next() % 4 {
      case 0: extra.append("We say \(apart) here.")
      case 1: extra.append("\(apart) and \(identifier), then \(apart)s")
      case 2: extra.append("\(other)\(identifier.prefix(1).uppercased() + identifier.dropFirst()) \(apart)")
      default: extra.append("The \(apart.split(separator: " ").reversed().joined(separator: " ")) again")
      }
    }
    documents[0].passages += extra.map { Passage(kind: .speech, text: $0) }
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let compiler = QueryCompiler(index: index.first, verbatim: false)
    var queries: [String] = []
    for identifier in identifiers.prefix(80) {
      let parts = identifier.replacing(#/([a-z])([A-Z])/#) { "\($0.output.1) \($0.output.2)" }
        .split(separator: " ").map(String.init)
      queries.append(identifier)
      if parts.count > 2 { queries.append(parts[1...].joined()) }
      queries.append("\"the \(identifier)\"")
      queries.append("\(identifier) \(parts[0].lowercased())")
    }
    var read = 0
    for query in queries {
      try Self.expectStoredAsWalked(index, query)
      try Self.expectStoredAsWalked(index, query, limit: 3)
      if let word = compiler.analyzer.queryWords(query).first,
        (compiler.wordScorer(word) as? WordOrPhrasesScorer)?.storedPhrase != nil
      {
        read += 1
      }
    }
    // Many identifiers were read from their stored lists.
    #expect(read >= 60, "\(read) of \(queries.count)")
  }

  /// Identifiers of more parts than concatenations are kept for store no runs (they are
  /// walked), and a run whose occurrence spans more slots than a position holds is not
  /// stored; a build of such text loses nothing.
  @Test func longIdentifiersAndLongRunsAreWalked() throws {
    let long = (0..<300).map { $0 == 0 ? "ab" : "Cd" }.joined()
    let middling = (0..<12).map { $0 == 0 ? "ef" : "Gh" }.joined()
    let texts = [long, "ab cd cd", middling, "ef gh gh gh", String(repeating: "ab cd ", count: 2_000)]
    let (index, directory) = try IndexFixture.build([Self.document("t2", texts)])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(!Self.stores(index, ["ab", "cd"]))
    #expect(!Self.stores(index, ["ef"] + Array(repeating: "gh", count: 11)))
    #expect(!Self.stores(index, ["ef", "gh"]))
    try Self.expectStoredAsWalked(index, middling)
    try Self.expectStoredAsWalked(index, "efGh")
    try Self.expectStoredAsWalked(index, "abCd")
    #expect(try index.search("efGh", limit: 10).total == 2)
  }

  /// The search gives up past its step budget, and then stores no run at all.
  @Test func pastItsBudgetTheSearchStoresNothing() {
    let (table, occurrences, phrases) = Self.analyzed([
      "Set kafaDrazu here.", "We say kafa drazu twice: kafa drazu.",
    ])
    let key = PartPhrases.key([Array("kafa".utf8), Array("drazu".utf8)])!
    for (budget, stored) in [(0, 0), (PartPhrases.stepsPerOccurrence, 3)] {
      var tried = occurrences
      var terms = table
      phrases.append(
        to: &tried, passageOccurrences: occurrences.count, passageCount: 2, table: &terms, foldsPlurals: true,
        stepsPerOccurrence: budget)
      #expect(tried.count - occurrences.count == stored, "budget \(budget)")
      #expect((terms.find(key) != nil) == (stored > 0), "budget \(budget)")
    }
  }

  @Test func keysAreTheLookupFormsApartOrNilWhenTooLong() {
    #expect(
      PartPhrases.key([Array("kafa".utf8), Array("drazu".utf8)]) == [TermSpace.partPhraseMarker]
        + Array("kafa drazu".utf8))
    #expect(PartPhrases.key([[UInt8](repeating: 0x61, count: 200), [UInt8](repeating: 0x62, count: 60)]) == nil)
    #expect(TermFolding.lookupForm(Array("views".utf8), foldsPlurals: true) == Array("view".utf8))
    #expect(TermFolding.lookupForm(Array("views".utf8), foldsPlurals: false) == Array("views".utf8))
  }
}
