/// The unit the corpus stores and the index reads: one talk, one HIG page or one page of
/// Apple's developer documentation, with its quotable passages in reading order.
///
/// Times are whole milliseconds from the start of the video. Passage text is the
/// exact text after the documented normalizations (entities decoded, tags removed,
/// runs of whitespace collapsed): a quote is always a slice of it.
public struct Document: Codable, Sendable, Equatable {
  /// Stable, file-name-safe id: `tech-talks/111466`, `wwdc2024/10173`, `hig/designing-for-iphone-duo`,
  /// `doc/uikit/uiviewcontroller`.
  public var id: String
  public var kind: DocumentKind
  public var title: String
  /// The page a person reads: the talk page, or the HIG page (not its JSON).
  public var url: String
  public var language: String
  /// The collection a talk belongs to: `wwdc2024`, `tech-talks`. Nil for HIG pages.
  public var event: String?
  public var year: Int?
  /// The day the talk was published, as its page gives it (`datePublished`, ISO 8601:
  /// `2026-09-09`), else as the catalog that listed it does; nil when neither gives one.
  public var published: String?
  /// Where `published` comes from: `page` or `catalog`; nil for documents harvested before
  /// it was recorded (their date is the page's).
  public var publishedFrom: String?
  public var summary: String?
  public var fetch: FetchMetadata?
  /// True when the source disappeared upstream; the document is kept.
  public var isRemovedUpstream: Bool
  public var passages: [Passage]
  /// A talk's raw cues, so every quote can be traced to the cue it came from.
  public var cues: [StoredCue]
  /// A HIG or documentation page's sections in reading order (empty for talks).
  public var sections: [SectionHeading]
  /// A documentation page's symbol kind, module, platforms and deprecation; nil otherwise.
  public var documentation: DocumentationMetadata?
  /// A talk's links to documentation pages (`RelatedDocumentation`), in page order; nil when
  /// its page lists none (and for documents harvested before they were recorded).
  public var relatedDocumentation: [RelatedDocumentation]?

  public init(
    id: String, kind: DocumentKind, title: String, url: String, language: String = "en",
    event: String? = nil, year: Int? = nil, published: String? = nil, summary: String? = nil,
    fetch: FetchMetadata? = nil,
    isRemovedUpstream: Bool = false, passages: [Passage] = [], cues: [StoredCue] = [],
    sections: [SectionHeading] = []
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.url = url
    self.language = language
    self.event = event
    self.year = year
    self.published = published
    self.summary = summary
    self.fetch = fetch
    self.isRemovedUpstream = isRemovedUpstream
    self.passages = passages
    self.cues = cues
    self.sections = sections
  }
}

public enum DocumentKind: String, Codable, Sendable, CaseIterable {
  case talk
  case hig
  /// A page of Apple's developer documentation (`/documentation/…`): an article or a symbol.
  case doc

  /// A written page (HIG or documentation): sections with anchors, no times.
  public var isPage: Bool { self != .talk }
}

/// What a passage is made of: spoken words, written guidance, or a code listing.
public enum PassageKind: String, Codable, Sendable, CaseIterable {
  case speech
  case text
  case code
}

/// One quotable unit: a sentence (or a few) of a talk, a sentence or list item of a
/// HIG section, or a code sample.
public struct Passage: Codable, Sendable, Equatable {
  public var kind: PassageKind
  public var text: String
  /// Talks: start of the cue where the passage begins, end of the cue where it ends.
  public var startMilliseconds: Int?
  public var endMilliseconds: Int?
  /// HIG: the anchor of the section the passage sits in, exactly as Apple gives it.
  public var anchor: String?
  /// HIG: the heading of that section; talks: the chapter, where known.
  public var heading: String?
  public var speaker: String?
  /// Talks: indices into `Document.cues` of the first and last cue the passage came from.
  public var firstCue: Int?
  public var lastCue: Int?
  /// Talks: what its cues held that is not part of the quote, in order (sound descriptions
  /// such as `[laughter]`, `（音楽）`); nil when nothing was left out.
  public var omitted: [String]?
  /// HIG: the block of its section the passage came from (a paragraph, a list item, a table
  /// cell), so a section can be shown as Apple lays it out; nil for talks, and for HIG
  /// documents harvested before it was recorded.
  public var layout: PassageLayout?
  /// Talks: where the words of each cue after `firstCue` begin in `text`, in order; empty
  /// when all its words come from one cue. Nil when the passage has no cues, or when they
  /// are not known: a talk read from a document format before 4 (`DocumentFormat`).
  public var cueStarts: [CueMark]?

  public init(
    kind: PassageKind, text: String, startMilliseconds: Int? = nil, endMilliseconds: Int? = nil,
    anchor: String? = nil, heading: String? = nil, speaker: String? = nil,
    firstCue: Int? = nil, lastCue: Int? = nil, omitted: [String]? = nil, layout: PassageLayout? = nil,
    cueStarts: [CueMark]? = nil
  ) {
    self.kind = kind
    self.text = text
    self.startMilliseconds = startMilliseconds
    self.endMilliseconds = endMilliseconds
    self.anchor = anchor
    self.heading = heading
    self.speaker = speaker
    self.firstCue = firstCue
    self.lastCue = lastCue
    self.omitted = omitted
    self.layout = layout
    self.cueStarts = cueStarts
  }

  /// A passage of a talk's cues whose cue starts are not recorded (read from a format
  /// before 4): `TalkDocument.completingCueStarts` finds them again.
  public var lacksCueStarts: Bool { firstCue != nil && cueStarts == nil }
}

/// Where a cue's words begin inside a passage that spans several cues: the UTF-8 offset in
/// the passage text and the cue's index in `Document.cues`. A match found from that offset
/// on is timed at that cue's start.
public struct CueMark: Codable, Sendable, Equatable {
  public var utf8Offset: Int
  public var cue: Int

  public init(utf8Offset: Int, cue: Int) {
    self.utf8Offset = utf8Offset
    self.cue = cue
  }
}

/// A cue as stored: merged times, the raw payload and its plain-text rendering.
public struct StoredCue: Codable, Sendable, Equatable {
  public var startMilliseconds: Int
  public var endMilliseconds: Int
  /// The cue payload as served (tags and character references left as they are).
  public var raw: String
  /// The payload rendered to plain text (tags removed, references decoded).
  public var text: String
  public var settings: String?
  public var voice: String?
  /// The cue identifier (W3C WebVTT §4.1), when the file gives one; Apple's do not.
  public var identifier: String?

  public init(
    startMilliseconds: Int, endMilliseconds: Int, raw: String, text: String,
    settings: String? = nil, voice: String? = nil, identifier: String? = nil
  ) {
    self.startMilliseconds = startMilliseconds
    self.endMilliseconds = endMilliseconds
    self.raw = raw
    self.text = text
    self.settings = settings
    self.voice = voice
    self.identifier = identifier
  }
}

/// A HIG section: its heading, level and the anchor Apple gives it.
public struct SectionHeading: Codable, Sendable, Equatable {
  public var title: String
  public var anchor: String?
  public var level: Int

  public init(title: String, anchor: String?, level: Int) {
    self.title = title
    self.anchor = anchor
    self.level = level
  }
}

/// How and when a document was fetched; what conditional requests send back.
public struct FetchMetadata: Codable, Sendable, Equatable {
  public var sourceURL: String
  public var etag: String?
  public var lastModified: String?
  /// SHA-256 of the document's passages and cues, hex; unchanged hash, no rewrite.
  public var contentHash: String?
  /// ISO 8601, UTC.
  public var fetchedAt: String?
  public var lastDeepCheckAt: String?
  /// The origin that issued `etag` and `lastModified` when it is not the source's own: a
  /// mirror's (`refresh --mirror`). They are sent back only to that origin.
  public var validatorOrigin: String?

  public init(
    sourceURL: String, etag: String? = nil, lastModified: String? = nil,
    contentHash: String? = nil, fetchedAt: String? = nil, lastDeepCheckAt: String? = nil
  ) {
    self.sourceURL = sourceURL
    self.etag = etag
    self.lastModified = lastModified
    self.contentHash = contentHash
    self.fetchedAt = fetchedAt
    self.lastDeepCheckAt = lastDeepCheckAt
  }
}
