/// One DocC render JSON page read as text: title, abstract, and sections in reading order.
public struct RenderPage: Sendable, Equatable {
  /// Top-level `kind` (`article`, `symbol`, `project`, ...); nil when the page has none.
  public var kind: String?
  /// `identifier.url`, e.g. `doc://com.apple.HIG/design/Human-Interface-Guidelines/<slug>`.
  public var identifierURL: String?
  /// `metadata.title`, else the top-level `title`, else "".
  public var title: String
  /// `metadata.role` (`article`, `collectionGroup`, `symbol`, ...).
  public var role: String?
  /// `abstract` as plain text.
  public var abstract: String
  /// `schemaVersion` as "major.minor.patch", nil when absent.
  public var schemaVersion: String?
  /// Sections in reading order. Content before the first heading is a section with a nil
  /// heading and anchor; it is left out when empty.
  public var sections: [RenderSection]
  public var topicSections: [TopicSection]
  public var seeAlsoSections: [TopicSection]
  /// `references`, keyed by identifier.
  public var references: [String: ReferenceSummary]
  public var warnings: [DocCWarning]
  /// Blocks and inlines of a type this decoder does not know (their text is kept).
  public var unknownNodeCount: Int
  /// `metadata` beyond title and role, and `deprecationSummary` (symbol pages, articles).
  public var metadata = RenderPageMetadata()
  /// How many nodes of each `type` (or layout `kind`) were read inside
  /// `primaryContentSections` and tutorial `sections`, nested ones and inlines included.
  public var nodeTypeCounts: [String: Int]

  public init(
    kind: String? = nil, identifierURL: String? = nil, title: String = "", role: String? = nil,
    abstract: String = "", schemaVersion: String? = nil, sections: [RenderSection] = [],
    topicSections: [TopicSection] = [], seeAlsoSections: [TopicSection] = [],
    references: [String: ReferenceSummary] = [:], warnings: [DocCWarning] = [],
    unknownNodeCount: Int = 0, nodeTypeCounts: [String: Int] = [:]
  ) {
    self.kind = kind
    self.identifierURL = identifierURL
    self.title = title
    self.role = role
    self.abstract = abstract
    self.schemaVersion = schemaVersion
    self.sections = sections
    self.topicSections = topicSections
    self.seeAlsoSections = seeAlsoSections
    self.references = references
    self.warnings = warnings
    self.unknownNodeCount = unknownNodeCount
    self.nodeTypeCounts = nodeTypeCounts
  }

  /// The sections that start at a heading, in order.
  public var headings: [RenderSection] { sections.filter { $0.heading != nil } }
}

/// HIG pages are render pages; the name reads better where only HIG is meant.
public typealias HIGPage = RenderPage

/// A heading and the blocks up to the next heading.
public struct RenderSection: Sendable, Equatable {
  /// The heading's `text`; nil for content before the first heading (and for a tutorial
  /// section that has an anchor but no title).
  public var heading: String?
  /// The heading's `anchor` as the JSON gives it; never derived from the text.
  public var anchor: String?
  /// The heading's `level`; 0 for content before the first heading.
  public var level: Int
  public var blocks: [TextBlock]

  public init(heading: String?, anchor: String?, level: Int, blocks: [TextBlock] = []) {
    self.heading = heading
    self.anchor = anchor
    self.level = level
    self.blocks = blocks
  }
}

/// A `topicSections` or `seeAlsoSections` group: its title and the pages it lists.
public struct TopicSection: Sendable, Equatable {
  public var title: String?
  public var anchor: String?
  /// `identifiers` in order, each resolved through `references` where possible.
  public var items: [TopicItem]

  public init(title: String?, anchor: String?, items: [TopicItem]) {
    self.title = title
    self.anchor = anchor
    self.items = items
  }
}

public struct TopicItem: Sendable, Equatable {
  public var identifier: String
  /// The reference's `title`, nil when the identifier is not in `references`.
  public var title: String?
  /// The reference's `url` (site-relative, e.g. `/design/human-interface-guidelines/color`).
  public var url: String?

  public init(identifier: String, title: String?, url: String?) {
    self.identifier = identifier
    self.title = title
    self.url = url
  }
}

/// What a crawler or a text walk needs from one `references` entry.
public struct ReferenceSummary: Sendable, Equatable {
  public var identifier: String
  /// `type`: `topic`, `image`, `video`, `link`, `section`, ...
  public var type: String?
  public var kind: String?
  public var role: String?
  public var title: String?
  public var url: String?
  /// `alt` of an image or video reference.
  public var alt: String?
  public var abstract: String

  public init(
    identifier: String, type: String? = nil, kind: String? = nil, role: String? = nil,
    title: String? = nil, url: String? = nil, alt: String? = nil, abstract: String = ""
  ) {
    self.identifier = identifier
    self.type = type
    self.kind = kind
    self.role = role
    self.title = title
    self.url = url
    self.alt = alt
    self.abstract = abstract
  }
}
