import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A word that may also be written as phrases (an identifier's parts, or a split of an
/// unknown word) skips phrase checks where the word is written whole. It must still match
/// exactly the union of the two, in order and by leaps, and score each place once.
@Suite struct WordOrPhrasesTests {
  /// Passage ids a fresh scorer walks, one `next()` at a time.
  static func walk(_ scorer: any Scorer) -> [UInt32] {
    var ids: [UInt32] = []
    while scorer.current != PostingCursor.exhausted {
      ids.append(scorer.current)
      scorer.next()
    }
    return ids
  }

  /// The union of the whole word and its phrases, each walked on its own with positions
  /// compared at every passage (what the scorer must equal).
  static func reference(_ compiler: QueryCompiler, _ word: Analyzer.Word) -> [UInt32] {
    var ids = Set(walk(compiler.termScorer(word.folded)))
    let phrases =
      word.parts.count > 1
      ? [compiler.phrase(word.parts.map(compiler.termScorer))]
      : compiler.splitPhrases(word.folded, wholeFrequency: compiler.termScorer(word.folded).cost)
    for phrase in phrases { ids.formUnion(walk(phrase)) }
    return ids.sorted()
  }

  @Test func matchesTheUnionOfWholeWordAndPhrases() throws {
    var generator = CorpusGenerator(seed: 11, vocabularySize: 2_000)
    var documents = generator.documents(talks: 12, pages: 6, wordScale: 0.2)
    // Parts written apart, alone and beside the identifier, so phrase-only passages exist.
    let identifiers = generator.vocabulary.filter { word in
      word.dropFirst().contains(where: \.isUppercase) && word.allSatisfy(\.isLetter)
    }
    let apart = identifiers.prefix(40).map { word in
      word.replacing(#/([a-z])([A-Z])/#) { "\($0.output.1) \($0.output.2.lowercased())" }
    }
    documents[0].passages += apart.enumerated().map { number, text in
      Passage(
        kind: .speech, text: number.isMultiple(of: 2) ? "We say \(text) here." : "\(text) and \(identifiers[number])")
    }
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let compiler = QueryCompiler(index: index.first, verbatim: false)
    // Identifiers, and words never written as such that split into two known words.
    let splits = ["toolbarcontent", "systemdesign", "layoutcolor", "viewdata"]
    var phraseOnly = 0
    var checked = 0
    for text in identifiers.prefix(120) + splits {
      guard let word = compiler.analyzer.queryWords(text).first else { continue }
      let expected = Self.reference(compiler, word)
      let scorer = compiler.wordScorer(word)
      #expect(Self.walk(scorer) == expected, "\(text)")
      // By leaps: each target lands on the first expected id at or after it.
      let leaping = compiler.wordScorer(word)
      var target: UInt32 = 0
      for step in [3, 1, 40, 7, 200, 2, 1_000, 5] {
        target += UInt32(step)
        leaping.advance(to: target)
        target = max(target, leaping.current == PostingCursor.exhausted ? target : leaping.current)
        #expect(leaping.current == (expected.first { $0 >= target } ?? PostingCursor.exhausted), "\(text) at \(target)")
      }
      let whole = Set(Self.walk(compiler.termScorer(word.folded)))
      phraseOnly += expected.filter { !whole.contains($0) }.count
      if !expected.isEmpty { checked += 1 }
      // The total the search reports is the same union.
      #expect(try index.search(text, limit: 0).total == expected.count, "\(text)")
    }
    #expect(checked > 60)
    #expect(phraseOnly >= 15)
  }

  @Test func scoresEachPlaceOnceAndHighlightsEveryOccurrence() throws {
    let texts = [
      "Use scrollTargetBehavior here.",  // 0: whole
      "The scroll target behavior is set.",  // 1: apart
      "Set scrollTargetBehavior, then the scroll target behavior holds.",  // 2: both
      "Target the scroll behavior.",  // 3: parts, not a phrase
      "A customScrollTargetBehaviorStyle is longer.",  // 4: inside a longer identifier
    ]
    let document = Document(
      id: "tech-talks/1", kind: .talk, title: "Scrolling", url: "https://example.com/1",
      passages: texts.enumerated().map { number, text in
        Passage(kind: .speech, text: text, startMilliseconds: number * 1_000, endMilliseconds: number * 1_000 + 900)
      })
    let (index, directory) = try IndexFixture.build([document])
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.search("scrollTargetBehavior", limit: 10)
    #expect(results.total == 4)
    #expect(Set(results.hits.map(\.passageIndex)) == [0, 1, 2, 4])
    let both = try #require(results.hits.first { $0.passageIndex == 2 })
    let bytes = Array(texts[2].utf8)
    let highlighted = both.matchedRanges.map { String(decoding: bytes[$0], as: UTF8.self) }
    #expect(highlighted == ["scrollTargetBehavior", "scroll", "target", "behavior"])
    // Inside a phrase, the parts written apart count even where the identifier is written
    // whole too (their positions are found when the enclosing phrase asks for them).
    #expect(try index.search("\"then the scrollTargetBehavior holds\"", limit: 10).hits.map(\.passageIndex) == [2])
    #expect(try index.search("\"set scrollTargetBehavior then\"", limit: 10).hits.map(\.passageIndex) == [2])
    #expect(try index.search("\"the scrollTargetBehavior is\"", limit: 10).hits.map(\.passageIndex) == [1])
    // One query word: no proximity bonus for being near itself, so a passage of the
    // identifier alone scores as that one term does.
    let alone = try #require(results.hits.first { $0.passageIndex == 0 })
    let lowercased = try index.search("scrolltargetbehavior", limit: 10)
    let asWritten = try #require(lowercased.hits.first { $0.passageIndex == 0 })
    #expect(abs(alone.score - asWritten.score) < 1e-9)
  }
}
