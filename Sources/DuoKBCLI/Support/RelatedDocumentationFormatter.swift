import Citations
import JSON

/// "Related documentation:" under a quote or overview of a talk: each page a talk links to
/// with its title, URL and `doc/…` id, marked when the corpus holds it. Nothing at all
/// when the talk links to none, so such answers read as before.
enum RelatedDocumentationFormatter {
  static func text(_ pages: [RelatedPage]) -> String {
    guard !pages.isEmpty else { return "" }
    var output = "\nRelated documentation:\n"
    for page in pages {
      output += "  \(DisplayText.line(page.title))  \(DisplayText.line(page.url))"
      if let id = page.documentID { output += "  \(DisplayText.line(id))\(page.isInCorpus ? " (in corpus)" : "")" }
      output += "\n"
    }
    return output
  }

  static func markdown(_ pages: [RelatedPage]) -> String {
    guard !pages.isEmpty else { return "" }
    var output = "Related documentation:\n\n"
    for page in pages {
      output += "- \(MarkdownText.link(page.title, to: page.url))"
      if let id = page.documentID { output += " · `\(id)`\(page.isInCorpus ? " (in corpus)" : "")" }
      output += "\n"
    }
    return output + "\n"
  }

  /// The JSON array `relatedDocumentation` of an overview; nil when there are none.
  static func json(_ pages: [RelatedPage]) -> JSONValue? {
    guard !pages.isEmpty else { return nil }
    return .array(
      pages.map { page in
        var object: [String: JSONValue] = [
          "title": .string(page.title), "url": .string(page.url), "inCorpus": .bool(page.isInCorpus),
        ]
        if let id = page.documentID { object["id"] = .string(id) }
        return .object(object)
      })
  }
}
