import DocumentModel
import SearchIndex

/// One answer: the exact words of a passage, where they come from, and how to cite them.
public struct QuotedHit: Sendable, Equatable {
  public struct Source: Sendable, Equatable {
    public var kind: DocumentKind
    public var id: String
    public var title: String
    public var url: String
    public var event: String?
    public var year: Int?
    /// The document's BCP 47 tag: `en`, `ja`, `zh-Hans`.
    public var language: String = "en"
    /// Documentation pages: the framework (`UIKit`); nil for others.
    public var framework: String? = nil
    /// Documentation pages deprecated upstream: whoever quotes it must say so, and never
    /// cite it as current API.
    public var isDeprecated = false
  }

  public var rank: Int
  public var score: Double
  /// The passage text, exactly as stored: whole sentences, never cut.
  public var quote: String
  public var passageKind: PassageKind
  public var startMilliseconds: Int?
  public var endMilliseconds: Int?
  /// Talks: the start of the cue where the matched words begin (the passage start when
  /// they begin in its first cue); `link` points there.
  public var matchStartMilliseconds: Int?
  /// `m:ss` of the start, for talks.
  public var timestamp: String?
  public var anchor: String?
  public var heading: String?
  public var link: String
  public var citation: CitationID
  public var speaker: String?
  public var source: Source
  /// UTF-8 byte ranges of the matched words in `quote`, for highlighting.
  public var matchedRanges: [Range<Int>]
  /// Where the passage sits in the corpus: (document index, passage index) in the index.
  public var documentIndex: Int
  public var passageIndex: Int
  /// Search: whether the passage has every word of the query (false: a best match of
  /// some of them, shown because fewer passages had them all).
  public var matchesAllWords = true
  /// Search with `explain`: the parts of `score` (`ScoreExplanation`); nil otherwise.
  public var explanation: ScoreExplanation? = nil
  /// A HIG section quoted whole: its passages with the blocks they came from, when the
  /// corpus records them (`KnowledgeBase.laidOut`), so that lists and tables keep their
  /// shape; nil otherwise. `quote` stays the passages' exact text.
  public var sectionLayout: [LaidOutPassage]? = nil
  /// How many passages after this one `quote` runs on into: a quoted phrase that runs from
  /// one sentence into the next (`PhraseRunOn`). `citation` and `link` stay this passage's,
  /// where the quotation begins.
  public var runOnPassages = 0
}

/// One passage of a section and the block of the section it came from.
public struct LaidOutPassage: Sendable, Equatable {
  public var text: String
  public var kind: PassageKind
  public var layout: PassageLayout

  public init(text: String, kind: PassageKind, layout: PassageLayout) {
    self.text = text
    self.kind = kind
    self.layout = layout
  }
}

/// The answer to one query: every matching passage counted, the best few quoted.
public struct SearchAnswer: Sendable, Equatable {
  public var query: String
  /// Passages that match every word of the query.
  public var total: Int
  public var hits: [QuotedHit]

  public init(query: String, total: Int, hits: [QuotedHit]) {
    self.query = query
    self.total = total
    self.hits = hits
  }

  /// Some hits match only some of the words: fewer than asked for matched them all.
  public var includesPartialMatches: Bool { hits.contains { !$0.matchesAllWords } }
}
