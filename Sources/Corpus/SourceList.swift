import DocumentModel
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `Corpus/sources.json`: what to harvest. Editable by hand and by `duo-kb add`.
///
/// ```json
/// {"version": 1, "language": "en", "sources": [
///   {"kind": "talk", "url": "https://developer.apple.com/videos/play/tech-talks/111466/"},
///   {"kind": "talk", "url": "https://…/cmaf.m3u8", "id": "keynotes/2026", "title": "Keynote"},
///   {"kind": "talk", "url": "https://developer.apple.com/videos/play/wwdc2024/10173/", "languages": ["en", "ja"]},
///   {"kind": "hig", "url": "https://developer.apple.com/design/human-interface-guidelines/layout"},
///   {"kind": "hig", "url": "…", "follow": {"maxDepth": 2, "maxPages": 200}},
///   {"kind": "doc", "url": "https://developer.apple.com/documentation/uikit/uiviewcontroller",
///    "follow": {"maxDepth": 1, "maxPages": 50}},
///   {"kind": "catalog", "url": "https://…/videos/all-videos/", "filter": {"event": "wwdc2020"}}
/// ]}
/// ```
public struct SourceList: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var version: Int
  /// The language every talk source that names none is harvested in (BCP 47; nil: English).
  public var language: String?
  public var sources: [SourceEntry]

  public init(language: String? = nil, sources: [SourceEntry] = []) {
    version = Self.currentVersion
    self.language = language
    self.sources = sources
  }

  /// Reads a sources file; a missing file is an empty list. Nothing below `root` (by
  /// default the file's folder) is followed if it is a symbolic link.
  public static func load(from url: URL, within root: URL? = nil) throws(CorpusError) -> SourceList {
    let read: Data?
    do {
      read = try OwnedFile.read(url, within: root ?? url.deletingLastPathComponent(), limit: 64 << 20)
    } catch {
      throw CorpusError(error)
    }
    guard let data = read else { return SourceList() }
    let list: SourceList
    do {
      list = try JSONDecoder().decode(SourceList.self, from: data)
    } catch {
      throw .malformed(path: url.path, reason: "not a sources list: \(ErrorReason.of(error))")
    }
    guard list.version == currentVersion else {
      throw .unsupportedSourcesVersion(path: url.path, found: list.version, supported: currentVersion)
    }
    return list
  }

  public func save(to url: URL, within root: URL? = nil) throws(CorpusError) {
    let data: Data
    do {
      data = try CorpusStore.encoder.encode(self) + Data("\n".utf8)
    } catch {
      throw .malformed(path: url.path, reason: "cannot encode: \(ErrorReason.of(error))")
    }
    try AtomicFile.write(data, to: url, within: root)
  }

  /// Appends an entry, refusing one whose URL (compared without a trailing slash,
  /// fragment or case of scheme and host) is already listed.
  public mutating func add(_ entry: SourceEntry) throws(CorpusError) {
    let key = Self.comparisonKey(entry.url)
    if sources.contains(where: { Self.comparisonKey($0.url) == key }) {
      throw .duplicateSource(entry.url)
    }
    sources.append(entry)
  }

  /// Adds an entry, or replaces the one listed with the same URL (`duo-kb setup` run again).
  public mutating func put(_ entry: SourceEntry) {
    let key = Self.comparisonKey(entry.url)
    if let index = sources.firstIndex(where: { Self.comparisonKey($0.url) == key }) {
      sources[index] = entry
    } else {
      sources.append(entry)
    }
  }

  static func comparisonKey(_ url: String) -> String {
    guard var components = URLComponents(string: url) else { return url }
    components.scheme = components.scheme?.lowercased()
    components.host = components.host?.lowercased()
    components.fragment = nil
    while components.path.count > 1, components.path.hasSuffix("/") {
      components.path.removeLast()
    }
    return components.string ?? url
  }
}

/// One thing to harvest.
public struct SourceEntry: Codable, Sendable, Equatable {
  public enum Kind: String, Codable, Sendable {
    /// A talk page, or an HLS master playlist (then `id` and `title` are required).
    case talk
    /// A HIG page, by its page URL or its render JSON URL.
    case hig
    /// A page of Apple's developer documentation (`/documentation/…`), by its page URL or
    /// its render JSON URL.
    case doc
    /// A list of talks (Apple's video catalog JSON, or an event's index page): every talk
    /// that matches `filter` is refreshed as a talk source.
    case catalog
  }

  /// Which talks of a catalog to take; every field given must match.
  public struct Filter: Codable, Sendable, Equatable {
    /// The collection: `wwdc2020`, `tech-talks`.
    public var event: String?
    public var year: Int?
    /// Text the title contains, compared case- and diacritic-insensitively.
    public var titleContains: String?
    /// Only talks of this year or later (talks without a year, such as tech talks, pass).
    public var since: Int?
    public init(event: String? = nil, year: Int? = nil, titleContains: String? = nil, since: Int? = nil) {
      self.event = event
      self.year = year
      self.titleContains = titleContains
      self.since = since
    }
  }

  /// How far to follow a HIG page's topic sections to the pages below it.
  public struct Follow: Codable, Sendable, Equatable {
    public var maxDepth: Int
    public var maxPages: Int
    public init(maxDepth: Int = 2, maxPages: Int = 200) {
      self.maxDepth = maxDepth
      self.maxPages = maxPages
    }

    /// A documentation page's default bounds: its children only, at most 50 pages (a
    /// framework's root lists hundreds of symbols, each with children of its own).
    public static let documentation = Follow(maxDepth: 1, maxPages: 50)
    /// A talk's default bounds: the documentation pages its page links to, at most 10, not
    /// the pages below them (real talks link to under ten).
    public static let talk = Follow(maxDepth: 0, maxPages: 10)
  }

  public var kind: Kind
  public var url: String
  public var id: String?
  public var title: String?
  /// A talk's languages, each harvested into a document of its own (`DocumentID.localized`):
  /// `["en", "ja"]`. Nil: the list's language.
  public var languages: [String]?
  /// One language for this source, as files written before `languages` name it; read as
  /// `languages: [language]`.
  public var language: String?
  public var follow: Follow?
  /// Catalog sources: which of its talks to take (nil: all).
  public var filter: Filter?
  /// A talk a catalog listed: the day the catalog says it was published, the talk's date
  /// when its page gives none.
  public var published: String?

  public init(
    kind: Kind, url: String, id: String? = nil, title: String? = nil, language: String? = nil,
    languages: [String]? = nil, follow: Follow? = nil, filter: Filter? = nil
  ) {
    self.kind = kind
    self.url = url
    self.id = id
    self.title = title
    self.language = language
    self.languages = languages
    self.follow = follow
    self.filter = filter
  }
}

extension SourceEntry {
  /// The languages this source names (`languages`, else the older `language`), without
  /// repeats; nil when it names none.
  public var namedLanguages: [String]? {
    var seen: Set<String> = []
    let named = (languages ?? language.map { [$0] } ?? []).filter { seen.insert($0.lowercased()).inserted }
    return named.isEmpty ? nil : named
  }
}
