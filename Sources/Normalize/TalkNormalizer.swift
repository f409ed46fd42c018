/// Turns a talk's merged cues into quotable passages of kind `.speech`.
///
/// - Text: each cue's rendered text with white space collapsed
///   (`TextNormalization.collapseWhitespace`); cues are joined with one space. A passage's
///   text is therefore always a slice of `joinedText(of:)`: a quote is the cues' own words.
/// - Sentences: found by `SentenceSegmenter`; a sentence often spans several cues, and a cue
///   may hold several sentences (each its own passage).
/// - Times: a passage starts at the start of the cue holding its first word and ends at the
///   end of the cue holding its last word; `firstCue`/`lastCue` index the cues given.
/// - Speakers: a cue's `<v>` voice when it has one, else the label of the last `>>` marker
///   (`>> FEMALE SPEAKER:`); a `>>` without a label resets it. A `>>` marker, a change of
///   voice, and a sound-only cue (`♪ ♪`, `[ Applause ]`, `(Music)`) end the sentence before
///   them. Markers, labels and sound-only cues are never part of a passage; sound-only cues
///   stay in `Document.cues`. Parenthesized words inside a spoken line are kept.
/// - Length: a sentence that has not ended after `maximumPassageLength` Unicode scalars is
///   cut at the next cue boundary, so passages stay quotable; inside a single cue, a stretch
///   longer than `hardPassageLength` scalars with no sentence end is cut at the last space
///   before that length (mid-word only when there is none).
/// - Pauses: a silence of `pauseMilliseconds` or more between one cue's end and the next
///   cue's start ends the sentence, so words spoken apart (or excerpts of a talk) are never
///   glued into one quote.
/// - Empty cues (no text after collapsing) contribute nothing and end nothing.
public struct TalkNormalizer: Sendable {
  public var maximumPassageLength: Int
  public var hardPassageLength: Int
  public var pauseMilliseconds: Int
  private let segmenter = SentenceSegmenter()

  public init(
    maximumPassageLength: Int = 600, hardPassageLength: Int = 2_000, pauseMilliseconds: Int = 1_500
  ) {
    self.maximumPassageLength = max(1, maximumPassageLength)
    self.hardPassageLength = max(1, hardPassageLength)
    self.pauseMilliseconds = max(1, pauseMilliseconds)
  }

  /// The text every passage is a slice of: each non-empty cue's collapsed text, joined by
  /// single spaces.
  public static func joinedText(of cues: [StoredCue]) -> String {
    cues.lazy.map { TextNormalization.collapseWhitespace($0.text) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  public func passages(from cues: [StoredCue]) -> [Passage] {
    let events = Self.events(from: cues, pauseMilliseconds: pauseMilliseconds)
    var builder = PassageBuilder(cues: cues)
    for (position, event) in events.enumerated() {
      guard case .words(let cue, let text, let speaker) = event else {
        builder.flush()
        continue
      }
      var following: Substring?
      if position + 1 < events.count, case .words(_, let next, _) = events[position + 1] {
        following = next
      }
      for span in segmenter.spans(in: text, followedBy: following) {
        for piece in chopped(text, span) {
          builder.append(cue: cue, text: Substring(text.unicodeScalars[piece.range]), speaker: speaker)
          if piece.isComplete { builder.flush() }
        }
      }
      if builder.length >= maximumPassageLength { builder.flush() }
    }
    builder.flush()
    return builder.passages
  }

  /// What the cues say, in order: words of one cue and speaker, or a boundary.
  enum Event {
    case words(cue: Int, text: Substring, speaker: String?)
    case boundary
  }

  static func events(from cues: [StoredCue], pauseMilliseconds: Int = .max) -> [Event] {
    var events: [Event] = []
    events.reserveCapacity(cues.count)
    var label: String?
    var lastVoice: String??  // the voice of the last cue with words; .none before any
    var lastWordsEnd: Int?  // the end of the last cue with words
    func addBoundary() {
      if let last = events.last, case .words = last { events.append(.boundary) }
    }
    for (index, cue) in cues.enumerated() {
      let text = TextNormalization.collapseWhitespace(cue.text)
      if text.isEmpty { continue }
      if let lastWordsEnd, Saturating.subtract(cue.startMilliseconds, lastWordsEnd) >= pauseMilliseconds {
        addBoundary()
      }
      for piece in CaptionConventions.pieces(of: text[...]) {
        if piece.startsTurn {
          addBoundary()
          label = piece.label.map(String.init)
        }
        if piece.text.isEmpty { continue }
        if CaptionConventions.isSoundDescription(piece.text) {
          addBoundary()
          continue
        }
        if let lastVoice, lastVoice != cue.voice { addBoundary() }
        lastVoice = .some(cue.voice)
        lastWordsEnd = cue.endMilliseconds
        events.append(.words(cue: index, text: piece.text, speaker: cue.voice ?? label))
      }
    }
    return events
  }

  /// `span` cut into stretches of at most `hardPassageLength` scalars, at spaces where
  /// possible. Every stretch but the last is complete.
  private func chopped(_ text: Substring, _ span: SentenceSegmenter.Span) -> [SentenceSegmenter.Span] {
    let scalars = text.unicodeScalars
    // Fast path: a UTF-8 length within the limit bounds the scalar count too.
    if text.utf8[span.range].count <= hardPassageLength { return [span] }
    var result: [SentenceSegmenter.Span] = []
    var start = span.range.lowerBound
    while true {
      guard let limit = scalars.index(start, offsetBy: hardPassageLength, limitedBy: span.range.upperBound),
        limit < span.range.upperBound
      else {
        result.append(SentenceSegmenter.Span(range: start..<span.range.upperBound, isComplete: span.isComplete))
        return result
      }
      var cut = limit
      if let space = scalars[start..<limit].lastIndex(of: " "), space > start { cut = space }
      result.append(SentenceSegmenter.Span(range: start..<cut, isComplete: true))
      start = cut
      while start < span.range.upperBound, scalars[start] == " " { start = scalars.index(after: start) }
      if start == span.range.upperBound { return result }
    }
  }
}

/// Collects the words of the sentence being read and makes passages of them.
private struct PassageBuilder {
  let cues: [StoredCue]
  var passages: [Passage] = []
  private var parts: [(cue: Int, text: Substring)] = []
  private var speaker: String?
  private(set) var length = 0

  init(cues: [StoredCue]) { self.cues = cues }

  mutating func append(cue: Int, text: Substring, speaker: String?) {
    guard !text.isEmpty else { return }
    if parts.isEmpty { self.speaker = speaker }
    parts.append((cue, text))
    length += text.unicodeScalars.count + (parts.count > 1 ? 1 : 0)
  }

  mutating func flush() {
    guard let first = parts.first, let last = parts.last else { return }
    passages.append(
      Passage(
        kind: .speech, text: parts.map(\.text).joined(separator: " "),
        startMilliseconds: cues[first.cue].startMilliseconds,
        endMilliseconds: cues[last.cue].endMilliseconds, speaker: speaker,
        firstCue: first.cue, lastCue: last.cue))
    parts.removeAll(keepingCapacity: true)
    speaker = nil
    length = 0
  }
}
