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
