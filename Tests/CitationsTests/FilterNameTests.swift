import DocumentModel
import KnowledgeBase
import Testing

@testable import Citations

/// `year:` and `event:` work for every document with a date or an event, in the names people
/// write for events.
@Suite struct FilterNameTests {
  static func talkOf2023() -> Document {
    var talk = TestCorpus.designTalk()
    talk.id = "wwdc2023/900003"
    talk.url = "https://developer.apple.com/videos/play/wwdc2023/900003/"
    talk.event = "wwdc2023"
    talk.year = nil
    return talk
  }

  @Test(arguments: [
    ("year:2023 folding", 1), ("event:wwdc2023 folding", 1), ("event:WWDC23 folding", 1), ("event:wwdc23 folding", 1),
    ("year:2024 scrolling", 1), ("event:WWDC24 scrolling", 1), ("year:2022 folding", 0), ("event:wwdc22 folding", 0),
  ])
  func filtersByYearAndEvent(query: String, total: Int) throws {
    let corpus = try TestCorpus(talk: Self.talkOf2023())
    #expect(try corpus.index().answer(query, limit: 5).total == total)
  }

  @Test func techTalksByAnyOfTheirNames() throws {
    let corpus = try TestCorpus()
    for name in ["tech-talks", "Tech-Talks", "techtalks", "tech-talk"] {
      #expect(try corpus.index().answer("event:\(name) folding", limit: 5).total == 1, "\(name)")
    }
  }
}
