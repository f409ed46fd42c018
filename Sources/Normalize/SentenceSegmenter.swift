/// Finds sentence ends in collapsed text; shared by talks and HIG pages.
///
/// A sentence ends after `.`, `?`, `!` or `…` (a run of them, then any closing quotes or
/// brackets) that is followed by a space and then a sentence start, or by the end of the
/// text. A sentence start is an upper-case or case-less letter, a digit, an opening quote or
/// bracket, or a lower-case word with a capital inside (`iPhone`, `macOS`). So these do not
/// end a sentence:
/// - a terminator followed by a non-space: decimals and versions (`iOS 27.1`, `3.5`),
///   identifiers and URLs (`UIView.frame`, `developer.apple.com`), `e.g.,`;
/// - a terminator followed by a lower-case word: `etc. and`, `so... and` (an ellipsis
///   mid-sentence);
/// - a period after a title (`Mr.`, `Dr.`), `vs.`, `cf.`, a single capital (an initial),
///   or a dotted abbreviation (`e.g.`, `i.e.`, `U.S.`), whatever follows.
/// `。`, `！` and `？` end a sentence even without a following space.
public struct SentenceSegmenter: Sendable {
  /// One sentence: its range in the text, and whether it ended (false for the last piece
  /// of a text whose sentence goes on in what follows).
  public struct Span: Sendable, Equatable {
    public var range: Range<String.Index>
    public var isComplete: Bool
  }

  /// Words that end with a period but never end a sentence (compared lower-cased).
  static let nonTerminalAbbreviations: Set<String> = [
    "mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "vs", "cf", "viz", "approx",
  ]
  static let terminators: Set<Unicode.Scalar> = [".", "?", "!", "…"]
  static let fullWidthTerminators: Set<Unicode.Scalar> = ["。", "！", "？"]
  static let closers: Set<Unicode.Scalar> = ["\"", "'", "”", "’", ")", "]", "}", "»", "」", "』"]
  static let openers: Set<Unicode.Scalar> = ["\"", "'", "“", "‘", "(", "[", "«", "¿", "¡", "「", "『"]

  public init() {}

  /// Any terminator; a switch, because this runs once per scalar of every text.
  static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ".", "?", "!", "…", "。", "！", "？": true
    default: false
    }
  }

  /// The sentences of a whole collapsed text, as slices of it.
  public func sentences(in text: Substring) -> [Substring] {
    spans(in: text, followedBy: nil).map { Substring(text.unicodeScalars[$0.range]) }
  }

  /// The sentences of collapsed `text`. `following` is the text that comes after it,
  /// separated by one space (the next cue of the same speaker), or nil at the end of the
  /// text; it decides whether a terminator at the very end of `text` ends the sentence.
  public func spans(in text: Substring, followedBy following: Substring?) -> [Span] {
    let scalars = text.unicodeScalars
    var spans: [Span] = []
    var start = skipSpaces(scalars, from: scalars.startIndex)
    var index = start
    while index < scalars.endIndex {
      let scalar = scalars[index]
      guard Self.isTerminator(scalar) else {
        index = scalars.index(after: index)
        continue
      }
      let end = endOfTerminatorRun(scalars, from: index)
      if endsSentence(scalars, terminatorAt: index, runEnd: end, following: following) {
        spans.append(Span(range: start..<end, isComplete: true))
        start = skipSpaces(scalars, from: end)
        index = start
      } else {
        index = end
      }
    }
    if start < scalars.endIndex {
      spans.append(Span(range: start..<scalars.endIndex, isComplete: following == nil))
    }
    return spans
  }

  private func skipSpaces(_ scalars: Substring.UnicodeScalarView, from index: String.Index) -> String.Index {
    var index = index
    while index < scalars.endIndex, scalars[index].properties.isWhitespace {
      index = scalars.index(after: index)
    }
    return index
  }

  /// After the terminators and closing quotes or brackets that follow `index`.
  private func endOfTerminatorRun(_ scalars: Substring.UnicodeScalarView, from index: String.Index) -> String.Index {
    var end = scalars.index(after: index)
    while end < scalars.endIndex, Self.isTerminator(scalars[end]) {
      end = scalars.index(after: end)
    }
    while end < scalars.endIndex, Self.closers.contains(scalars[end]) {
      end = scalars.index(after: end)
    }
    return end
  }

  private func endsSentence(
    _ scalars: Substring.UnicodeScalarView, terminatorAt index: String.Index, runEnd: String.Index,
    following: Substring?
  ) -> Bool {
    if Self.fullWidthTerminators.contains(scalars[index]) { return true }
    let next: Substring.UnicodeScalarView.SubSequence
    if runEnd == scalars.endIndex {
      guard let following else { return true }
      next = following.unicodeScalars[...]
    } else {
      guard scalars[runEnd].properties.isWhitespace else { return false }
      let wordStart = skipSpaces(scalars, from: runEnd)
      if wordStart == scalars.endIndex {
        guard let following else { return true }
        next = following.unicodeScalars[...]
      } else {
        next = scalars[wordStart...]
      }
    }
    guard startsSentence(next) else { return false }
    let runIsSinglePeriod =
      scalars[index] == "."
      && (scalars.index(after: index) == runEnd || !Self.terminators.contains(scalars[scalars.index(after: index)]))
    return !(runIsSinglePeriod && isAbbreviation(scalars, periodAt: index))
  }

  /// Whether the word at the start of `next` can begin a sentence.
  private func startsSentence(_ next: Substring.UnicodeScalarView) -> Bool {
    guard let first = next.first else { return true }
    if Self.openers.contains(first) { return true }
    let properties = first.properties
    if properties.numericType != nil { return true }
    guard properties.isAlphabetic else { return false }
    if !properties.isLowercase { return true }
    // `iPhone`, `macOS`, `tvOS`: a lower-case word with a capital inside is a name.
    for scalar in next.prefix(12) {
      if scalar.properties.isWhitespace { break }
      if scalar.properties.isUppercase { return true }
    }
    return false
  }

  /// Whether the word before the period at `index` is an abbreviation that never ends a sentence.
  private func isAbbreviation(_ scalars: Substring.UnicodeScalarView, periodAt index: String.Index) -> Bool {
    var wordStart = index
    while wordStart > scalars.startIndex {
      let before = scalars.index(before: wordStart)
      let scalar = scalars[before]
      if scalar.properties.isWhitespace || Self.openers.contains(scalar) { break }
      wordStart = before
    }
    let word = scalars[wordStart..<index]
    guard !word.isEmpty, word.count <= 12 else { return false }
    if word.count == 1, let letter = word.first, letter.properties.isUppercase { return true }
    if Self.nonTerminalAbbreviations.contains(String(Substring(word)).lowercased()) { return true }
    return isDottedAbbreviation(word)
  }

  /// `e.g`, `i.e`, `U.S`, `a.m`: single letters joined by periods.
  private func isDottedAbbreviation(_ word: Substring.UnicodeScalarView) -> Bool {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { $0.count == 1 && $0.first!.properties.isAlphabetic }
  }
}
