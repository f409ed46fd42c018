#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb parse FILE-OR-URL`: shows what the parsers make of a WebVTT segment, an HLS
/// playlist, a talk page or a HIG render JSON page.
package enum ParseCommand: HelperCommand {
  package static let name = "parse"
  package static let summary = "Show what the parsers make of a .vtt, .m3u8, talk page or HIG JSON"
  package static let usage = "FILE-OR-URL [--format text|json] [--language TAG] [--allow-host HOST]..."
  package static let discussion = """
    The kind is told from the file name, else from the first bytes: WEBVTT, #EXTM3U, a JSON
    object (DocC render JSON), or HTML (a talk page). For a master playlist it says which
    subtitle rendition duo-kb would choose, and why.
    """
  package static let argumentCompletion = ValueCompletion.files
  package static let options: [OptionSpec] = [
    .value("format", "FORMAT", choices: ["text", "json"], help: "text or json (default text)"),
    .value("language", "TAG", help: "preferred subtitle language for the choice (default en)"),
    .value("allow-host", "HOST", repeatable: true, help: "also fetch from HOST"),
    .value("cacert", "FILE", help: "trust this CA too (also SSL_CERT_FILE)"),
  ]
}
