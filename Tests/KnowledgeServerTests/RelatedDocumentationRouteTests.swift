import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// The API names a talk's related documentation (`relatedDocumentation`) in its quote and
/// its whole document, as the web page shows them; other documents have no such key.
@Suite struct RelatedDocumentationRouteTests {
  static func fixture() throws -> ServerFixture {
    var talk = CitationFixtures.designTalk()
    talk.relatedDocumentation = [
      RelatedDocumentation(title: "Layout", url: "https://developer.apple.com/documentation/testkit/layout"),
      RelatedDocumentation(title: "Elsewhere", url: "https://developer.apple.com/documentation/otherkit"),
    ]
    var page = Document(
      id: "doc/testkit/layout", kind: .doc, title: "Layout",
      url: "https://developer.apple.com/documentation/testkit/layout",
      passages: [Passage(kind: .text, text: "Lay out views.", anchor: "overview")],
      sections: [SectionHeading(title: "Overview", anchor: "overview", level: 2)])
    page.documentation = DocumentationMetadata(role: "article")
    return try ServerFixture(documents: [talk, CitationFixtures.toolbarTalk(), CitationFixtures.layoutPage(), page])
  }

  @Test func documentAndQuoteOfATalkNameItsPages() throws {
    let fixture = try Self.fixture()
    let document = try fixture.client.get("/api/documents/tech-talks/900001")
    #expect(document.status == 200)
    let related = document.object["relatedDocumentation"] as? [[String: Any]] ?? []
    #expect(related.compactMap { $0["id"] as? String } == ["doc/testkit/layout", "doc/otherkit"])
    #expect(related.compactMap { $0["inCorpus"] as? Bool } == [true, false])
    #expect(related.first?["title"] as? String == "Layout")
    let quote = try fixture.client.get("/api/quote?id=tech-talks/900001@0:40")
    #expect(quote.status == 200, "\(quote.object)")
    #expect((quote.object["relatedDocumentation"] as? [[String: Any]])?.count == 2)
    let other = try fixture.client.get("/api/documents/wwdc2024/900002")
    #expect(other.status == 200)
    #expect(other.object["relatedDocumentation"] == nil)
  }
}
