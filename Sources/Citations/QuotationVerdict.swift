/// What the verifier found for one quotation of a write-up.
public struct QuotationVerdict: Sendable, Equatable {
  public enum Status: String, Sendable, Codable, CaseIterable {
    /// Every word is the corpus's, in the talk or page named, at the time given (± tolerance).
    case verified
    /// Verified, with the usual editorial marks (see `marks`).
    case verifiedWithMarks = "verified-edited"
    /// The words differ from the closest real sentence (see `closest` and `diff`).
    case misquoted
    /// The words are right, the time (or HIG section) is not; `time` is the right one.
    case wrongTime = "wrong-time"
    /// The words are Apple's, but said in another talk or page than the one named.
    case wrongSource = "wrong-source"
    /// Nothing in the corpus (or in the talk named) comes close.
    case notFound = "not-found"
    /// Fewer than four words: too short to tell a quotation from a coincidence.
    case tooShort = "too-short"
    /// Apple's words, but the write-up gives no source or time to check them against.
    case unchecked

    /// How reports name it.
    public var label: String {
      switch self {
      case .verified: "verified"
      case .verifiedWithMarks: "verified with editorial marks"
      case .misquoted: "misquoted"
      case .wrongTime: "wrong time"
      case .wrongSource: "wrong source"
      case .notFound: "not found"
      case .tooShort: "too short"
      case .unchecked: "unchecked"
      }
    }
  }

  /// Editorial marks a writer may use in a verified quotation.
  public enum EditorialMark: String, Sendable, Codable, CaseIterable {
    /// `…` or `...` for words left out, in order.
    case ellipsis
    /// `[words]` standing for words replaced.
    case brackets
    /// The first letter of the quotation (or of a part after an ellipsis) in another case.
    case firstLetterCase = "first-letter-case"
  }

  public var file: String
  /// 1-based line and column of the opening quotation mark.
  public var line: Int
  public var column: Int
  /// Line and 0-based column of the closing mark (a blockquote's last character), where a
  /// reviewer's marker goes.
  public var endLine: Int
  public var endColumn: Int
  /// The quotation as written, between its marks, on one line.
  public var quotation: String
  public var form: QuotationForm
  public var status: Status
  public var marks: [EditorialMark] = []
  /// The time the write-up gives, as written (`3:46`, `03:42–04:51`), and in seconds (from a
  /// link's `?time=` or a citation id when no time is written); the end of a written range.
  public var claimedTime: String?
  public var claimedSeconds: Int?
  public var claimedUntilSeconds: Int?
  /// The link the write-up gives, if any, and the talk or page it names.
  public var claimedLink: String?
  public var claimedSource: String?
  /// Where the words really are: the time of the cue holding the first quoted word (talks).
  public var time: String?
  public var milliseconds: Int?
  /// The citation id and deep link of the passage holding the first quoted word.
  public var citation: CitationID?
  public var link: String?
  public var sourceTitle: String?
  public var sourceID: String?
  /// Misquotes: the real sentence or sentences, and the word diff from them to the quotation.
  public var closest: String?
  public var diff: WordDiff?
  /// Why, in a few words, when not verified.
  public var note: String?

  public var isVerified: Bool { status == .verified || status == .verifiedWithMarks }
}

/// A quoted stretch the verifier did not read as a quotation of Apple, and why.
public struct PassedOver: Sendable, Equatable, Encodable {
  public enum Reason: String, Sendable, Codable {
    /// The title of a talk or page in the corpus: it names a source.
    case title
    /// Nothing attributes it to Apple and it is short (a label, a turn of phrase).
    case unattributed
    /// Nothing attributes it to Apple and the corpus holds nothing like it.
    case notApple = "not-apple"
  }

  public var file: String
  public var line: Int
  public var column: Int
  public var text: String
  public var reason: Reason
}
