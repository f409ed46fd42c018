import DocumentModel
import KnowledgeBase
import SearchIndex
import Testing

@testable import Citations

/// A search's hits become answers from the passages the search read (one read of each
/// hit's record and text): the quoted hits are exactly those read afresh by document and
/// passage, citation ids and their suffixes included.
@Suite struct AnsweredHitTests {
  /// A HIG page whose passages share one anchor (the ids need suffixes), and the usual corpus.
  static func sharedAnchorPage() -> Document {
    var page = TestCorpus.layoutPage()
    page.id = "hig/shared-anchor"
    page.url = "https://developer.apple.com/design/human-interface-guidelines/shared-anchor"
    for index in page.passages.indices { page.passages[index].anchor = "Best-practices" }
    return page
  }

  @Test(arguments: [false, true])
  func answersQuoteWhatAFreshReadQuotes(strict: Bool) throws {
    let corpus = try TestCorpus()
    try corpus.replace(Self.sharedAnchorPage())
    let index = try corpus.index()
    for query in ["scrolling", "toolbar", "content", "layout", "the", "margins", "hinge fold"] {
      let answer = try index.answer(query, limit: 20, scope: SearchScope(strict: strict))
      for hit in answer.hits {
        var fresh = index.quotedHit(
          document: hit.documentIndex, passage: hit.passageIndex, rank: hit.rank, score: hit.score,
          matchedRanges: hit.matchedRanges, matchStartMilliseconds: hit.matchStartMilliseconds)
        fresh.matchesAllWords = hit.matchesAllWords
        #expect(hit == fresh, "\(query): \(hit.citation)")
        #expect(hit.citation == index.citationID(document: hit.documentIndex, passage: hit.passageIndex))
      }
    }
  }

  @Test func searchHitsCarryThePassageTheyRead() throws {
    let index = try TestCorpus().index()
    let results = try index.search("scrolling", limit: 10)
    #expect(!results.hits.isEmpty)
    for hit in results.hits {
      #expect(hit.passage == index.passage(doc: hit.documentIndex, passage: hit.passageIndex))
    }
  }
}
