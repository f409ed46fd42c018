import AppleSite
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Testing

@testable import Citations

@Suite struct CitationFormatterTests {
  static func hit(_ id: String) throws -> QuotedHit {
    let corpus = try TestCorpus()
    return try corpus.index().quote(try #require(CitationID(parsing: id)), context: 0).target
  }

  @Test(arguments: CitationFormat.allCases)
  func talkCitationGolden(format: CitationFormat) throws {
    let output = CitationFormatter.format(try Self.hit("wwdc2024/900002@1:10"), as: format)
    try Golden.check(output + "\n", named: "cite-talk.\(format.rawValue)")
  }

  @Test(arguments: CitationFormat.allCases)
  func higCitationGolden(format: CitationFormat) throws {
    let output = CitationFormatter.format(try Self.hit("hig/testing-layout#Folding"), as: format)
    try Golden.check(output + "\n", named: "cite-hig.\(format.rawValue)")
  }

  /// One cited passage is one item of its document: the CSL 1.0.2 types (strings, name
  /// objects, date parts as arrays of integer arrays), the page's URL, the event's year.
  @Test func cslJSONIsAValidItem() throws {
    let text = CitationFormatter.format(try Self.hit("tech-talks/900001@0:40"), as: .cslJSON)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    let item = try #require(items.first)
    #expect(items.count == 1)
    #expect(item["type"] as? String == "speech")
    #expect(item["id"] as? String == "tech-talks/900001")
    #expect(item["title"] as? String == "Design for Testing Duo")
    #expect((item["author"] as? [[String: String]]) == [["literal": "Apple Inc."]])
    #expect(item["event-title"] as? String == "Apple Developer Tech Talks")
    #expect((item["issued"] as? [String: [[Int]]]) == ["date-parts": [[2026]]])
    #expect(item["URL"] as? String == "https://developer.apple.com/videos/play/tech-talks/900001/")
    let allowed: Set<String> = [
      "id", "type", "title", "author", "genre", "container-title", "event", "event-title", "issued", "URL", "note",
      "language", "accessed",
    ]
    #expect(Set(item.keys).isSubset(of: allowed))
  }

  @Test(arguments: [("tech-talks", "Apple Developer Tech Talk"), ("wwdc2024", "WWDC24"), ("wwdc2009", "WWDC09")])
  func eventNames(event: String, name: String) {
    #expect(EventName.display(event) == name)
  }

  @Test func inlineQuotesKeepOneLineAndOneKindOfOuterMark() {
    #expect(CitationFormatter.inlineQuote("He said “go”\nand \"stop\".") == "He said ‘go’ and 'stop'.")
  }

  @Test func everyFormatOfACitationVerifies() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    let verifier = try corpus.verifier()
    for id in ["tech-talks/900001@0:16", "wwdc2024/900002@1:10", "hig/testing-layout#Folding"] {
      let hit = try index.quote(try #require(CitationID(parsing: id)), context: 0).target
      for format in [CitationFormat.markdown, .text] {
        let verdicts = verifier.verify(text: CitationFormatter.format(hit, as: format), file: "cite")
        #expect(verdicts.map(\.status) == [.verified], "\(id) as \(format)")
      }
    }
  }
}
