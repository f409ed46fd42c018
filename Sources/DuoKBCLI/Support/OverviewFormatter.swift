import AppleSite
import Citations
import Foundation

/// Prints a document named as a whole: title, event, link, and its chapters or sections.
enum OverviewFormatter {
  static func text(_ overview: DocumentOverview) -> String {
    var output = "\(overview.id) · \(overview.title)"
    if let event = EventName.display(overview.event) { output += " · \(event)" }
    output += "\n\(overview.url)\n\(overview.passageCount) passage\(overview.passageCount == 1 ? "" : "s")"
    output += overview.chapters.isEmpty ? "\n" : "; \(overview.kind == .hig ? "sections" : "chapters"):\n"
    for chapter in overview.chapters { output += "  \(chapter.citation)  \(chapter.title)\n" }
    return output
  }

  static func markdown(_ overview: DocumentOverview) -> String {
    var output = "## [\(SearchFormatter.markdownEscaped(overview.title))](\(overview.url))\n\n"
    if let event = EventName.display(overview.event) { output += "\(event) · " }
    output += "`\(overview.id)`\n\n"
    for chapter in overview.chapters {
      output += "- [\(SearchFormatter.markdownEscaped(chapter.title))](\(chapter.link)) · `\(chapter.citation)`\n"
    }
    return output
  }

  static func json(_ overview: DocumentOverview) throws -> String {
    func orNull(_ value: Any?) -> Any { value ?? NSNull() }
    let object: [String: Any] = [
      "document": [
        "id": overview.id, "kind": overview.kind.rawValue, "title": overview.title, "url": overview.url,
        "event": orNull(overview.event), "year": orNull(overview.year), "passages": overview.passageCount,
      ],
      "chapters": overview.chapters.map { ["title": $0.title, "citation": $0.citation.description, "link": $0.link] },
    ]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])
    return String(decoding: data, as: UTF8.self)
  }
}
