import Foundation
import Testing

@testable import TalkPage

@Suite struct HTMLDocumentTests {
  static let url = URL(string: "https://developer.apple.com/")!

  /// libxml2 without XML_PARSE_HUGE stops at 256 levels: the tree stays bounded, and the
  /// rest of the page is lost (which is why the parser reports `.tooDeeplyNested`).
  @Test func libxml2StopsNestingAt256Levels() throws {
    let html = String(repeating: "<div>", count: 100_000) + "<h1>after</h1>"
    let result = try HTMLDocument.withParsed(Data(html.utf8), baseURL: Self.url) { document in
      (
        depth: document.root.maximumElementDepth,
        hasHeading: document.root.firstElement { $0.isElement(named: "h1") } != nil
      )
    }
    let parsed = try #require(result)
    #expect(parsed.depth > TalkPageParser.deepestDetectableDepth)
    #expect(parsed.depth <= 257)
    #expect(!parsed.hasHeading)
  }

  @Test func emptyInputGivesNoDocument() throws {
    let result = try HTMLDocument.withParsed(Data(), baseURL: Self.url) { _ in true }
    #expect(result == nil)
  }

  @Test func repairsMisnestedParagraphsInsideSpans() throws {
    let html = "<p><span data-start=\"1\">a</p><p>b</span></p>"
    let texts = try HTMLDocument.withParsed(Data(html.utf8), baseURL: Self.url) { document in
      document.root.elements { $0.isElement(named: "p") }.map(\.text)
    }
    // The span is closed by </p>; "b" lands in the second paragraph, outside any span.
    #expect(texts == ["a", "b"])
  }
}
