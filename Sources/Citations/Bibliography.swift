import AppleSite
import DocumentModel

/// The works a set of quotes comes from: one entry per document (a talk, a HIG page), and
/// one cite per quoted passage, pointing at its entry with the moment or section as the
/// locator. `cite` writes it as CSL-JSON, BibTeX, RIS, Markdown or text.
public struct Bibliography: Sendable, Equatable {
  /// One document, as a reference manager lists it.
  public struct Entry: Sendable, Equatable {
    /// The document id (`tech-talks/111463`): the key every cite of it uses.
    public var id: String
    public var kind: DocumentKind
    public var title: String
    /// The page a person reads: the talk page or the HIG page, without a moment.
    public var url: String
    /// The talk's collection (`tech-talks`, `wwdc2024`); nil for HIG pages.
    public var event: String?
    /// When Apple published it: the page's `datePublished`, else the catalog's
    /// `originalPublishingDate`, else the year of its event (`issuedFrom` says which).
    public var issued: CalendarDate?
    public var issuedFrom: DateSource?
    /// When duo-kb fetched it (the corpus's `fetchedAt`).
    public var accessed: CalendarDate?
    /// Who speaks in the talk, as its subtitles name them, in order of first appearance.
    public var speakers: [String]
    public var language: String
    /// Documentation pages: the framework, and whether the page is deprecated upstream.
    public var framework: String? = nil
    public var isDeprecated = false
  }

  /// Where an entry's date comes from.
  public enum DateSource: String, Sendable, Encodable {
    /// The talk page's `datePublished`.
    case page
    /// The catalog's `originalPublishingDate`, the page giving none.
    case catalog
    /// The year in the event's name (`wwdc2024`) or the index's year: no day is known.
    case year
  }

  /// One quoted passage as a cite of its entry.
  public struct Cite: Sendable, Equatable {
    public enum Label: String, Sendable {
      /// A moment of a talk (CSL 1.0.2 locator `timestamp`: no label word is printed).
      case timestamp
      /// A section of a HIG page (printed as "sec." or "Section").
      case section
    }

    public var entryID: String
    /// `3:46` for a talk; for a HIG page the section heading in quotation marks, so that
    /// APA reads `Section “Sheets”` (a named section, not a numbered one).
    public var locator: String?
    public var label: Label?
    public var hit: QuotedHit
  }

  public var entries: [Entry]
  public var cites: [Cite]

  /// `hits` grouped by document in the order they were first cited; a passage cited twice
  /// (the same citation id) is one cite. `documents` gives, by id, what the corpus stores
  /// beyond the index (date published, time fetched, speakers); a document missing from it
  /// is described by its hits alone.
  public init(hits: [QuotedHit], documents: [String: Document] = [:]) {
    var entries: [Entry] = []
    var cites: [Cite] = []
    var citedIDs: Set<String> = []
    for hit in hits where citedIDs.insert(hit.citation.description).inserted {
      let id = hit.source.id
      if let index = entries.firstIndex(where: { $0.id == id }) {
        if let speaker = hit.speaker, !speaker.isEmpty, documents[id] == nil, !entries[index].speakers.contains(speaker)
        {
          entries[index].speakers.append(speaker)
        }
      } else {
        entries.append(Self.entry(hit, document: documents[id]))
      }
      cites.append(Self.cite(hit))
    }
    self.entries = entries
    self.cites = cites
  }

  static func entry(_ hit: QuotedHit, document: Document?) -> Entry {
    var speakers: [String] = []
    for speaker in document?.passages.compactMap(\.speaker) ?? [hit.speaker].compactMap({ $0 })
    where !speaker.isEmpty && !speakers.contains(speaker) {
      speakers.append(speaker)
    }
    let year = document?.year ?? hit.source.year ?? EventName.year(hit.source.event)
    var issued = year.flatMap { CalendarDate(year: $0) }
    var issuedFrom: DateSource? = issued == nil ? nil : .year
    if let published = document?.published.flatMap(CalendarDate.init(iso8601:)) {
      issued = published
      issuedFrom = document?.publishedFrom == DateSource.catalog.rawValue ? .catalog : .page
    }
    return Entry(
      id: hit.source.id, kind: hit.source.kind, title: hit.source.title, url: hit.source.url, event: hit.source.event,
      issued: issued, issuedFrom: issuedFrom,
      accessed: document?.fetch?.fetchedAt.flatMap(CalendarDate.init(iso8601:)), speakers: speakers,
      language: document?.language ?? "en", framework: hit.source.framework,
      isDeprecated: hit.source.isDeprecated || document?.documentation?.isDeprecated == true)
  }

  /// The entry a cite points at.
  public func entry(of cite: Cite) -> Entry? { entries.first { $0.id == cite.entryID } }

  static func cite(_ hit: QuotedHit) -> Cite {
    if let timestamp = hit.timestamp {
      return Cite(entryID: hit.source.id, locator: timestamp, label: .timestamp, hit: hit)
    }
    if hit.source.kind.isPage, let heading = hit.heading, !heading.isEmpty {
      return Cite(entryID: hit.source.id, locator: "“\(heading)”", label: .section, hit: hit)
    }
    return Cite(entryID: hit.source.id, locator: nil, label: nil, hit: hit)
  }
}

/// A day, or only a year, as a bibliography gives it.
public struct CalendarDate: Sendable, Equatable {
  public var year: Int
  public var month: Int?
  public var day: Int?

  /// A year from 1900 to 2200 (earlier or later is not a date Apple published anything).
  public init?(year: Int, month: Int? = nil, day: Int? = nil) {
    guard (1900...2200).contains(year) else { return nil }
    if let month, !(1...12).contains(month) { return nil }
    if let day, month == nil || !(1...31).contains(day) { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// `2026-09-09`, `2026-09-16T00:00:00Z` (the date part), `2026-09` or `2026`; nil for
  /// anything else.
  public init?(iso8601 text: String) {
    let date = text.split(separator: "T", maxSplits: 1).first.map(String.init) ?? ""
    let parts = date.split(separator: "-", omittingEmptySubsequences: false)
    let widths = [4, 2, 2]
    guard (1...3).contains(parts.count),
      parts.enumerated().allSatisfy({ part in
        part.element.count == widths[part.offset] && part.element.allSatisfy { $0.isASCII && $0.isNumber }
      })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count else { return nil }
    self.init(year: numbers[0], month: numbers.count > 1 ? numbers[1] : nil, day: numbers.count > 2 ? numbers[2] : nil)
  }

  /// `[2026, 9, 9]`, `[2026]`: CSL's `date-parts`.
  public var parts: [Int] { [year] + [month, day].compactMap { $0 } }

  /// `2026-09-09`, `2026-09` or `2026`.
  public var iso8601: String {
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return ([String(year)] + [month, day].compactMap { $0 }.map(two)).joined(separator: "-")
  }
}
