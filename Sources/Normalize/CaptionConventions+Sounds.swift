/// Sound descriptions inside spoken lines, and transcriber notes (format notes, "Captions as
/// they really are").
///
/// A *bracketed group* is text between `[` `]`, `(` `)` or their full-width forms `［` `］`,
/// `（` `）`, `【` `】`, `〔` `〕` (no nesting: the first closer of its kind ends it). It is
/// a *sound description* when its content is at most `maximumSoundWords` words of letters
/// (spaces, hyphens, apostrophes, commas, `&`, `/`, `・`, `、` between them; no digits, no
/// sentence or code punctuation) and
/// - in square brackets: it starts with a capital or a letter without case (`[ Music ]`,
///   `[ Background Conversations ]`, `［ 掌声 ］`) or names a sound (`[laughter]`);
/// - in parentheses: it names a sound (`(Applause)`, `(audience laughing)`, `（音楽）`).
/// So a parenthesized aside (`(It's like Dr. Seuss.)`, `(really)`), code
/// (`(where: { $0.isSelected})`, `array[0]`) and lower-case words in brackets stay speech.
///
/// *Transcriber notes* (`[inaudible]`, `[phonetic]`, `[assumed spelling]`, `[crosstalk]`,
/// `[sic]`, in any brackets and case) stand for or annotate spoken words: they are always
/// kept, inline or filling a cue, and are never a sound description.
extension CaptionConventions {
  /// A sound description in brackets has at most this many words.
  static let maximumSoundWords = 6

  /// Words (lower-cased) that name a sound, for Latin-script captions.
  static let soundWords: Set<String> = [
    "applause", "applauding", "music", "musical", "laughter", "laughing", "laughs", "laugh", "chuckles",
    "chuckling", "chuckle", "cheering", "cheers", "cheer", "whooping", "whistling", "silence", "sighs", "gasps",
    "clapping", "claps", "crowd", "audience", "beeping", "beeps", "chimes", "chiming", "ringing", "upbeat",
    "instrumental", "percussion", "drumroll", "noise", "noises",
  ]
  /// Words that name a sound in CJK captions, found anywhere in a group's content.
  static let cjkSoundWords = [
    "音楽", "音乐", "音樂", "拍手", "掌声", "掌聲", "笑い", "笑声", "笑聲", "笑", "歓声", "欢呼", "歡呼", "喝采", "喝彩",
    "観客", "观众", "觀眾", "沈黙", "静寂", "效果音", "効果音", "박수", "음악", "웃음", "환호", "함성",
  ]
  static let transcriberNotes: Set<String> = [
    "inaudible", "unintelligible", "indiscernible", "phonetic", "assumed spelling", "crosstalk", "sic",
  ]

  /// Spoken words of a piece with its sound descriptions left out.
  struct Speech: Equatable {
    /// The piece without its sound descriptions: spaces around each collapsed to one (none
    /// where a CJK text had none), punctuation right after one attached to the word before
    /// it (`UI [laughter], but` -> `UI, but`) or dropped where it would stand alone.
    var text: Substring
    /// What was left out, in order, each with the UTF-8 offset in `text` where it stood.
    var omitted: [(text: Substring, offset: Int)]

    static func == (lhs: Speech, rhs: Speech) -> Bool {
      lhs.text == rhs.text && lhs.omitted.map(\.text) == rhs.omitted.map(\.text)
        && lhs.omitted.map(\.offset) == rhs.omitted.map(\.offset)
    }
  }

  /// `piece` (collapsed) without its sound descriptions.
  static func speech(in piece: Substring) -> Speech {
    let scalars = piece.unicodeScalars
    guard scalars.contains(where: { closing(of: $0) != nil }) else { return Speech(text: piece, omitted: []) }
    var output = String.UnicodeScalarView()
    var omitted: [(text: Substring, offset: Int)] = []
    var textStart = scalars.startIndex
    var index = scalars.startIndex
    func appendText(_ text: Substring.UnicodeScalarView.SubSequence) {
      var text = text[...]
      if output.isEmpty || output.last == " " { while text.first == " " { text = text.dropFirst() } }
      output.append(contentsOf: text)
    }
    while index < scalars.endIndex {
      guard let closer = closing(of: scalars[index]),
        let end = scalars[scalars.index(after: index)...].firstIndex(of: closer)
      else {
        index = scalars.index(after: index)
        continue
      }
      let content = Substring(scalars[scalars.index(after: index)..<end])
      let afterGroup = scalars.index(after: end)
      guard isSoundDescription(content, squareBrackets: isSquare(scalars[index])) else {
        index = afterGroup
        continue
      }
      appendText(scalars[textStart..<index])
      let hadSpaceBefore = output.last == " "
      while output.last == " " { output.removeLast() }
      var punctuationEnd = afterGroup
      while punctuationEnd < scalars.endIndex, isTrailingPunctuation(scalars[punctuationEnd]) {
        punctuationEnd = scalars.index(after: punctuationEnd)
      }
      let offset = String(output).utf8.count
      omitted.append((Substring(scalars[index..<afterGroup]), offset))
      if punctuationEnd > afterGroup, let last = output.last, !isTrailingPunctuation(last) {
        output.append(contentsOf: scalars[afterGroup..<punctuationEnd])
      }
      if hadSpaceBefore && !output.isEmpty { output.append(" ") }
      textStart = punctuationEnd
      index = punctuationEnd
    }
    appendText(scalars[textStart..<scalars.endIndex])
    while output.last == " " { output.removeLast() }
    let text = String(output)
    let length = text.utf8.count
    return Speech(text: text[...], omitted: omitted.map { ($0.text, min($0.offset, length)) })
  }

  static func isSquare(_ opener: Unicode.Scalar) -> Bool { opener != "(" && opener != "（" }

  /// Whether the content of a bracketed group is a sound description (see the type's notes).
  static func isSoundDescription(_ content: Substring, squareBrackets: Bool) -> Bool {
    let trimmed = content.trimmingSpaces()
    guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= 60 else { return false }
    if transcriberNotes.contains(trimmed.lowercased()) { return false }
    if trimmed.unicodeScalars.allSatisfy({ musicNotes.contains($0) || $0 == " " }) { return true }
    var hasLetter = false
    for scalar in trimmed.unicodeScalars {
      if scalar.properties.isAlphabetic || musicNotes.contains(scalar) {
        hasLetter = hasLetter || scalar.properties.isAlphabetic
      } else if !" -'’,&/・、".unicodeScalars.contains(scalar)
        && scalar.properties.generalCategory != .nonspacingMark
      {
        return false
      }
    }
    guard hasLetter else { return false }
    let words = trimmed.split(whereSeparator: { " ,/、・".contains($0) })
    guard words.count <= maximumSoundWords else { return false }
    if words.contains(where: { soundWords.contains($0.lowercased()) }) { return true }
    if cjkSoundWords.contains(where: { trimmed.contains($0) }) { return true }
    guard squareBrackets, let first = trimmed.unicodeScalars.first(where: \.properties.isAlphabetic) else {
      return false
    }
    return !first.properties.isLowercase
  }

  /// Punctuation that belongs to the word before it: what follows a dropped group is
  /// attached to the word before the group, or dropped.
  static func isTrailingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ".", ",", ";", ":", "!", "?", "…", "、", "。", "，", "！", "？", "；", "：": true
    default: false
    }
  }
}

extension Substring {
  /// Without leading and trailing U+0020 spaces.
  func trimmingSpaces() -> Substring {
    var result = self
    while result.first == " " { result = result.dropFirst() }
    while result.last == " " { result = result.dropLast() }
    return result
  }
}
