/// The answer to a query: how many passages matched, and the best of them.
public struct SearchResults: Sendable, Equatable {
  /// Every matching passage, not only those in `hits`.
  public var total: Int
  /// Best first; ties in passage order.
  public var hits: [SearchHit]
}

public struct SearchHit: Sendable, Equatable {
  public var documentIndex: Int
  public var passageIndex: Int
  public var score: Double
  /// Whole words that matched, as UTF-8 byte offsets into the passage text, sorted.
  public var matchedRanges: [Range<Int>]
  /// Talks: the start of the cue where the first matched word is spoken (the passage's
  /// start when that is where it begins, or when nothing is known); nil without times.
  public var matchStartMilliseconds: Int?
  /// The passage as the search read it (record and text, the text checked against its
  /// CRC-32), so that turning the hit into an answer need not read it again; nil for a hit
  /// made elsewhere.
  public var passage: StoredPassage?
  /// The passages after this one, in its document, that a quoted phrase matched here runs
  /// on into (`PhraseRunOn`), each with the words it matched there; empty for most hits.
  public var runOn: [RunOnPassage] = []

  public init(
    documentIndex: Int, passageIndex: Int, score: Double, matchedRanges: [Range<Int>],
    matchStartMilliseconds: Int? = nil, passage: StoredPassage? = nil
  ) {
    self.documentIndex = documentIndex
    self.passageIndex = passageIndex
    self.score = score
    self.matchedRanges = matchedRanges
    self.matchStartMilliseconds = matchStartMilliseconds
    self.passage = passage
  }
}

/// A passage that a phrase runs on into from a hit: its index in the hit's document and
/// the byte ranges of the phrase's words in its text.
public struct RunOnPassage: Sendable, Equatable {
  public var passageIndex: Int
  public var matchedRanges: [Range<Int>]

  public init(passageIndex: Int, matchedRanges: [Range<Int>]) {
    self.passageIndex = passageIndex
    self.matchedRanges = matchedRanges
  }
}
