import KnowledgeBase

/// The parts of the docs written from the request model and the query syntax, so that they
/// say what the code does: `duo-kb help --generated NAME` prints one, and scripts/gen-docs
/// puts it between `<!-- generated: NAME -->` and `<!-- end generated -->` in its file (the
/// search label inside the page's `<label for="q">`). A test keeps the checked-in copies in
/// step.
enum GeneratedDocs: String, CaseIterable {
  /// docs/QUERIES.md: the operators and filters, as tables.
  case querySyntax = "query-syntax"
  /// docs/API.md: the JSON API's parameters with a bound or default.
  case apiParameters = "api-parameters"
  /// Sources/WebUI/Assets/index.html: the search field's label.
  case searchLabel = "search-label"

  /// Where the part goes, from the package's root.
  var file: String {
    switch self {
    case .querySyntax: "docs/QUERIES.md"
    case .apiParameters: "docs/API.md"
    case .searchLabel: "Sources/WebUI/Assets/index.html"
    }
  }

  /// The part's text, without a final line break.
  var text: String {
    switch self {
    case .querySyntax: Self.querySyntaxTables()
    case .apiParameters: Self.apiParameterTable()
    case .searchLabel: QuerySyntax.shortLabel
    }
  }

  /// The operators (what each does) and the filters (what each keeps, an example).
  static func querySyntaxTables() -> String {
    var lines = ["| operator | what it does |", "| --- | --- |"]
    for part in QuerySyntax.operators { lines.append("| \(code(part.spelling)) | \(cell(part.help)) |") }
    lines += ["", "| filter | what it keeps | example |", "| --- | --- | --- |"]
    for part in QuerySyntax.filters {
      lines.append("| \(code(part.spelling)) | \(cell(part.help)) | \(code(part.example)) |")
    }
    return lines.joined(separator: "\n")
  }

  /// One row per parameter of the JSON API that has bounds or a default, from the fields
  /// the routes read.
  static func apiParameterTable() -> String {
    var lines = ["| request | parameter | what it says | values | default |", "| --- | --- | --- | --- | --- |"]
    let fields: [(request: String, field: IntegerField, unit: String)] = [
      ("GET /api/search", SearchRequest.limit, ""),
      ("GET /api/quote", QuoteRequest.context, ""),
      ("POST /api/verify", VerifyRequest.tolerance, " (seconds)"),
    ]
    for (request, field, unit) in fields {
      let bounds = field.bounds(on: .api)
      lines.append(
        "| \(code(request)) | \(code(field.name(on: .api))) | \(cell(field.help))\(unit) "
          + "| \(bounds.lowerBound)–\(bounds.upperBound) | \(field.defaultValue(on: .api)) |")
      if field.name == SearchRequest.limit.name {
        let kinds = SearchRequest.kinds.map(code).joined(separator: ", ")
        lines.append(
          "| \(code(request)) | \(code("kind")) | The kinds of document to search (repeatable) | \(kinds) | every kind |"
        )
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `text` as Markdown code in a table cell (its pipes escaped).
  private static func code(_ text: String) -> String { "`" + cell(text) + "`" }

  /// `text` as a table cell: a pipe would end the cell.
  private static func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
}
