import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A quoted phrase may run on from the last words of a passage into the first words of the
/// next passages of its document, within one section (`PhraseRunOn`); the hit is the passage
/// it begins in, with the passages it runs on into.
@Suite struct PhraseRunOnTests {
  static let documents: [Document] = [
    Document(
      id: "tech-talks/1", kind: .talk, title: "Poses", url: "https://example.com/1",
      passages: [
        Passage(kind: .speech, text: "Continuous scrolling content like lists don’t displace.", startMilliseconds: 0),
        Passage(kind: .speech, text: "These experiences already adapt through scrolling.", startMilliseconds: 3_000),
        Passage(kind: .speech, text: "Moving them can interrupt continuity!", startMilliseconds: 6_000),
        Passage(kind: .speech, text: "Of the best, keep the toolbar in place", startMilliseconds: 9_000),
      ]),
    Document(
      id: "tech-talks/2", kind: .talk, title: "Places", url: "https://example.com/2",
      passages: [
        Passage(kind: .speech, text: "Place matters to us all.", startMilliseconds: 0),
        Passage(kind: .speech, text: "It is the end.", startMilliseconds: 2_000),
      ]),
    Document(
      id: "hig/layout", kind: .hig, title: "Layout", url: "https://example.com/hig/layout",
      passages: [
        Passage(kind: .text, text: "Use a split view.", anchor: "columns", heading: "Columns"),
        Passage(kind: .text, text: "Columns adapt to width.", anchor: "columns", heading: "Columns"),
        Passage(kind: .text, text: "Width classes decide it.", anchor: "size-classes", heading: "Size classes"),
      ]),
  ]

  /// Each hit as "doc.passage", with "+passage" for each passage it runs on into.
  static func hits(_ index: SearchIndex, _ query: String, verbatim: Bool) throws -> [String] {
    try index.search(query, limit: 50, verbatim: verbatim).hits.map { hit in
      "\(hit.documentIndex).\(hit.passageIndex)" + hit.runOn.map { "+\($0.passageIndex)" }.joined()
    }
  }

  @Test(
    "Phrases run on from passage to passage",
    arguments: [
      // Two passages, a sentence's end between them; the apostrophe as typed.
      ("\"lists don't displace These experiences\"", false, ["0.0+1"]),
      ("\"lists don't displace These experiences\"", true, ["0.0+1"]),
      // Three: the middle passage whole.
      ("\"displace these experiences already adapt through scrolling moving them\"", false, ["0.0+1+2"]),
      // An exclamation mark and a comma around; stop words only across the seam.
      ("\"interrupt continuity of the best\"", false, ["0.2+3"]),
      ("\"continuity of the\"", true, ["0.2+3"]),
      // Stop words alone do not run on: "of the" quotes nothing.
      ("\"to us all it is\"", false, []),
      ("\"matters to us all it is\"", false, ["1.0+1"]),
      ("\"continuity of the\"", false, ["0.2+3"]),
      ("\"in place place\"", true, []),
      ("\"them can interrupt continuity of\"", false, ["0.2+3"]),
      // Plurals fold across passages as inside one, and not verbatim.
      ("\"displace these experience\"", false, ["0.0+1"]),
      ("\"displace these experience\"", true, []),
      // Not from one document into the next.
      ("\"toolbar in place place matters\"", false, []),
      ("\"in place place\"", false, []),
      // Not across a heading; within a section, yes.
      ("\"adapt to width width classes\"", false, []),
      ("\"split view columns adapt\"", false, ["2.0+1"]),
      // A phrase inside one passage is found as before, with nothing after it.
      ("\"already adapt through\"", false, ["0.1"]),
      // Words in a row that do not end and begin passages do not run on.
      ("\"content these experiences\"", false, []),
      ("\"displace already\"", false, []),
      // Only the phrase runs on: the other words are the hit's own.
      ("\"displace these experiences\" scrolling", false, ["0.0+1"]),
      ("\"displace these experiences\" adapt", false, []),
      // An excluded phrase excludes the passage it begins in.
      ("scrolling -\"displace these experiences\"", false, ["0.1"]),
    ])
  func runsOn(query: String, verbatim: Bool, expected: [String]) throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Self.hits(index, query, verbatim: verbatim) == expected, "\(query)")
    #expect(try index.search(query, limit: 0, verbatim: verbatim).total == expected.count, "\(query)")
  }

  @Test("A hit that runs on marks the phrase's words in each passage")
  func highlightsEachPassage() throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let hit = try #require(try index.search("\"lists don't displace These experiences\"", limit: 5).hits.first)
    let first = Array(Self.documents[0].passages[0].text.utf8)
    let second = Array(Self.documents[0].passages[1].text.utf8)
    #expect(hit.matchedRanges.map { String(decoding: first[$0], as: UTF8.self) } == ["lists", "don’t", "displace"])
    #expect(hit.runOn.count == 1)
    #expect(
      hit.runOn[0].matchedRanges.map { String(decoding: second[$0], as: UTF8.self) } == ["These", "experiences"])
  }

  @Test("Several hits, some running on, rank and count as the exhaustive evaluation", arguments: [false, true])
  func plannedAsExhaustive(verbatim: Bool) throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    for query in ["\"the best\"", "\"continuity of the\" OR \"split view\"", "\"displace these\" OR scrolling"] {
      let parsed = try QueryParser.parse(query)
      for limit in [0, 1, 10] {
        let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: .init())
        let oracle = try index.search(
          parsed: parsed, limit: limit, verbatim: verbatim, filters: .init(), evaluation: .exhaustive)
        #expect(planned == oracle, "\(query) top \(limit)")
      }
    }
  }

  /// Documents of short passages drawn from five words, so that phrases run on often: talks,
  /// and pages whose sections change now and then; now and then a passage without words,
  /// which a phrase does not run on over.
  static func denseDocuments(seed: UInt64) -> [Document] {
    var random = SplitMix64(seed: seed)
    let vocabulary = ["red", "blue", "green", "the", "of"]
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    return (0..<12).map { number in
      let isPage = number % 3 == 0
      var section = 0
      let passages = (0..<(4 + below(7))).map { place in
        let words = (0..<(1 + below(4))).map { _ in vocabulary[below(vocabulary.count)] }
        let sentence = words.joined(separator: " ")
        let text =
          below(12) == 0 ? "—" : sentence.prefix(1).uppercased() + sentence.dropFirst() + (below(2) == 0 ? "." : "!")
        guard isPage else { return Passage(kind: .speech, text: text, startMilliseconds: place * 1_000) }
        if below(4) == 0 { section += 1 }
        return Passage(kind: .text, text: text, anchor: "part-\(section)", heading: "Part \(section)")
      }
      return Document(
        id: isPage ? "hig/page-\(number)" : "tech-talks/\(number)", kind: isPage ? .hig : .talk,
        title: "Document \(number)", url: "https://example.com/\(number)", passages: passages)
    }
  }

  @Test(
    "On dense text, phrases match where a brute force finds them, inside passages or running on",
    arguments: [UInt64(1), 2, 3])
  func denseAsBruteForce(seed: UInt64) throws {
    let documents = Self.denseDocuments(seed: seed)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let ids = DifferentialTests.globalIds(documents)
    let passageWords = documents.map {
      $0.passages.map { $0.text.lowercased().split { !$0.isLetter }.map(String.init) }
    }
    var random = SplitMix64(seed: seed &* 31)
    var ranOn = 0
    for _ in 0..<40 {
      let phrase = (0..<(2 + Int(random.next() % 3))).map { _ in
        ["red", "blue", "green", "the", "of"][Int(random.next() % 5)]
      }
      let query = "\"" + phrase.joined(separator: " ") + "\""
      var inside = Set<Int>()
      for (number, passages) in passageWords.enumerated() {
        for (place, words) in passages.enumerated() where words.count >= phrase.count {
          if (0...(words.count - phrase.count)).contains(where: { Array(words[$0..<($0 + phrase.count)]) == phrase }) {
            inside.insert(ids[number][place])
          }
        }
      }
      let runningOn = DifferentialTests.runOnStarts(query, documents, ids)
      ranOn += runningOn.subtracting(inside).count
      for verbatim in [false, true] {
        let results = try index.search(query, limit: 10_000, verbatim: verbatim)
        let found = Dictionary(uniqueKeysWithValues: results.hits.map { (ids[$0.documentIndex][$0.passageIndex], $0) })
        #expect(Set(found.keys) == inside.union(runningOn), "\(query)")
        #expect(results.total == found.count, "\(query)")
        for (id, hit) in found { #expect(hit.runOn.isEmpty == inside.contains(id), "\(query) at \(id)") }
        let parsed = try QueryParser.parse(query)
        for limit in [0, 3] {
          let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: .init())
          let oracle = try index.search(
            parsed: parsed, limit: limit, verbatim: verbatim, filters: .init(), evaluation: .exhaustive)
          #expect(planned == oracle, "\(query) top \(limit)")
        }
      }
    }
    // The corpus is dense enough that many phrases only run on.
    #expect(ranOn > 20)
  }
}
