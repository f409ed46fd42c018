import DocumentModel
import KnowledgeBase
import Testing

@testable import Citations

/// Code keeps its lines and indentation in every format, and pastes into Markdown as a fence.
@Suite struct CodePassageTests {
  static let code = "struct FoldAware: View {\n    var body: some View {\n        Text(\"`hi`\")\n    }\n}"

  static func talkWithCode() -> Document {
    var talk = TestCorpus.designTalk()
    talk.passages.insert(
      Passage(kind: .code, text: code, startMilliseconds: 40_000, endMilliseconds: 40_000, heading: "FoldAware"), at: 3)
    return talk
  }

  @Test func codeIsFencedInMarkdownAndKeptWholeInText() throws {
    let corpus = try TestCorpus(talk: Self.talkWithCode())
    let index = try corpus.index()
    let hit = try #require(try index.answer("kind:code FoldAware", limit: 1).hits.first)
    #expect(hit.passageKind == .code)
    let markdown = CitationFormatter.format(hit, as: .markdown)
    #expect(markdown.hasPrefix("```swift\n" + Self.code + "\n```\n— "), "\(markdown)")
    #expect(!markdown.contains("> "))
    let text = CitationFormatter.format(hit, as: .text)
    #expect(text.hasPrefix(Self.code + "\n— "), "\(text)")
    // At the moment where speech and the code sample both start, the speech is quoted.
    let quoted = try index.quote(CitationID(documentID: "tech-talks/900001", locator: .time(seconds: 40)), context: 0)
    #expect(quoted.target.passageKind == .speech)
  }

  @Test func aFenceIsLongerThanAnyRunOfBackticksInside() {
    #expect(CitationFormatter.fenced("a ```` b").hasPrefix("`````\n"))
    #expect(CitationFormatter.fenced("let x = 1").hasPrefix("```swift\nlet x = 1\n```"))
  }
}
