#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb setup`: Apple's catalog of talks and the Human Interface Guidelines in one step.
package enum SetupCommand: Command {
  package static let name = "setup"
  package static let summary = "Add Apple's catalog of talks and the HIG, then harvest them"
  package static let usage = "[--event E] [--since YEAR] [--without-hig] [refresh options]"
  package static let discussion = """
    Lists Apple's catalog of talks (every event, or --event, --since YEAR) and the Human
    Interface Guidelines with the pages below them in Corpus/sources.json, then runs the
    refresh: a progress bar with the time left, then the summary. Run it again after an
    interruption to continue: what was harvested costs one conditional request a source,
    and sources already listed are kept (a new --event or --since replaces the catalog's
    filter). At most --jobs connections per host (default 6). Takes the options of
    'duo-kb refresh' too; --language ja (repeatable) harvests the catalog's talks in those
    languages, each a document of its own (see 'duo-kb help add').
    """
  package static let catalogURL = "https://developer.apple.com/videos/all-videos/"
  package static let guidelinesURL = "https://developer.apple.com/design/human-interface-guidelines"

  /// `setup`'s options, checked: its own, then `refresh`'s (but `--sources`).
  package struct Options: CommandOptions {
    package var event: String?
    package var since: Int?
    package var catalogURL = SetupCommand.catalogURL
    package var higURL = SetupCommand.guidelinesURL
    package var withoutHIG = false
    package var refresh = RefreshCommand.Options()

    package init() {}

    package static var declarations: [OptionDeclaration<Options>] {
      [
        .value("event", "E", \.event, .text, help: "only this collection of talks (wwdc2025, tech-talks)"),
        .value(
          "since", "YEAR", \.since,
          .integer(in: 2000...2100) { name, text in "--\(name) needs a year such as 2020, not '\(text)'" },
          help: "only WWDC talks of YEAR or later (other collections are kept)"),
        .value(
          "catalog-url", "URL", \.catalogURL, .text, help: "the catalog to read (default Apple's all-videos page)"),
        .value("hig-url", "URL", \.higURL, .text, help: "the HIG page to start from (default the guidelines' root)"),
        .flag("without-hig", \.withoutHIG, help: "talks only"),
      ]
        + RefreshCommand.Options.declarations.filter { $0.spec.name != "sources" }.map { $0.within(\.refresh) }
    }
  }
}
