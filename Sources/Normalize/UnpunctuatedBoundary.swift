import DocumentModel

/// Where a passage of text without sentence punctuation ends.
///
/// Apple's Japanese captions carry no `。` at all and its Chinese ones end sentences rarely,
/// so `SentenceSegmenter` finds no end and a passage would run until a long pause or the
/// length cap, cut mid-clause. For a passage that holds CJK characters, the rule is applied
/// at each cue boundary (never inside a cue), with the best signal first:
/// 1. the cue ends a clause: its text ends with sentence punctuation, or with a
///    sentence-final form (`clauseEndings`: Japanese `ます`, `です`, `ました`, `ください`, …;
///    Chinese `吗`, `呢`, `吧`; Korean `다`, `요`, `까`);
/// 2. a pause: the next cue starts `pauseMilliseconds` or more after this one ends;
/// 3. the passage has reached `maximumLength` Unicode scalars.
/// A passage with no CJK character is left to punctuation alone.
public struct UnpunctuatedBoundary: Sendable, Equatable {
  public var pauseMilliseconds: Int
  public var maximumLength: Int

  public init(pauseMilliseconds: Int = 500, maximumLength: Int = 100) {
    self.pauseMilliseconds = max(1, pauseMilliseconds)
    self.maximumLength = max(1, maximumLength)
  }

  /// Sentence-final forms that end a clause when a cue ends with them.
  static let clauseEndings = [
    "ます", "です", "ました", "でした", "ません", "ましょう", "ください", "でしょう", "ですね", "ますね", "ですよ", "ますよ",
    "よね", "ですか", "ますか", "だろう", "吗", "呢", "吧", "啊", "嗎", "다", "요", "까",
  ]
  static let punctuation: Set<Unicode.Scalar> = ["。", "！", "？", "!", "?", ".", "…"]

  /// Whether a passage of `length` scalars ends after `cue` (whose speech is `text`), with
  /// `next` the cue of the words that follow, if any.
  func ends(cue: StoredCue, text: Substring, next: StoredCue?, length: Int) -> Bool {
    if let last = text.unicodeScalars.last, Self.punctuation.contains(last) { return true }
    if Self.clauseEndings.contains(where: { text.hasSuffix($0) }) { return true }
    if let next, next.startMilliseconds - cue.endMilliseconds >= pauseMilliseconds { return true }
    return length >= maximumLength
  }

  /// Han, Hiragana, Katakana or Hangul.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x3041...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF,
      0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
      true
    default: false
    }
  }
}
