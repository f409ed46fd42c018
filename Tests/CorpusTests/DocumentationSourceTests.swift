import Corpus
import Testing

@Suite struct DocumentationSourceTests {
  @Test(
    "Documentation pages are told from their path, by page or render JSON URL",
    arguments: [
      ("https://developer.apple.com/documentation/uikit/uiviewcontroller", "doc/uikit/uiviewcontroller"),
      ("https://developer.apple.com/tutorials/data/documentation/swift/array.json", "doc/swift/array"),
      ("https://developer.apple.com/documentation/SwiftUI", "doc/swiftui"),
    ])
  func classified(url: String, id: String) throws {
    let entry = try SourceClassifier.entry(for: url)
    #expect(entry.kind == .doc)
    #expect(entry.follow == nil)
    #expect(entry.documentIDFromURL == id)
  }

  @Test func followTakesTheDocumentationDefaultsOrTheBoundsGiven() throws {
    let url = "https://developer.apple.com/documentation/uikit"
    #expect(try SourceClassifier.entry(for: url, follow: true).follow == SourceEntry.Follow(maxDepth: 1, maxPages: 50))
    let bounded = SourceEntry.Follow(maxDepth: 2, maxPages: 7)
    #expect(try SourceClassifier.entry(for: url, follow: true, followBounds: bounded).follow == bounded)
    let hig = "https://developer.apple.com/design/human-interface-guidelines/color"
    #expect(try SourceClassifier.entry(for: hig, follow: true).follow == SourceEntry.Follow())
  }

  @Test(
    "Documentation URLs that name no page are refused with the rule",
    arguments: [
      "https://developer.apple.com/documentation/", "https://developer.apple.com/documentation/uikit/../x",
      "https://developer.apple.com/tutorials/data/documentation/uikit",
    ])
  func refused(url: String) {
    #expect(throws: CorpusError.self) { try SourceClassifier.entry(for: url) }
  }
}
