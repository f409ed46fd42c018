/// What the verifier found for one quotation of a write-up.
public struct QuotationVerdict: Sendable, Equatable {
  public enum Status: String, Sendable, Codable, CaseIterable {
    /// Every word is the corpus's, in the named talk, at the time given (± tolerance).
    case verified
    /// The words differ from the closest real sentence (see `closest` and `diff`).
    case misquoted
    /// The words are right, the time (or HIG section) is not; `time` is the right one.
    case wrongTime = "wrong-time"
    /// Nothing in the corpus (or in the talk named) comes close.
    case notFound = "not-found"
  }

  public var file: String
  /// 1-based line of the opening quotation mark.
  public var line: Int
  /// The quotation as written, between its marks.
  public var quotation: String
  /// The time the write-up gives, as written (`3:46`), and in seconds (from a link's
  /// `?time=` when no time is written).
  public var claimedTime: String?
  public var claimedSeconds: Int?
  /// The link the write-up gives, if any.
  public var claimedLink: String?
  public var status: Status
  /// Where the words really are: the time of the cue holding the first quoted word (talks).
  public var time: String?
  public var milliseconds: Int?
  /// The citation id and deep link of the passage holding the first quoted word.
  public var citation: CitationID?
  public var link: String?
  public var sourceTitle: String?
  /// Misquotes: the real sentence or sentences, and the word diff from them to the quotation.
  public var closest: String?
  public var diff: WordDiff?
  /// Why, in a few words, when not verified.
  public var note: String?

  public var isVerified: Bool { status == .verified }
}
