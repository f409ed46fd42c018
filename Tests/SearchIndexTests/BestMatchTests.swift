import DocumentModel
import Foundation
import Testing

@testable import SearchIndex

/// The best-match ranker on a corpus written for it: a talk whose sentences need their
/// neighbours, a table of short cells, and forms of one word.
@Suite struct BestMatchTests {
  static func speech(_ text: String, heading: String? = nil) -> Passage {
    Passage(kind: .speech, text: text, startMilliseconds: 0, endMilliseconds: 1_000, heading: heading)
  }

  static let documents: [Document] = [
    Document(
      id: "tech-talks/1", kind: .talk, title: "Bars on the outer display", url: "https://example.com/1",
      passages: [
        speech("Let's talk about the tab bar on the outer display.", heading: "Tab bars"),
        speech("They compress first.", heading: "Tab bars"),
        speech("Frequently used destinations stay visible for longer.", heading: "Tab bars"),
        speech("Now a word about adaptive layouts that keep working in every pose."),
        speech("Apps adapting their layout should keep the same hierarchy."),
      ]),
    Document(
      id: "hig/size", kind: .hig, title: "Layout", url: "https://example.com/hig",
      passages: [
        Passage(kind: .text, text: "Size classes", anchor: "table", heading: "Size classes"),
        Passage(kind: .text, text: "Horizontal size class", anchor: "table", heading: "Size classes"),
        Passage(kind: .text, text: "Compact", anchor: "table", heading: "Size classes"),
      ]),
    Document(
      id: "tech-talks/2", kind: .talk, title: "Layouts", url: "https://example.com/2",
      passages: [
        speech("Instead, focus on two size classes: compact width on the outer display and regular width inside."),
        speech("Welcome to the session."),
      ]),
  ]

  static func text(_ index: SearchIndex, _ hit: RankedHit) -> String {
    index.passage(doc: hit.hit.documentIndex, passage: hit.hit.passageIndex).text
  }

  @Test func aQuestionWithoutAnyPassageOfAllItsWordsStillFindsTheAnswer() throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let query = "What happens to the tab bar on the outer display?"
    #expect(try index.search(query, limit: 10).hits.isEmpty)
    let results = try index.bestMatch(query, limit: 10)
    #expect(results.total == 0)
    #expect(results.includesPartialMatches)
    #expect(Self.text(index, try #require(results.hits.first)) == "Let's talk about the tab bar on the outer display.")
    // Every hit has some of the words itself: context ranks passages, never makes them hits.
    #expect(results.hits.allSatisfy { $0.ownContentWords > 0 && !$0.matchesAllWords })
  }

  @Test func passagesWithEveryWordComeFirstAndFragmentsDoNotWinOnShortness() throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.bestMatch("size class compact width", limit: 10)
    let first = try #require(results.hits.first)
    #expect(first.matchesAllWords)
    #expect(Self.text(index, first).hasPrefix("Instead, focus on two size classes"))
    #expect(results.hits.drop { $0.matchesAllWords }.allSatisfy { !$0.matchesAllWords })
    #expect(results.total == 1)
  }

  @Test func exactFormsRankAboveFormsSharingTheirStem() throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.bestMatch("adaptive", limit: 10)
    #expect(
      results.hits.map { Self.text(index, $0) } == [
        "Now a word about adaptive layouts that keep working in every pose.",
        "Apps adapting their layout should keep the same hierarchy.",
      ])
    // The strict query knows no stems.
    #expect(try index.search("adaptive", limit: 10).total == 1)
  }

  @Test func highlightsAreWholeWordsOfThePassage() throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let hit = try #require(try index.bestMatch("adapting", limit: 1).hits.first)
    let text = Array(Self.text(index, hit).utf8)
    #expect(hit.hit.matchedRanges.map { String(decoding: text[$0], as: UTF8.self) } == ["adapting"])
  }

  @Test("Queries with operators run strictly", arguments: ["tab OR zebra", "tab -zebra", "compr*"])
  func operatorsAreStrict(query: String) throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let strict = try index.search(query, limit: 10)
    let results = try index.bestMatch(query, limit: 10)
    #expect(results.total == strict.total)
    #expect(results.hits.map(\.hit) == strict.hits)
    #expect(!results.includesPartialMatches)
  }

  @Test func filtersHold() throws {
    let (index, directory) = try IndexFixture.build(Self.documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.bestMatch("size class outer display kind:hig", limit: 10)
    #expect(!results.hits.isEmpty)
    #expect(results.hits.allSatisfy { index.document($0.hit.documentIndex).kind == .hig })
  }

  /// Two talks say the same sentence; the one whose description names the question's topic
  /// ranks first, and the description makes nothing a hit that lacks the words itself.
  @Test func aTalksDescriptionRanksItsPassages() throws {
    let sentence = "Keep them on the leading edge where people expect them."
    let documents = [
      Document(
        id: "tech-talks/10", kind: .talk, title: "Layout notes", url: "https://example.com/10",
        passages: [Self.speech("Welcome."), Self.speech(sentence), Self.speech("Thanks for watching.")]),
      Document(
        id: "tech-talks/11", kind: .talk, title: "Layout notes", url: "https://example.com/11",
        summary: "Learn where inspectors and sidebars belong on the inner display.",
        passages: [Self.speech("Welcome."), Self.speech(sentence), Self.speech("Thanks for watching.")]),
    ]
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.bestMatch("Where do sidebars go, the leading edge?", limit: 10)
    let first = try #require(results.hits.first)
    #expect(index.document(first.hit.documentIndex).id == "tech-talks/11")
    #expect(Self.text(index, first) == sentence)
    #expect(results.hits.count == 2)
    #expect(results.hits.allSatisfy { Self.text(index, $0) == sentence })
    // A word of the description alone makes no hit.
    #expect(try index.bestMatch("inspectors", limit: 10).hits.isEmpty)
  }

  /// A passage that merely names the topic ("Reserved regions.") and goes on in the next
  /// passage keeps `namingFactor` of its score, so the sentence that says what the regions
  /// are comes first; the same words as a document's last passage name nothing that
  /// follows, and a sentence with one word besides the query's is not naming.
  @Test func aPassageThatMerelyNamesTheTopicYieldsToTheOneThatExplains() throws {
    let explaining = "Reserved regions are the hinge and cameras."
    let documents = [
      Document(
        id: "tech-talks/20", kind: .talk, title: "Notes", url: "https://example.com/20",
        passages: [Self.speech("Reserved regions."), Self.speech("Nothing interactive goes there.")]),
      Document(
        id: "tech-talks/21", kind: .talk, title: "Notes", url: "https://example.com/21",
        passages: [Self.speech(explaining), Self.speech("That is all.")]),
      Document(
        id: "tech-talks/22", kind: .talk, title: "Notes", url: "https://example.com/22",
        passages: [Self.speech("Welcome."), Self.speech("Reserved regions, briefly.")]),
    ]
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.bestMatch("reserved regions", limit: 10, explain: true)
    let order = results.hits.map { Self.text(index, $0) }
    #expect(order == ["Reserved regions, briefly.", explaining, "Reserved regions."])
    let naming = results.hits.map { $0.explanation?.naming }
    #expect(naming == [1, 1, RankingWeights.standard.namingFactor])
    for hit in results.hits { try ScoreExplanationTests.expectPartsAddUp(hit, "reserved regions") }
    // Without the factor, shortness wins: the heading-like passage is first.
    var unweighted = RankingWeights.standard
    unweighted.namingFactor = 1
    let plain = try index.bestMatch(
      "reserved regions", limit: 10, verbatim: false, filters: .init(), weights: unweighted)
    #expect(plain.hits.first.map { Self.text(index, $0) } == "Reserved regions.")
  }
}
