import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb import FILE...`: passages from JSON Lines, or talks from local .vtt files.
package enum ImportCommand: Command {
  package static let name = "import"
  package static let summary = "Bring passages (JSON Lines) or local .vtt transcripts into the corpus"
  package static let usage = "FILE... [--id ID --title TITLE [--url URL]]"
  package static let discussion = """
    JSON Lines: one {"doc", "kind", "title", "url", "start", "end", "text"} per line, each line
    one passage kept as given (start and end in seconds; kind talk, hig or code; unknown
    fields ignored). A .vtt file becomes one talk, merged and split into sentences like a
    harvested one; it needs --id and --title. Imported documents replace those with the
    same id. '-' reads JSON Lines from stdin.
    """
  package static let argumentCompletion = ValueCompletion.files
  /// `import`'s options.
  package struct Options: CommandOptions {
    package var id: String?
    package var title: String?
    package var url: String?

    package init() {}

    package static var declarations: [OptionDeclaration<Options>] {
      [
        .value("id", "ID", \.id, .text, help: "document id for a .vtt file (e.g. wwdc2024/10173)"),
        .value("title", "TITLE", \.title, .text, help: "title for a .vtt file"),
        .value("url", "URL", \.url, .text, help: "page URL for a .vtt file"),
      ]
    }
  }
}
