import AppleSite
import Corpus

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb add URL`: appends a source to Corpus/sources.json.
enum AddCommand: LocalCommand {
  static let name = "add"
  static let summary = "Add a talk page, HLS master playlist, HIG or documentation page to sources.json"
  static let usage =
    "URL [--id ID --title TITLE] [--language TAG]... [--follow [--depth N] [--max-pages N]] | URL --catalog [--event E] [--year Y] [--title-contains T]"
  static let discussion = """
    The kind is told from the URL: a talk page (…/videos/play/COLLECTION/ID/), an HLS master
    playlist (….m3u8, which needs --id and --title), a HIG page (…/design/human-interface-
    guidelines/SLUG or its …/tutorials/data/….json form), or a page of Apple's developer
    documentation (…/documentation/PATH, an article or a symbol, or its …/tutorials/data/
    documentation/PATH.json form; its id is doc/PATH). A URL already listed is refused.
    --follow also harvests the pages below a HIG or documentation page (its topic sections),
    breadth first, each once, at most --depth levels down and --max-pages pages in all
    (HIG: 2 and 200; documentation: 1 and 50). On a talk page it harvests the documentation
    pages the talk links to (its resources), at most --max-pages (10), not the pages below them.
    --catalog adds a list of talks instead (Apple's video catalog JSON, or an event's index page
    of talk cards): every talk matching --event, --year and --title-contains is harvested at
    each refresh, so new talks arrive without editing sources.json.
    --language harvests a talk (or a catalog's talks) in each language given, as documents of
    their own: English keeps the talk's id (wwdc2024/10173), other languages add their tag
    (wwdc2024/10173/ja, …/ko, …/zh-hans) and link to Apple's page under /jp/, /kr/ or /cn/
    where there is one. Without it, talks are harvested in the list's language (English).
    --allow-host HOST lets refresh fetch from a host besides Apple's; the home remembers it
    (Corpus/settings.json, see 'duo-kb help refresh').
    """
  /// `add`'s options, checked.
  struct Options: CommandOptions {
    var id: String?
    var title: String?
    var follow = false
    var depth: Int?
    var maxPages: Int?
    var catalog = false
    var event: String?
    var year: Int?
    var titleContains: String?
    /// `--language` (the source's own languages) and `--allow-host`.
    var settings = SettingsOptions()

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value("id", "ID", \.id, .text, help: "document id for a master playlist (e.g. keynotes/wwdc2026)"),
        .value("title", "TITLE", \.title, .text, help: "title for a master playlist"),
        SettingsOptions.languages(
          help: "harvest in TAG (BCP 47: en, ja, ko, zh-Hans); repeat or use commas for several"
        )
        .within(\.settings),
        .flag(
          "follow", \.follow, help: "HIG or documentation: also harvest the pages below; talk: its documentation"),
        .value(
          "depth", "N", \.depth, bound(0...10), help: "with --follow: levels below the page (HIG 2, documentation 1)"),
        .value(
          "max-pages", "N", \.maxPages, bound(1...10_000),
          help: "with --follow: pages in all (HIG 200, documentation 50, talk 10)"),
        .flag(
          "catalog", \.catalog,
          help: "URL lists talks (catalog JSON or an index page): harvest the matching ones"),
        .value("event", "E", \.event, .text, help: "catalog: only this collection (wwdc2025, tech-talks)"),
        .value(
          "year", "Y", \.year,
          .integer(in: 2000...2100) { name, text in "--\(name) needs a year such as 2025, not '\(text)'" },
          help: "catalog: only this year"),
        .value("title-contains", "T", \.titleContains, .text, help: "catalog: only talks whose title contains T"),
        SettingsOptions.allowHost(help: "also fetch from HOST; remembered for every refresh").within(\.settings),
      ]
    }

    static func bound(_ range: ClosedRange<Int>) -> ValueParser<Int> {
      .integer(in: range) { name, text in
        "--\(name) needs a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
      }
    }

    func validate() throws(UsageError) {
      if !catalog, event != nil || year != nil || titleContains != nil {
        throw UsageError("--event, --year and --title-contains filter a catalog: add --catalog")
      }
      if depth != nil || maxPages != nil, !follow {
        throw UsageError("--depth and --max-pages bound --follow: add --follow")
      }
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    guard context.positionals.count == 1, let url = context.positionals.first else {
      throw UsageError("add takes exactly one URL", hint: "duo-kb add \(usage)")
    }
    let filter =
      options.catalog
      ? SourceEntry.Filter(event: options.event, year: options.year, titleContains: options.titleContains) : nil
    let entry = try SourceClassifier.entry(
      for: url, id: options.id, title: options.title, languages: options.settings.languages, follow: options.follow,
      followBounds: followBounds(options, url: url), catalogFilter: filter)
    let store = CorpusStore(directory: context.home.corpusDirectory)
    var list = try SourceList.load(from: store.sourcesFile, within: store.home)
    try list.add(entry)
    try StoredSettings.update(options.settings, context, languagesAreSettings: false)
    try list.save(to: store.sourcesFile, within: store.home)
    var line = "added \(entry.kind.rawValue) \(entry.url)"
    if let follow = entry.follow { line += " (following: depth \(follow.maxDepth), at most \(follow.maxPages) pages)" }
    context.stdout.write(line + "\n")
    return .success
  }

  /// `--depth` and `--max-pages`, the defaults of the page's kind for any not given; nil
  /// when neither is given.
  static func followBounds(_ options: Options, url: String) -> SourceEntry.Follow? {
    guard options.depth != nil || options.maxPages != nil else { return nil }
    let isDocumentation = url.lowercased().contains("/documentation/")
    let isTalk = URL(string: url).map(TalkURL.isTalkPage) ?? false
    let defaults =
      isTalk ? SourceEntry.Follow.talk : isDocumentation ? SourceEntry.Follow.documentation : SourceEntry.Follow()
    return SourceEntry.Follow(
      maxDepth: options.depth ?? defaults.maxDepth, maxPages: options.maxPages ?? defaults.maxPages)
  }
}
