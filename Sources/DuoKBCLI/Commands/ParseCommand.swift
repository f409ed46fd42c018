#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb parse FILE-OR-URL`: shows what the parsers make of a WebVTT segment, an HLS
/// playlist, a talk page or a HIG render JSON page.
package enum ParseCommand: Command {
  package static let name = "parse"
  package static let summary = "Show what the parsers make of a .vtt, .m3u8, talk page or HIG JSON"
  package static let usage = "FILE-OR-URL [--format text|json] [--language TAG] [--allow-host HOST]..."
  package static let discussion = """
    The kind is told from the file name, else from the first bytes: WEBVTT, #EXTM3U, a JSON
    object (DocC render JSON), or HTML (a talk page). For a master playlist it says which
    subtitle rendition duo-kb would choose, and why.
    """
  package static let argumentCompletion = ValueCompletion.files
  /// `parse`'s options, checked.
  package struct Options: CommandOptions {
    package var format = "text"
    package var language = "en"
    /// `--allow-host` and `--cacert`, for a URL.
    package var settings = SettingsOptions()

    package init() {}

    package static var declarations: [OptionDeclaration<Options>] {
      [
        .value("format", "FORMAT", \.format, .word(among: ["text", "json"]), help: "text or json (default text)"),
        .value(
          "language", "TAG", \.language, .text, help: "preferred subtitle language for the choice (default en)"),
        SettingsOptions.allowHost(help: "also fetch from HOST").within(\.settings),
        SettingsOptions.caFile.within(\.settings),
      ]
    }
  }
}
