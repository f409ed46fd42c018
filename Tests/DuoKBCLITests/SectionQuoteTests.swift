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
    let page = CitationFixtures.laidOutSectionPage()
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
