import AppleSite
import Citations
import JSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Prints a document named as a whole: title, event, link, and its chapters or sections.
enum OverviewFormatter {
  static func text(_ overview: DocumentOverview) -> String {
    var output = "\(overview.id) · \(DisplayText.line(overview.title))"
    if let event = EventName.display(overview.event) { output += " · \(DisplayText.line(event))" }
    output +=
      "\n\(DisplayText.line(overview.url))\n\(overview.passageCount) passage\(overview.passageCount == 1 ? "" : "s")"
    output += overview.chapters.isEmpty ? "\n" : "; \(overview.kind.isPage ? "sections" : "chapters"):\n"
    for chapter in overview.chapters { output += "  \(chapter.citation)  \(DisplayText.line(chapter.title))\n" }
    return output + RelatedDocumentationFormatter.text(overview.relatedDocumentation)
  }

  static func markdown(_ overview: DocumentOverview) -> String {
    var output = "## \(MarkdownText.link(overview.title, to: overview.url))\n\n"
    if let event = EventName.display(overview.event) { output += "\(MarkdownText.inline(event)) · " }
    output += "`\(overview.id)`\n\n"
    for chapter in overview.chapters {
      output += "- \(MarkdownText.link(chapter.title, to: chapter.link)) · `\(chapter.citation)`\n"
    }
    let related = RelatedDocumentationFormatter.markdown(overview.relatedDocumentation)
    return related.isEmpty ? output : output + "\n" + related
  }

  static func json(_ overview: DocumentOverview) throws -> String {
    var object: [String: JSONValue] = [
      "document": [
        "id": .string(overview.id), "kind": .string(overview.kind.rawValue), "title": .string(overview.title),
        "url": .string(overview.url), "event": overview.event.map(JSONValue.string) ?? .null,
        "year": overview.year.map(JSONValue.int) ?? .null, "passages": .int(overview.passageCount),
      ],
      "chapters": .array(
        overview.chapters.map {
          ["title": .string($0.title), "citation": .string($0.citation.description), "link": .string($0.link)]
        }),
    ]
    if let related = RelatedDocumentationFormatter.json(overview.relatedDocumentation) {
      object["relatedDocumentation"] = related
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
    return String(decoding: try encoder.encode(JSONValue.object(object)), as: UTF8.self)
  }
}
