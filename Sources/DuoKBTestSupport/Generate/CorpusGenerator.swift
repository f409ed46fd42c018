import DocumentModel

/// Deterministic synthetic corpora for the differential test and the benchmark: talks of
/// speech passages (cues of 5-15 words) and HIG-like pages with headings, anchors and code.
/// Words follow a Zipf distribution over common English words, made-up words, plurals,
/// accented words, contractions, hyphenated compounds and camelCase API names.
///
/// With `isDifferential`, only forms that SQLite FTS5's unicode61 tokenizer (with an
/// apostrophe token character) reads like our verbatim mode: no decimal numbers, ASCII
/// apostrophes inside words only.
package struct CorpusGenerator {
  package var seed: UInt64
  package var isDifferential: Bool
  /// Whether talks carry their cues (one per passage), for tests that trace quotes to cues.
  package var includesCues = false
  package private(set) var vocabulary: [String] = []
  private var zipf = ZipfDraw(count: 0)

  static let common = """
    the of and to a in is you that it for on with as are this be can your at we have or \
    from by an not but all will they app when more use one which if so what there their \
    about these also make view data new just like how user content each into other some \
    time them then its way our need system design people most only see interface \
    controls text work first button menu screen window device display touch color layout \
    swift code model state list table image sound motion accessibility privacy widget \
    notification keyboard camera photo location health watch vision spatial immersive \
    toolbar sidebar navigation search share settings account support help great simple
    """.split(separator: " ").map(String.init)

  static let special = [
    "don't", "can't", "it's", "you're", "we've", "Apple's", "café", "naïve", "résumé",
    "Zürich", "façade", "right-to-left", "built-in", "on-device", "iOS", "iPadOS", "macOS",
    "iPhone", "SwiftUI", "UIKit", "toolbarVerticalBehavior", "NavigationSplitView",
    "scrollTargetBehavior", "HTTPServer", "URLSession", "AVPlayer", "snake_case",
    "cats", "classes", "stories", "boxes", "cat", "class", "story", "box", "27", "2026",
  ]

  package static let syllables = [
    "ka", "lo", "mer", "tin", "zu", "ra", "vel", "po", "sin", "dra", "qui", "ne", "tor",
    "ba", "lex", "mi", "sto", "fa", "gen", "ul", "cor", "pha", "ri", "dex", "an", "ve",
  ]

  package init(seed: UInt64, isDifferential: Bool = false, vocabularySize: Int = 20_000) {
    self.seed = seed
    self.isDifferential = isDifferential
    var random = SplitMix64(seed: seed ^ 0x9E37_79B9)
    var words = Self.common
    words += Self.special
    var seen = Set(words.map { $0.lowercased() })
    while words.count < vocabularySize {
      var word = ""
      for _ in 0..<(2 + Int(random.next() % 3)) {
        word += Self.syllables[Int(random.next() % UInt64(Self.syllables.count))]
      }
      switch random.next() % 20 {
      case 0:  // a camelCase API name of two or three made-up parts
        let second = Self.syllables[Int(random.next() % 26)] + Self.syllables[Int(random.next() % 26)]
        word += second.prefix(1).uppercased() + second.dropFirst()
      case 1: word += "s"
      case 2 where !isDifferential: word += ".\(random.next() % 10)"
      default: break
      }
      if seen.insert(word.lowercased()).inserted { words.append(word) }
    }
    vocabulary = words
    zipf = ZipfDraw(count: words.count)
  }

  /// A word index drawn from the Zipf distribution.
  mutating func wordIndex(_ random: inout SplitMix64) -> Int {
    zipf.rank(&random)
  }

  mutating func sentence(_ random: inout SplitMix64, words count: Int) -> String {
    var words: [String] = []
    for index in 0..<count {
      var word = vocabulary[wordIndex(&random)]
      if index == 0, let first = word.first, first.isLowercase, !word.contains("_") {
        word = first.uppercased() + word.dropFirst()
      }
      words.append(word)
    }
    let punctuation = [".", ".", ".", "?", "!", ","][Int(random.next() % 6)]
    return words.joined(separator: " ") + punctuation
  }

  /// `talks` talks of 3,000-6,000 words (scaled by `wordScale`) in passages of 5-15 words,
  /// and `pages` HIG-like pages.
  package mutating func documents(talks: Int, pages: Int, wordScale: Double = 1) -> [Document] {
    var random = SplitMix64(seed: seed)
    var documents: [Document] = []
    documents.reserveCapacity(talks + pages)
    let speakers = ["Vince Example", "Ada Sample", "Jun Placeholder", nil]
    for talk in 0..<talks {
      let year = 2019 + talk % 8
      let event = talk % 5 == 0 ? "tech-talks" : "wwdc\(year)"
      let id = "\(event)/\(10_000 + talk)"
      let wordTarget = Int(Double(3_000 + Int(random.next() % 3_001)) * wordScale)
      var passages: [Passage] = []
      var cues: [StoredCue] = []
      var written = 0
      var milliseconds = 0
      let speaker = speakers[talk % speakers.count]
      while written < wordTarget {
        let count = 5 + Int(random.next() % 11)
        let text = sentence(&random, words: count)
        let duration = count * 400 + Int(random.next() % 1_000)
        passages.append(
          Passage(
            kind: .speech, text: text, startMilliseconds: milliseconds,
            endMilliseconds: milliseconds + duration,
            heading: passages.count % 60 == 0 ? sentence(&random, words: 3) : nil,
            speaker: speaker, firstCue: passages.count, lastCue: passages.count))
        if includesCues {
          cues.append(
            StoredCue(
              startMilliseconds: milliseconds, endMilliseconds: milliseconds + duration, raw: text, text: text))
        }
        milliseconds += duration + Int(random.next() % 500)
        written += count
      }
      documents.append(
        Document(
          id: id, kind: .talk, title: sentence(&random, words: 4 + Int(random.next() % 4)),
          url: "https://developer.apple.com/videos/play/\(id)/", event: event, year: year,
          passages: passages, cues: cues))
    }
    for page in 0..<pages {
      var passages: [Passage] = []
      for section in 0..<(3 + Int(random.next() % 6)) {
        let heading = sentence(&random, words: 2 + Int(random.next() % 3))
        let anchor = "section-\(section)"
        for _ in 0..<(3 + Int(random.next() % 8)) {
          let isCode = random.next() % 10 == 0
          let text =
            isCode
            ? "let value = \(vocabulary[wordIndex(&random)])(\(vocabulary[wordIndex(&random)]))"
            : sentence(&random, words: 8 + Int(random.next() % 20))
          passages.append(Passage(kind: isCode ? .code : .text, text: text, anchor: anchor, heading: heading))
        }
      }
      let id = "hig/page-\(page)"
      documents.append(
        Document(
          id: id, kind: .hig, title: sentence(&random, words: 2 + Int(random.next() % 3)),
          url: "https://developer.apple.com/design/human-interface-guidelines/page-\(page)",
          passages: passages))
    }
    return documents
  }
}
