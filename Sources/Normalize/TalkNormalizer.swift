import DocumentModel

/// Turns a talk's merged cues into quotable passages of kind `.speech`.
///
/// - Text: each cue's rendered text with white space collapsed
///   (`TextNormalization.collapseWhitespace`); cues are joined with one space. A passage's
///   text is a slice of `joinedText(of:)` except where a sound description was left out of
///   it: then each stretch between omissions is such a slice, and `Passage.omitted` lists
///   what was left out.
/// - Sentences: found by `SentenceSegmenter`; a sentence often spans several cues, and a cue
///   may hold several sentences (each its own passage).
/// - Times: a passage starts at the start of the cue holding its first word and ends at the
///   end of the cue holding its last word; `firstCue`/`lastCue` index the cues given, and
///   `cueStarts` says where the words of each further cue begin in its text.
/// - Speakers: a `>>` marker starts a turn, with the speaker of its label
///   (`>> FEMALE SPEAKER:`, `>> Greg Christie:`) or none; a cue's `<v>` voice names the
///   speaker too. The speaker carries through the following cues of the same turn (cues
///   without a voice or marker). A `>>` marker, a change of voice, and a sound-only cue
///   (`♪ ♪`, `[ Applause ]`, `(Music)`) end the sentence before them. Markers and labels
///   are never part of a passage.
/// - Sound descriptions (`CaptionConventions+Sounds`) are left out wherever they stand in a
///   cue (`and [laughter] I'm`, `Eddy. [Applause]`, `（音楽）`); inside a sentence they do
///   not end it. Sound-only cues stay in `Document.cues`. Parenthesized speech and
///   transcriber notes (`[inaudible]`) are kept.
/// - Text without sentence punctuation (CJK captions: Apple's Japanese tracks have no `。`):
///   see `UnpunctuatedBoundary`; such a passage ends at a cue boundary, never inside a cue.
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
  public var unpunctuated: UnpunctuatedBoundary
  private let segmenter = SentenceSegmenter()

  public init(
    maximumPassageLength: Int = 600, hardPassageLength: Int = 2_000, pauseMilliseconds: Int = 1_500,
    unpunctuated: UnpunctuatedBoundary = UnpunctuatedBoundary()
  ) {
    self.maximumPassageLength = max(1, maximumPassageLength)
    self.hardPassageLength = max(1, hardPassageLength)
    self.pauseMilliseconds = max(1, pauseMilliseconds)
    self.unpunctuated = unpunctuated
  }

  /// The text every passage is a slice of: each non-empty cue's collapsed text, joined by
  /// single spaces.
  public static func joinedText(of cues: [StoredCue]) -> String {
    cues.lazy.map { TextNormalization.collapseWhitespace($0.text) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// The passages of `cues`, each with its cue starts (empty when its words come from one cue).
  public func passages(from cues: [StoredCue]) -> [Passage] {
    let events = Self.events(from: cues, pauseMilliseconds: pauseMilliseconds)
    var builder = PassageBuilder(cues: cues)
    for (position, event) in events.enumerated() {
      guard case .words(let cue, let speech, let speaker) = event else {
        builder.flush()
        continue
      }
      var next: (cue: Int, text: Substring)?
      if position + 1 < events.count, case .words(let nextCue, let nextSpeech, _) = events[position + 1] {
        next = (nextCue, nextSpeech.text)
      }
      let text = speech.text
      var omitted = speech.omitted[...]
      for span in segmenter.spans(in: text, followedBy: next?.text) {
        for piece in chopped(text, span) {
          let end = text.utf8.distance(from: text.startIndex, to: piece.range.upperBound)
          var held: [Substring] = []
          while let first = omitted.first, first.offset <= end {
            held.append(first.text)
            omitted = omitted.dropFirst()
          }
          builder.append(cue: cue, text: Substring(text.unicodeScalars[piece.range]), speaker: speaker, omitted: held)
          if piece.isComplete { builder.flush() }
        }
      }
      builder.note(omitted: omitted.map(\.text))
      if builder.length >= maximumPassageLength {
        builder.flush()
      } else if builder.hasCJK, next?.cue != cue,
        unpunctuated.ends(cue: cues[cue], text: text, next: next.map { cues[$0.cue] }, length: builder.length)
      {
        builder.flush()
      }
    }
    builder.flush()
    return builder.passages
  }

  /// What the cues say, in order: words of one cue and speaker, or a boundary.
  enum Event {
    case words(cue: Int, speech: CaptionConventions.Speech, speaker: String?)
    case boundary
  }

  static func events(from cues: [StoredCue], pauseMilliseconds: Int = .max) -> [Event] {
    var events: [Event] = []
    events.reserveCapacity(cues.count)
    var speaker: String?  // of the current turn
    var turnVoice: String?  // the last `<v>` voice of the current turn
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
          speaker = piece.label.map(String.init)
          turnVoice = nil
        }
        if piece.text.isEmpty { continue }
        if CaptionConventions.isSoundDescription(piece.text) {
          addBoundary()
          continue
        }
        if let voice = cue.voice {
          if let turnVoice, turnVoice != voice { addBoundary() }
          turnVoice = voice
          speaker = voice
        }
        lastWordsEnd = cue.endMilliseconds
        events.append(.words(cue: index, speech: CaptionConventions.speech(in: piece.text), speaker: speaker))
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
