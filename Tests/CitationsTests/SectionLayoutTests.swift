import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Testing

@testable import Citations

/// A HIG section quoted whole keeps Apple's layout: a list stays a list, a table a table,
/// in `cite` and `quote`, while every passage keeps its exact text.
@Suite struct SectionLayoutTests {
  static func passage(_ text: String, _ layout: PassageLayout, kind: PassageKind = .text) -> Passage {
    Passage(kind: kind, text: text, anchor: "Adaptability", heading: "Adaptability", layout: layout)
  }

  /// The shape of Apple's Layout page, section Adaptability: a paragraph of two sentences, a
  /// list of four items (one nested), an ordered list and a table with a header row.
  static func adaptabilityPage(layouts: Bool = true) -> Document {
    var passages = [
      passage("Design for every size.", PassageLayout(role: .paragraph, block: 0)),
      passage("Avoid widths < 320 points.", PassageLayout(role: .paragraph, block: 0)),
      passage("Size classes", PassageLayout(role: .listItem, block: 1, depth: 1)),
      passage("Dynamic Type & accessibility text sizes", PassageLayout(role: .listItem, block: 2, depth: 1)),
      passage("Larger sizes | smaller ones", PassageLayout(role: .listItem, block: 3, depth: 2)),
      passage("Split View and window resizing", PassageLayout(role: .listItem, block: 4, depth: 1)),
      passage("Test early.", PassageLayout(role: .listItem, block: 5, depth: 1, number: 1)),
      passage("Test often.", PassageLayout(role: .listItem, block: 6, depth: 1, number: 2)),
      passage("Device", PassageLayout(role: .tableHeaderCell, block: 7, table: 0, row: 0, column: 0)),
      passage("Width", PassageLayout(role: .tableHeaderCell, block: 8, table: 0, row: 0, column: 1)),
      passage("iPhone Duo (outer)", PassageLayout(role: .tableCell, block: 9, table: 0, row: 1, column: 0)),
      passage("Compact", PassageLayout(role: .tableCell, block: 10, table: 0, row: 1, column: 1)),
      passage("iPhone Duo (inner)", PassageLayout(role: .tableCell, block: 11, table: 0, row: 2, column: 0)),
      passage("Regular", PassageLayout(role: .tableCell, block: 12, table: 0, row: 2, column: 1)),
      passage("The fold is never a column.", PassageLayout(role: .paragraph, block: 13)),
    ]
    if !layouts { for index in passages.indices { passages[index].layout = nil } }
    return Document(
      id: "hig/layout", kind: .hig, title: "Layout",
      url: "https://developer.apple.com/design/human-interface-guidelines/layout",
      passages: passages, sections: [SectionHeading(title: "Adaptability", anchor: "Adaptability", level: 2)])
  }

  static func corpus(_ page: Document) throws -> TestCorpus {
    let corpus = try TestCorpus()
    try corpus.replace(page)
    return corpus
  }

  static func cited(_ page: Document, format: CitationFormat) throws -> String {
    let corpus = try corpus(page)
    let outcome = try corpus.base.cite(["hig/layout#Adaptability"], in: try corpus.index())
    return CitationFormatter.format(outcome.bibliography, as: format)
  }

  @Test func textHasOneItemOrRowALine() throws {
    #expect(
      try Self.cited(Self.adaptabilityPage(), format: .text) == """
        “Design for every size. Avoid widths < 320 points.

        - Size classes
        - Dynamic Type & accessibility text sizes
          - Larger sizes | smaller ones
        - Split View and window resizing
        1. Test early.
        2. Test often.

        Device | Width
        iPhone Duo (outer) | Compact
        iPhone Duo (inner) | Regular

        The fold is never a column.”
        — Layout › Adaptability, https://developer.apple.com/design/human-interface-guidelines/layout#Adaptability
        """)
  }

  @Test func markdownHasListsAndATable() throws {
    try Golden.check(
      try Self.cited(Self.adaptabilityPage(), format: .markdown) + "\n", named: "cite-hig-section.markdown")
    let markdown = try Self.cited(Self.adaptabilityPage(), format: .markdown)
    #expect(
      markdown.contains(
        "> - Size classes\n> - Dynamic Type & accessibility text sizes\n>     - Larger sizes | smaller ones\n"))
    #expect(markdown.contains("> | Device | Width |\n> | --- | --- |\n> | iPhone Duo (outer) | Compact |\n"))
  }

  /// Marks are added between the words, never inside them: the Markdown citation, a
  /// blockquote with its source line, verifies. (The text form, lines for reading, spans
  /// blank lines that a write-up's reader takes as paragraph ends.)
  @Test func laidOutCitationsVerify() throws {
    let corpus = try Self.corpus(Self.adaptabilityPage())
    let outcome = try corpus.base.cite(["hig/layout#Adaptability"], in: try corpus.index())
    let verifier = try corpus.verifier()
    for format in [CitationFormat.markdown] {
      let verdicts = verifier.verify(text: CitationFormatter.format(outcome.bibliography, as: format), file: "cite")
      #expect(!verdicts.isEmpty && verdicts.allSatisfy { $0.status == .verified }, "\(format): \(verdicts)")
    }
  }

  @Test func theQuotedTextIsUnchanged() throws {
    let corpus = try Self.corpus(Self.adaptabilityPage())
    let index = try corpus.index()
    let plain = try index.quote(try #require(CitationID(parsing: "hig/layout#Adaptability")), context: 0)
    let laidOut = corpus.base.laidOut(plain)
    #expect(laidOut.target.quote == plain.target.quote)
    #expect(laidOut.target.sectionLayout?.map(\.text) == Self.adaptabilityPage().passages.map(\.text))
  }

  /// A corpus harvested before layouts were recorded, or changed since the index was built,
  /// is shown as its passages, never with a layout that may not be its own.
  @Test func noLayoutWithoutOneThatFits() throws {
    let old = try Self.corpus(Self.adaptabilityPage(layouts: false))
    let answer = try old.index().quote(try #require(CitationID(parsing: "hig/layout#Adaptability")), context: 0)
    #expect(old.base.laidOut(answer).target.sectionLayout == nil)

    let current = try Self.corpus(Self.adaptabilityPage())
    let index = try current.index()
    let quoted = try index.quote(try #require(CitationID(parsing: "hig/layout#Adaptability")), context: 0)
    var edited = Self.adaptabilityPage()
    edited.passages[3].text = "Dynamic Type sizes"
    try current.base.corpus.write(edited)  // the index is not rebuilt: it still holds the old text
    #expect(current.base.laidOut(quoted).target.sectionLayout == nil)
  }

  @Test func cellsOfRaggedAndHeaderlessTablesLineUp() {
    let cells = [
      LaidOutPassage(
        text: "a", kind: .text, layout: PassageLayout(role: .tableCell, block: 0, table: 0, row: 0, column: 0)),
      LaidOutPassage(
        text: "b|c", kind: .text, layout: PassageLayout(role: .tableCell, block: 1, table: 0, row: 0, column: 2)),
      LaidOutPassage(
        text: "d", kind: .text, layout: PassageLayout(role: .tableCell, block: 2, table: 0, row: 1, column: 0)),
      LaidOutPassage(
        text: "e", kind: .text, layout: PassageLayout(role: .tableCell, block: 3, table: 1, row: 0, column: 0)),
    ]
    #expect(
      SectionLayout.markdown(cells)
        == "|  |  |  |\n| --- | --- | --- |\n| a |  | b\\|c |\n| d |  |  |\n\n|  |\n| --- |\n| e |")
    #expect(SectionLayout.text(cells) == "a |  | b|c\nd\n\ne")
  }
}
