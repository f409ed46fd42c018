import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI

/// `quote` and `cite` of a HIG section keep its list as a list and its table as a table.
@Suite struct SectionQuoteTests {
  static func home() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    try CitationTestCorpus.write(into: scratch.url)
    func passage(_ text: String, _ layout: PassageLayout) -> Passage {
      Passage(kind: .text, text: text, anchor: "Adaptability", heading: "Adaptability", layout: layout)
    }
    let page = Document(
      id: "hig/layout", kind: .hig, title: "Layout",
      url: "https://developer.apple.com/design/human-interface-guidelines/layout",
      passages: [
        passage("Avoid widths < 320 points.", PassageLayout(role: .paragraph, block: 0)),
        passage("Size classes", PassageLayout(role: .listItem, block: 1, depth: 1)),
        passage("Split View and window resizing", PassageLayout(role: .listItem, block: 2, depth: 1)),
        passage("Device", PassageLayout(role: .tableHeaderCell, block: 3, table: 0, row: 0, column: 0)),
        passage("Width", PassageLayout(role: .tableHeaderCell, block: 4, table: 0, row: 0, column: 1)),
        passage("Outer", PassageLayout(role: .tableCell, block: 5, table: 0, row: 1, column: 0)),
        passage("Compact", PassageLayout(role: .tableCell, block: 6, table: 0, row: 1, column: 1)),
      ])
    try CorpusStore(directory: scratch.url.appendingPathComponent("Corpus", isDirectory: true)).write(page)
    return scratch
  }

  @Test func quoteAndCiteKeepListsAndTables() async throws {
    let scratch = try Self.home()
    let environment = ["DUO_KB_HOME": scratch.url.path]
    let quote = await runCLI(["quote", "hig/layout#Adaptability"], in: scratch.url, environment: environment)
    #expect(quote.status == .success, "\(quote.stderr)")
    #expect(
      quote.stdout.hasSuffix(
        """
        > [Adaptability]
        >   Avoid widths < 320 points.
        >
        >   - Size classes
        >   - Split View and window resizing
        >
        >   Device | Width
        >   Outer | Compact

        """), "\(quote.stdout)")
    let cite = await runCLI(
      ["cite", "hig/layout#Adaptability", "--format", "text"], in: scratch.url, environment: environment)
    #expect(
      cite.stdout.hasPrefix(
        "“Avoid widths < 320 points.\n\n- Size classes\n- Split View and window resizing\n\nDevice | Width\nOuter | Compact”\n— Layout › Adaptability, "
      ), "\(cite.stdout)")
    let markdown = await runCLI(
      ["quote", "hig/layout#Adaptability", "--format", "markdown"], in: scratch.url, environment: environment)
    #expect(
      markdown.stdout.contains(
        "> - Size classes\n> - Split View and window resizing\n>\n> | Device | Width |\n> | --- | --- |\n> | Outer | Compact |\n"
      ), "\(markdown.stdout)")
    // JSON carries the same layout as MCP's quote and the API's: `section`, in Markdown.
    let json = await runCLI(
      ["quote", "hig/layout#Adaptability", "--format", "json"], in: scratch.url, environment: environment)
    let record = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let section = try #require(record["section"] as? String, "\(json.stdout)")
    #expect(section.contains("- Size classes\n- Split View and window resizing"), "\(section)")
    #expect(section.contains("| Outer | Compact |"), "\(section)")
  }
}
