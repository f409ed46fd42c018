import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the quotation finder knows of the corpus, to recognise a source named in prose: each
/// document's id and title, and the speakers of its passages.
struct SourceCatalog: Sendable {
  struct Entry: Sendable {
    var id: String
    var foldedTitle: String
    /// `foldedTitle` with punctuation as spaces and a space at each end, for whole-word search.
    var spacedTitle: String
    var titleWordCount: Int
    /// The title's words as written, for matching it where prose names it (`namedTitles`).
    var titleWords: [Substring]
  }

  private(set) var entries: [Entry] = []
  private(set) var numbersByID: [String: Int] = [:]
  /// Speakers' first names (`Vince`), which attribute a quotation to Apple.
  private(set) var speakers: Set<String> = []

  static let empty = SourceCatalog(documents: [])

  /// Entry `n` is document number `n` of the verifier's transcript.
  init(documents: [(id: String, title: String)], speakers: [String] = []) {
    for (number, document) in documents.enumerated() {
      let folded = Self.fold(document.title)
      entries.append(
        Entry(
          id: document.id, foldedTitle: folded, spacedTitle: Self.spaced(folded),
          titleWordCount: folded.split(separator: " ").count, titleWords: Self.words(document.title).map(\.text)))
      numbersByID[document.id] = number
    }
    for speaker in speakers {
      if let first = speaker.split(separator: " ").first, first.count >= 3 { self.speakers.insert(String(first)) }
    }
  }

  /// Lower case, curly apostrophes straight, emphasis and quotation marks gone, runs of spaces
  /// and punctuation at the ends dropped.
  static func fold(_ text: String) -> String {
    var result = ""
    for character in text.lowercased() {
      switch character {
      case "’", "‘": result.append("'")
      case "*", "_", "“", "”", "\"", "«", "»", "\u{FFFC}": result.append(" ")
      default: result.append(character.isWhitespace ? " " : character)
      }
    }
    let words = result.split(separator: " ")
    return words.joined(separator: " ").trimming(Set(" ,.;:!?"))
  }

  /// The document whose title is exactly `text` (a quoted or emphasised title).
  func title(equalTo text: String) -> Int? {
    let folded = Self.fold(text)
    guard !folded.isEmpty else { return nil }
    return entries.firstIndex { $0.foldedTitle == folded }
  }

  /// Documents whose title of three or more words stands in `text` as whole words, or whose
  /// shorter title is emphasised there (`*Layout*`): shorter titles are ordinary words.
  func titles(in text: String) -> Set<Int> {
    let folded = Self.spaced(Self.fold(text))
    var found: Set<Int> = []
    for (number, entry) in entries.enumerated() where entry.titleWordCount >= 3 && folded.contains(entry.spacedTitle) {
      found.insert(number)
    }
    for emphasised in Self.emphasisedSpans(text) {
      if let number = title(equalTo: emphasised) { found.insert(number) }
    }
    return found
  }

  /// Documents the writer names in prose (`QUOTATIONS.md`, "Attribution comes from the
  /// writer"): a title emphasised (`*Layout*`), the whole text a title (a heading `## Design
  /// for iPhone Duo`), or a title of three words or more, capitalised as it is, that the
  /// prose attaches to what follows: in a parenthesis, after a word that introduces a source
  /// (`the talk …`, `the HIG page …`, `In …`) or before a verb of saying (`… says`). Prose that merely
  /// resembles a title (`What does designing for iPhone Duo require?`, a heading `Designing
  /// for iPhone Duo: What Moves`) names nothing.
  func namedTitles(in text: String) -> Set<Int> {
    var found: Set<Int> = []
    for emphasised in Self.emphasisedSpans(text) {
      if let number = title(equalTo: emphasised) { found.insert(number) }
    }
    if let number = title(equalTo: String(text.drop { $0 == "#" || $0.isWhitespace })) { found.insert(number) }
    // A parenthesis is where a writer attaches a source: `Blunt (Layout guide, 03:42–04:51):`.
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
      found.formUnion(titles(in: String(rest[rest.index(after: open)..<close])))
      rest = rest[rest.index(after: close)...]
    }
    let words = Self.words(text)
    guard !words.isEmpty else { return found }
    let lowered = words.map { $0.text.lowercased() }
    for (number, entry) in entries.enumerated() where entry.titleWordCount >= 3 && !found.contains(number) {
      let title = entry.titleWords
      let loweredTitle = title.map { $0.lowercased() }
      guard title.count >= 3, title.count <= words.count else { continue }
      for start in 0...(words.count - title.count) where lowered[start] == loweredTitle[0] {
        guard Array(lowered[start..<start + title.count]) == loweredTitle else { continue }
        // Written as a name: no word the title capitalises is in lower case.
        let capitalised = zip(title, words[start..<start + title.count]).allSatisfy { said, written in
          !(said.first?.isUppercase ?? false) || (written.text.first?.isUppercase ?? false)
        }
        guard capitalised else { continue }
        let end = start + title.count
        let introduced =
          words[start].gapBefore.contains("(")
          || (start > 0 && words[start].gapBefore.allSatisfy(\.isWhitespace)
            && Self.introducingWords.contains(lowered[start - 1]))
        let followedBySaying =
          end < words.count && words[end].gapBefore.allSatisfy(\.isWhitespace)
          && Self.sayingWords.contains(lowered[end])
        if introduced || followedBySaying {
          found.insert(number)
          break
        }
      }
    }
    return found
  }

  /// Words after which a title names a source: `the talk Design for iPhone Duo`.
  static let introducingWords: Set<String> = [
    "talk", "session", "video", "page", "guide", "guidelines", "article", "section", "in", "from",
  ]
  /// Verbs of saying before which a title names a source: `Design for iPhone Duo says`.
  static let sayingWords: Set<String> = [
    "says", "said", "puts", "notes", "adds", "explains", "recommends", "advises", "asks", "calls", "writes",
    "states", "tells", "describes", "warns", "suggests", "shows",
  ]

  /// The words of `text` (letters, digits and apostrophes), each with what separates it from
  /// the word before.
  static func words(_ text: String) -> [(text: Substring, gapBefore: Substring)] {
    var result: [(Substring, Substring)] = []
    var index = text.startIndex
    var gapStart = index
    func isWordCharacter(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "'" || character == "’"
    }
    while index < text.endIndex {
      guard isWordCharacter(text[index]) else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex, isWordCharacter(text[index]) { index = text.index(after: index) }
      result.append((text[start..<index], text[gapStart..<start]))
      gapStart = index
    }
    return result
  }

  /// Letters, digits and apostrophes kept, all else a space, with a space at each end.
  static func spaced(_ folded: String) -> String {
    " " + folded.map { $0.isLetter || $0.isNumber || $0 == "'" ? $0 : " " }.reduce(into: "") { $0.append($1) } + " "
  }

  /// Whether `text` names Apple as the speaker: Apple, its guidelines or talks, or a speaker.
  func namesApple(_ text: String) -> Bool {
    let words = text.split { !($0.isLetter || $0 == "’" || $0 == "'") }
    for word in words {
      let bare = word.hasSuffix("’s") || word.hasSuffix("'s") ? word.dropLast(2) : word
      if bare == "Apple" || bare == "HIG" || speakers.contains(String(bare)) { return true }
    }
    let lower = text.lowercased()
    return [
      "human interface guidelines", "the guide", "the guidelines", "the talk", "the session", "tech talk", "wwdc",
    ]
    .contains { lower.contains($0) }
  }

  /// Text between `*…*`, `**…**` or `_…_`.
  static func emphasisedSpans(_ text: String) -> [String] {
    var spans: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let mark = characters[index]
      guard mark == "*" || mark == "_" else {
        index += 1
        continue
      }
      var open = index
      while open < characters.count, characters[open] == mark { open += 1 }
      var close = open
      while close < characters.count, characters[close] != mark, characters[close] != "\n", close - open < 200 {
        close += 1
      }
      if close < characters.count, characters[close] == mark, close > open {
        spans.append(String(characters[open..<close]))
        index = close
        while index < characters.count, characters[index] == mark { index += 1 }
      } else {
        index = open
      }
    }
    return spans
  }
}
