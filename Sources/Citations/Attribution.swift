/// What a write-up says of where a quotation comes from: its time, its talk or page, or only
/// that Apple said it.
struct Attribution: Sendable, Equatable {
  struct Time: Sendable, Equatable {
    var seconds: Int
    /// The end of a written range (`03:42–04:51`): the quotation lies anywhere in it.
    var until: Int?
    /// As written (`3:46`, `03:42–04:51`).
    var text: String
    /// From a link's `?time=`: a search hit links to where its matched words begin, which
    /// may be anywhere in the quotation, not only at its first word.
    var isFromLink = false
  }

  /// Times that must all be right: a written time and a link's `?time=`.
  var times: [Time] = []
  /// A time mistyped (`9:2O`): the writer dated the quotation, but not readably.
  var malformedTime: String?
  var links: [String] = []
  /// Documents named by a duo-kb citation id (`tech-talks/111466@9:20`, `hig/layout#grids`).
  var documentIDs: [String] = []
  /// Documents named by their title (numbers in the `SourceCatalog`).
  var titles: Set<Int> = []
  /// The HIG section a link or citation id names.
  var anchor: String?
  /// Apple, its guidelines or a speaker is named: the quotation is Apple's, from anywhere.
  var namesApple = false
  /// The attribution as written, for reports.
  var text = ""

  var namesDocument: Bool { !links.isEmpty || !documentIDs.isEmpty || !titles.isEmpty }
  var hasTime: Bool { !times.isEmpty || malformedTime != nil }
  var isEmpty: Bool { !hasTime && !namesDocument && !namesApple }
  /// A time, a link or a citation id: one passage is named, where even a few words can be
  /// checked. A title or a speaker names only a document, or only Apple.
  var namesPassage: Bool { hasTime || !links.isEmpty || !documentIDs.isEmpty }

  /// Adds what `other` says of the source where this says nothing of it.
  mutating func inheritSource(from other: Attribution) {
    guard !namesDocument else { return }
    links = other.links.filter { QuotationVerifier.documentID(link: $0) != nil }
    documentIDs = other.documentIDs
    titles = other.titles
    anchor = anchor ?? other.anchor
    namesApple = namesApple || other.namesApple
  }

  mutating func merge(_ other: Attribution) {
    times += other.times
    malformedTime = malformedTime ?? other.malformedTime
    links += other.links
    documentIDs += other.documentIDs
    titles.formUnion(other.titles)
    anchor = anchor ?? other.anchor
    namesApple = namesApple || other.namesApple
    text = text.isEmpty ? other.text : text + " " + other.text
  }
}

/// Reads an attribution out of a stretch of text (a parenthesis, a source line, a link).
enum AttributionReader {
  /// What `text` claims; `isGroup`: the text is a whole parenthesis or source line, where a
  /// lone short title (`(Layout, 2:10)`) names its page too.
  static func read(_ text: String, catalog: SourceCatalog, isGroup: Bool) -> Attribution {
    var attribution = Attribution(text: text)
    let stamps = QuotationExtractor.timestamps(in: text)
    let links = QuotationExtractor.urls(in: text)
    attribution.links = links
    if let first = stamps.first {
      var time = Attribution.Time(seconds: first.seconds, until: nil, text: first.text)
      if stamps.count >= 2, stamps[1].seconds >= first.seconds,
        let range = QuotationExtractor.range(first.text, stamps[1].text, in: text)
      {
        time.until = stamps[1].seconds
        time.text = range
      }
      attribution.times.append(time)
    } else if isGroup, links.isEmpty {
      attribution.malformedTime = QuotationExtractor.mistypedTime(in: text)
    }
    attribution.times += links.compactMap(QuotationExtractor.linkSeconds).map {
      Attribution.Time(seconds: $0, until: nil, text: Timecode.format(seconds: $0), isFromLink: true)
    }
    for link in links {
      if let fragment = link.split(separator: "#", maxSplits: 1).dropFirst().first,
        link.contains("human-interface-guidelines")
      {
        attribution.anchor = String(fragment)
      }
    }
    for id in QuotationExtractor.citationIDs(in: text, catalog: catalog) {
      attribution.documentIDs.append(id.documentID)
      switch id.locator {
      case .time(let seconds):
        attribution.times.append(.init(seconds: seconds, until: nil, text: Timecode.format(seconds: seconds)))
      case .anchor(let anchor): attribution.anchor = attribution.anchor ?? anchor
      }
    }
    // In a parenthesis or source line attached to a quotation a plain title names its
    // document; in prose only a title the writer names as one does.
    attribution.titles = isGroup ? catalog.titles(in: text) : catalog.namedTitles(in: text)
    if isGroup, attribution.titles.isEmpty {
      // `(Layout, 2:10)`: what is left beside the times is a title.
      let rest = text.split(separator: ",").map(String.init).filter { QuotationExtractor.timestamps(in: $0).isEmpty }
      for part in rest { if let number = catalog.title(equalTo: part) { attribution.titles.insert(number) } }
    }
    attribution.namesApple = catalog.namesApple(text)
    return attribution
  }
}
