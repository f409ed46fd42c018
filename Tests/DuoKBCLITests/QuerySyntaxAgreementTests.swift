import Foundation
import KnowledgeBase
import Testing

@testable import DuoKBCLI
@testable import MCPServer
@testable import SearchIndex

/// The query language is described once (`QuerySyntax`); every text made from it names each
/// of its operators and filters, and its filters are the parser's.
@Suite struct QuerySyntaxAgreementTests {
  /// Each description of the query language, by where a reader finds it.
  static func descriptions() throws -> [(place: String, text: String)] {
    let manual = try RepositoryFile.text("man/duo-kb.1").replacing("\\-", with: "-")
    return [
      ("duo-kb help search", SearchCommand.discussion),
      ("the MCP tool search", SearchTool.tool.description),
      ("docs/QUERIES.md's tables", GeneratedDocs.querySyntax.text),
      ("man/duo-kb.1", manual),
    ]
  }

  @Test func everyDescriptionNamesEveryOperatorAndFilter() throws {
    for (place, text) in try Self.descriptions() {
      for part in QuerySyntax.operators + QuerySyntax.filters {
        #expect(text.contains(part.spelling), "\(place) does not name \(part.spelling)")
      }
      let kindFilter =
        place.hasSuffix("tables") ? QuerySyntax.kindFilter.replacing("|", with: "\\|") : QuerySyntax.kindFilter
      #expect(text.contains(kindFilter), "\(place) does not give \(QuerySyntax.kindFilter)")
    }
  }

  @Test func theFiltersAreTheParsersOwn() {
    #expect(Set(QuerySyntax.filterNames) == QueryParser.fields)
    #expect(Set(SearchRequest.kinds) == QueryParser.kinds)
  }

  /// The help says which operators make a query strict: those the parser reads strictly.
  @Test func theHelpNamesTheStrictOperators() {
    let sentence = SearchCommand.syntaxSentence
    #expect(sentence.hasSuffix("a query with OR, NOT or prefix* is always strict."), "\(sentence)")
    #expect(sentence.contains(QuerySyntax.filterList))
    for part in QuerySyntax.operators where part.makesStrict {
      #expect(part.help.contains("strictly"), "\(part.spelling)")
    }
  }

  /// The web page's label is short: words, then the operators a short label names, in the
  /// syntax's order.
  @Test func theShortLabelNamesOperatorsInTheSyntaxsOrder() {
    let items = QuerySyntax.shortLabel.components(separatedBy: ", ")
    #expect(items.first == "Words")
    #expect(Array(items.dropFirst()) == QuerySyntax.operators.compactMap(\.short))
    #expect(QuerySyntax.shortLabel == "Words, “phrases”, OR, -word, prefix*")
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
