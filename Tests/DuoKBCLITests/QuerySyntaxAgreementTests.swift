import Foundation
import KnowledgeBase
import Testing

@testable import DuoKBCLI
@testable import MCPServer
@testable import SearchIndex

/// The query language is described once (`QuerySyntax`); every text that describes it to a
/// reader names each of its operators and filters, and its filters are the parser's.
@Suite struct QuerySyntaxAgreementTests {
  /// Each description of the query language, by where a reader finds it.
  static func descriptions() throws -> [(place: String, text: String)] {
    let queries = try RepositoryFile.text("docs/QUERIES.md")
    let manual = try RepositoryFile.text("man/duo-kb.1").replacing("\\-", with: "-")
    return [
      ("duo-kb help search", SearchCommand.discussion),
      ("the MCP tool search", SearchTool.tool.description),
      // The summary: the paragraph under the title.
      ("docs/QUERIES.md's summary", queries.components(separatedBy: "\n\n").dropFirst().first ?? ""),
      ("man/duo-kb.1", manual),
    ]
  }

  @Test func everyDescriptionNamesEveryOperatorAndFilter() throws {
    for (place, text) in try Self.descriptions() {
      for part in QuerySyntax.operators + QuerySyntax.filters {
        #expect(text.contains(part.spelling), "\(place) does not name \(part.spelling)")
      }
      #expect(text.contains(QuerySyntax.kindFilter), "\(place) does not give \(QuerySyntax.kindFilter)")
    }
  }

  @Test func theFiltersAreTheParsersOwn() {
    #expect(Set(QuerySyntax.filterNames) == QueryParser.fields)
    #expect(Set(SearchRequest.kinds) == QueryParser.kinds)
  }

  /// The web page's label is short: words, then some operators, in the syntax's order.
  @Test func theWebPageLabelNamesOperatorsInTheSyntaxsOrder() throws {
    let page = try RepositoryFile.text("Sources/WebUI/Assets/index.html")
    let start = try #require(page.range(of: "<label for=\"q\">"))
    let end = try #require(page[start.upperBound...].range(of: "</label>"))
    let items = page[start.upperBound..<end.lowerBound].components(separatedBy: ", ")
    #expect(items.first == "Words")
    let shorts = QuerySyntax.operators.map(\.short)
    let positions = items.dropFirst().map { shorts.firstIndex(of: $0) }
    #expect(!positions.contains(nil), "the label names \(items) beyond \(shorts)")
    let found = positions.compactMap { $0 }
    #expect(found == found.sorted())
  }

  @Test func completionOffersEveryFilter() {
    guard case .words(let words) = SearchCommand.argumentCompletion else {
      Issue.record("search completes \(SearchCommand.argumentCompletion)")
      return
    }
    for filter in QuerySyntax.filters {
      #expect(words.contains { $0.hasPrefix(filter.spelling) }, "completion lacks \(filter.spelling)")
    }
  }
}
