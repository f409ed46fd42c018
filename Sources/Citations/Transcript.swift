import DocumentModel
import SearchIndex

/// Every passage of the corpus as one stream of words, each word with the time of the cue
/// that holds it: what the verifier looks quotations up in.
struct Transcript: Sendable {
  struct Word: Sendable {
    var text: String
    var folded: String
    var original: String
    var document: Int
    var passage: Int
    /// Start of the cue holding the word; -1 when the document has no times.
    var startMilliseconds: Int
    /// The latest time the word may be spoken at: the cue start again when cues are known,
    /// the end of the passage when only passage times are (an index without cues).
    var latestMilliseconds: Int
    /// Character offsets in the passage text.
    var range: Range<Int>
  }

  struct PassageInfo: Sendable {
    var text: String
    var startMilliseconds: Int?
    var anchor: String?
    var words: Range<Int>
  }

  struct DocumentInfo: Sendable {
    var id: String
    var kind: DocumentKind
    var title: String
    var url: String
    /// Where the search index keeps it, for citation ids and links.
    var indexDocument: Int?
    var passages: [PassageInfo]
    var words: Range<Int>
  }

  private(set) var documents: [DocumentInfo] = []
  private(set) var words: [Word] = []
  /// Folded word → positions in `words`, ascending.
  private(set) var postings: [String: [Int]] = [:]
  private(set) var documentNumbers: [String: Int] = [:]

  /// From corpus documents: word times come from their cues.
  init(documents source: [Document], index: SearchIndex) {
    var indexByID: [String: Int] = [:]
    for position in 0..<index.documentCount { indexByID[index.document(position).id] = position }
    for document in source {
      let cueTimes = Self.cueAssignments(document)
      appendDocument(
        id: document.id, kind: document.kind, title: document.title, url: document.url,
        indexDocument: indexByID[document.id],
        passages: document.passages.enumerated().map { number, passage in
          (passage.text, passage.startMilliseconds, passage.endMilliseconds, passage.anchor, cueTimes[number])
        })
    }
  }

  /// From the index alone: a word's time is known only to lie within its passage.
  init(index: SearchIndex) {
    for position in 0..<index.documentCount {
      let stored = index.document(position)
      appendDocument(
        id: stored.id, kind: stored.kind, title: stored.title, url: stored.url, indexDocument: position,
        passages: (0..<stored.passageCount).map { number in
          let passage = index.passage(doc: position, passage: number)
          return (passage.text, passage.startMilliseconds, passage.endMilliseconds, passage.anchor, nil)
        })
    }
  }

  private mutating func appendDocument(
    id: String, kind: DocumentKind, title: String, url: String, indexDocument: Int?,
    passages: [(text: String, start: Int?, end: Int?, anchor: String?, cueStarts: [Int]?)]
  ) {
    let documentNumber = documents.count
    documentNumbers[id] = documentNumber
    let firstWord = words.count
    var infos: [PassageInfo] = []
    for (number, passage) in passages.enumerated() {
      let passageFirst = words.count
      let passageWords = QuoteText.words(passage.text)
      for (position, word) in passageWords.enumerated() {
        let start: Int
        let latest: Int
        if let cueStarts = passage.cueStarts, position < cueStarts.count {
          start = cueStarts[position]
          latest = start
        } else {
          start = passage.start ?? -1
          latest = max(start, passage.end ?? start)
        }
        postings[word.folded, default: []].append(words.count)
        words.append(
          Word(
            text: word.text, folded: word.folded, original: word.original, document: documentNumber, passage: number,
            startMilliseconds: start, latestMilliseconds: latest, range: word.range))
      }
      infos.append(
        PassageInfo(
          text: passage.text, startMilliseconds: passage.start, anchor: passage.anchor,
          words: passageFirst..<words.count))
    }
    documents.append(
      DocumentInfo(
        id: id, kind: kind, title: title, url: url, indexDocument: indexDocument, passages: infos,
        words: firstWord..<words.count))
  }

  /// For each passage of a talk, the start time of the cue holding each of its words: the
  /// passage's words are found in order in the words of its cues (`firstCue...lastCue`),
  /// continuing after the previous passage where the two share a cue. A word not found
  /// (the cue text was cleaned up differently) takes the time of the last one found.
  static func cueAssignments(_ document: Document) -> [[Int]?] {
    guard document.kind == .talk, !document.cues.isEmpty else {
      return Array(repeating: nil, count: document.passages.count)
    }
    var cueWords: [(folded: String, cue: Int)] = []
    var cueFirstWord: [Int] = []
    for (number, cue) in document.cues.enumerated() {
      cueFirstWord.append(cueWords.count)
      for word in QuoteText.words(cue.text) { cueWords.append((word.folded, number)) }
    }
    cueFirstWord.append(cueWords.count)
    var cursor = 0
    var result: [[Int]?] = []
    for passage in document.passages {
      guard let firstCue = passage.firstCue, let lastCue = passage.lastCue, firstCue >= 0,
        firstCue <= lastCue, lastCue < document.cues.count
      else {
        result.append(nil)
        continue
      }
      cursor = max(cursor, cueFirstWord[firstCue])
      if cursor >= cueFirstWord[lastCue + 1] { cursor = cueFirstWord[firstCue] }
      let limit = cueFirstWord[lastCue + 1]
      var lastCueFound = firstCue
      var times: [Int] = []
      for word in QuoteText.words(passage.text) {
        var probe = cursor
        var found: Int?
        while probe < limit, probe < cursor + 64 {
          if cueWords[probe].folded == word.folded {
            found = probe
            break
          }
          probe += 1
        }
        if let found {
          lastCueFound = cueWords[found].cue
          cursor = found + 1
        }
        times.append(document.cues[lastCueFound].startMilliseconds)
      }
      result.append(times)
    }
    return result
  }
}
