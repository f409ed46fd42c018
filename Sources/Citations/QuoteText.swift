/// How quoted words are compared with the corpus: the documented normalizations.
///
/// A text is read as a sequence of words; everything between words is ignored. So:
/// 1. Whitespace of any kind and amount (spaces, tabs, line breaks, no-break spaces) is equal.
/// 2. Punctuation between words is ignored: commas, periods, colons, dashes, brackets and
///    quotation marks, so a quote may end in other punctuation than the speaker's sentence.
/// 3. Inside a word, curly and straight apostrophes (’ ‘ ‛ ʼ ′ and ') are the same character,
///    and the hyphens ‐ ‑ are `-`. Unicode canonical equivalents are equal (Swift `String`).
/// 4. Case matters, except for the first letter of a quotation and of each part after an
///    ellipsis: a writer may capitalise or lower-case it to fit their own sentence.
/// A word is a run of letters, digits and `_`, joined across `'`, `-`, `.`, `/` and `:`
/// when a letter or digit follows (`doesn't`, `symbol-only`, `27.1`, `50/50`).
enum QuoteText {
  /// One word of a text: as compared, and where it sits (a `Character` offset range).
  struct Word: Sendable, Equatable {
    /// The word after the normalizations, case kept.
    var text: String
    /// `text` lower-cased, for finding candidates and aligning misquotes.
    var folded: String
    /// The word as written, before the normalizations.
    var original: String
    var range: Range<Int>
  }

  static func words(_ text: String) -> [Word] {
    var result: [Word] = []
    var current = ""
    var start = 0
    var offset = 0
    let characters = Array(text)
    func flush(at end: Int) {
      guard !current.isEmpty else { return }
      result.append(
        Word(text: current, folded: current.lowercased(), original: String(characters[start..<end]), range: start..<end)
      )
      current = ""
    }
    while offset < characters.count {
      let character = fold(characters[offset])
      if isWordCharacter(character) {
        if current.isEmpty { start = offset }
        current.append(character)
      } else if !current.isEmpty, joiners.contains(character), offset + 1 < characters.count,
        isWordCharacter(fold(characters[offset + 1]))
      {
        current.append(character)
      } else {
        flush(at: offset)
      }
      offset += 1
    }
    flush(at: offset)
    return result
  }

  /// The word with its first letter lower-cased: how the first word of a quotation is compared.
  static func firstLetterFolded(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.lowercased() + word.dropFirst()
  }

  static let joiners: Set<Character> = ["'", "-", ".", "/", ":"]

  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  static func fold(_ character: Character) -> Character {
    switch character {
    case "’", "‘", "‛", "ʼ", "′": "'"
    case "‐", "‑": "-"
    default: character
    }
  }
}
