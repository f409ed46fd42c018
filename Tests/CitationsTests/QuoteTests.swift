import KnowledgeBase
import Testing

@testable import Citations

@Suite struct QuoteTests {
  @Test(
    "A talk time names the passage starting in that second, or the one spoken then",
    arguments: [
      ("tech-talks/900001@0:40", "Scrolling content doesn't need to move."),
      ("tech-talks/900001@0:42", "Scrolling content doesn't need to move."),
      ("tech-talks/900001@0:16", "Don’t put buttons in the fold, because they’re hard to tap there."),
      ("tech-talks/900001@0:25", "Don’t put buttons in the fold, because they’re hard to tap there."),
      ("tech-talks/900001@0:10.1", "Welcome to the talk."),
      ("tech-talks/900001@0:10.2", "Today we look at folding screens and the controls that move to the side."),
      // An id written before places: its hash still names the passage.
      ("tech-talks/900001@0:10~19a7", "Today we look at folding screens and the controls that move to the side."),
      ("wwdc2024/900002@1:10", "The toolbar moves to the side on the outer display."),
    ])
  func quotesByTime(id: String, expected: String) throws {
    let corpus = try TestCorpus()
    let answer = try corpus.index().quote(try #require(CitationID(parsing: id)), context: 0)
    #expect(answer.target.quote == expected)
    #expect(answer.passages.count == 1)
    #expect(answer.before.isEmpty && answer.after.isEmpty)
  }

  @Test func aPlaceTellsPassagesOfOneSecondApart() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    let welcome = index.citationID(document: try #require(index.documentIndex(id: "tech-talks/900001")), passage: 0)
    let today = index.citationID(document: try #require(index.documentIndex(id: "tech-talks/900001")), passage: 1)
    #expect(welcome.base == "tech-talks/900001@0:10")
    #expect(welcome.description == "tech-talks/900001@0:10.1" && today.description == "tech-talks/900001@0:10.2")
    #expect(try index.quote(today, context: 0).target.quote.hasPrefix("Today we look"))
    #expect(try index.quote(welcome, context: 0).target.quote == "Welcome to the talk.")
    #expect(try index.quote(today, context: 0).target.citation == today)
  }

  @Test func contextAddsPassagesAroundInOrder() throws {
    let corpus = try TestCorpus()
    let answer = try corpus.index().quote(try #require(CitationID(parsing: "tech-talks/900001@0:40")), context: 2)
    #expect(answer.before.map(\.timestamp) == ["0:10", "0:16"])
    #expect(answer.after.map(\.quote) == ["Lists, feeds & articles keep flowing.", "Thank you."])
    #expect(answer.target.link == "https://developer.apple.com/videos/play/tech-talks/900001/?time=40")
    let edge = try corpus.index().quote(try #require(CitationID(parsing: "tech-talks/900001@1:00")), context: 5)
    #expect(edge.after.isEmpty)
    #expect(edge.before.count == 5)
  }

  @Test func aTimeThatNamesTwoPassagesIsAnsweredWithBoth() throws {
    let corpus = try TestCorpus()
    let answer = try corpus.index().quote(try #require(CitationID(parsing: "tech-talks/900001@0:10")), context: 0)
    #expect(answer.passages.map(\.citation.description) == ["tech-talks/900001@0:10.1", "tech-talks/900001@0:10.2"])
    #expect(answer.target.citation.description == "tech-talks/900001@0:10")
    #expect(answer.target.quote.hasPrefix("Welcome to the talk.\n\nToday we look"))
  }

  @Test func everyPassageIdNamesThatPassageAndNoHashIsWritten() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    for document in 0..<index.documentCount {
      for passage in 0..<index.document(document).passageCount {
        let hit = index.quotedHit(document: document, passage: passage)
        let id = hit.citation.description
        #expect(!id.contains("~"), "\(id)")
        let answer = try index.quote(try #require(CitationID(parsing: id)), context: 0)
        #expect(answer.passages.map(\.passageIndex) == [passage], "\(id)")
      }
    }
  }

  @Test func aPlaceInASectionNamesOnePassage() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    let second = try index.quote(try #require(CitationID(parsing: "hig/testing-layout#Best-practices.2")), context: 0)
    #expect(second.target.quote == "Let backgrounds extend to the edges.")
    let old = try index.quote(try #require(CitationID(parsing: "hig/testing-layout#Best-practices~b3b0")), context: 0)
    #expect(old.passages.count == 1)
  }

  @Test func anAnchorNamesTheWholeSection() throws {
    let corpus = try TestCorpus()
    let answer = try corpus.index().quote(
      try #require(CitationID(parsing: "hig/testing-layout#Best-practices")), context: 1)
    #expect(answer.passages.count == 2)
    #expect(answer.target.quote == "Keep controls inside the safe area.\n\nLet backgrounds extend to the edges.")
    #expect(answer.target.citation.description == "hig/testing-layout#Best-practices")
    #expect(
      answer.target.link
        == "https://developer.apple.com/design/human-interface-guidelines/testing-layout#Best-practices")
    #expect(answer.after.map(\.quote) == ["Avoid placing text across the fold."])
    #expect(answer.before.isEmpty)
  }

  @Test(
    "Ids that name nothing are errors that say why",
    arguments: [
      ("tech-talks/123@0:10", "no document"),
      ("tech-talks/900001@0:30", "nearest passage starts at 0:40"),
      ("tech-talks/900001@0:10~ffff", "no passage there has the hash"),
      (
        "tech-talks/900001@0:10.3",
        "2 passages of 'tech-talks/900001' are at 0:10: tech-talks/900001@0:10.1, tech-talks/900001@0:10.2"
      ),
      ("tech-talks/900001@0:40.2", "one passage of 'tech-talks/900001' is at 0:40: tech-talks/900001@0:40"),
      ("tech-talks/900001@0:41.1", "no passage of 'tech-talks/900001' starts at 0:41"),
      ("hig/testing-layout#Nowhere", "has no section"),
      ("hig/testing-layout@0:10", "is not a talk"),
      ("hig/testing-layout", "name a section of 'hig/testing-layout': its sections are #Best-practices, #Folding"),
    ])
  func unknownIDs(id: String, reason: String) throws {
    let corpus = try TestCorpus()
    let citation = try #require(CitationID(parsing: id))
    #expect {
      try corpus.index().quote(citation, context: 0)
    } throws: { error in
      guard let error = error as? CitationsError, case .unknownCitation(_, let message) = error else { return false }
      return message.contains(reason)
    }
  }
}
