/// A quotation's words, cut where the writer marked words left out or replaced.
///
/// An ellipsis (`…`, `...`, `. . .`, `[…]`, `[...]`, `(…)`) stands for up to
/// `QuotationVerifier.maximumOmittedWords` words said, in order; `[words]` stands for up to
/// `maximumBracketedWords` words said, replaced by the writer's own.
struct QuotedWords: Sendable {
  struct Segment: Sendable {
    var words: [QuoteText.Word]
    /// How many words said may lie between the previous segment and this one.
    var maximumGap: Int
  }

  var segments: [Segment] = []
  var usesEllipsis = false
  var usesBrackets = false

  var wordCount: Int { segments.reduce(0) { $0 + $1.words.count } }
  var allWords: [QuoteText.Word] { segments.flatMap(\.words) }

  init(_ text: String) {
    var marked = text
    for omission in ["[…]", "[...]", "(…)", "(...)", ". . .", "..."] {
      marked = marked.replacing(omission, with: "…")
    }
    usesEllipsis = marked.contains("…")
    for (number, part) in marked.split(separator: "…", omittingEmptySubsequences: false).enumerated() {
      var gap = number == 0 ? 0 : QuotationVerifier.maximumOmittedWords
      var rest = Substring(part)
      while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
        append(String(rest[..<open]), gap: &gap)
        usesBrackets = true
        gap = max(gap, QuotationVerifier.maximumBracketedWords)
        rest = rest[rest.index(after: close)...]
      }
      append(String(rest), gap: &gap)
    }
  }

  private mutating func append(_ text: String, gap: inout Int) {
    let words = QuoteText.words(text)
    guard !words.isEmpty else { return }
    // The first segment may start anywhere.
    segments.append(Segment(words: words, maximumGap: segments.isEmpty ? 0 : gap))
    gap = 0
  }
}

extension QuotationVerifier {
  struct Match: Sendable {
    var document: Int
    /// Positions in the transcript of the first and last quoted word.
    var first: Int
    var last: Int
    /// Where each segment starts.
    var segmentStarts: [Int]
  }

  /// Every place the segments occur in order, each contiguous, in one document, with at
  /// most each segment's gap between them.
  func exactMatches(_ segments: [QuotedWords.Segment], in allowed: Set<Int>?) -> [Match] {
    let words = transcript.words
    guard let first = segments.first, let starts = transcript.postings[first.words[0].folded] else { return [] }
    var result: [Match] = []
    for start in starts {
      let document = words[start].document
      if let allowed, !allowed.contains(document) { continue }
      guard occurs(first.words, at: start) else { continue }
      var end = start + first.words.count - 1
      var segmentStarts = [start]
      var complete = true
      for segment in segments.dropFirst() {
        guard let candidates = transcript.postings[segment.words[0].folded] else {
          complete = false
          break
        }
        var found: Int?
        var probe = Self.lowerBound(candidates, end + 1)
        while probe < candidates.count, candidates[probe] <= end + 1 + segment.maximumGap {
          if words[candidates[probe]].document == document, occurs(segment.words, at: candidates[probe]) {
            found = candidates[probe]
            break
          }
          probe += 1
        }
        guard let found else {
          complete = false
          break
        }
        segmentStarts.append(found)
        end = found + segment.words.count - 1
      }
      if complete { result.append(Match(document: document, first: start, last: end, segmentStarts: segmentStarts)) }
      if result.count >= 1000 { break }
    }
    return result
  }

  /// Whether `segment` is the transcript's words from `position` on, in one document and
  /// running on from passage to passage as search's phrases do: words equal exactly, the
  /// first one up to the case of its first letter.
  func occurs(_ segment: [QuoteText.Word], at position: Int) -> Bool {
    let words = transcript.words
    let document = words[position].document
    guard position + segment.count <= transcript.documents[document].words.upperBound else { return false }
    for (offset, word) in segment.enumerated() {
      if offset > 0, !transcript.runsOn(after: position + offset - 1) { return false }
      let said = words[position + offset].text
      if offset == 0 {
        if QuoteText.firstLetterFolded(said) != QuoteText.firstLetterFolded(word.text) { return false }
      } else if said != word.text {
        return false
      }
    }
    return true
  }

  /// The editorial marks a verified quotation uses.
  func marks(_ quoted: QuotedWords, _ match: Match) -> [QuotationVerdict.EditorialMark] {
    var marks: [QuotationVerdict.EditorialMark] = []
    if quoted.usesEllipsis { marks.append(.ellipsis) }
    if quoted.usesBrackets { marks.append(.brackets) }
    let recased = zip(quoted.segments, match.segmentStarts).contains { segment, start in
      segment.words[0].text != transcript.words[start].text
    }
    if recased { marks.append(.firstLetterCase) }
    return marks
  }

  static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The match nearest the times the quotation claims (the first, when none are claimed).
  func nearest(_ matches: [Match], _ quotation: FoundQuotation, anchor: String?) -> Match? {
    matches.min { distance($0, quotation, anchor: anchor) < distance($1, quotation, anchor: anchor) }
  }

  /// How far (seconds) a match is from the times the quotation claims; a HIG match in
  /// another section than the one named is as far as can be. A range holds the whole
  /// quotation: its first word from the range's start, its last by the range's end.
  func distance(_ match: Match, _ quotation: FoundQuotation, anchor: String?) -> Int {
    if let anchor, anchorOf(match) != anchor { return Int.max / 2 }
    let word = transcript.words[match.first]
    guard word.startMilliseconds >= 0 else { return 0 }
    let start = word.startMilliseconds / 1000
    let latest = word.latestMilliseconds / 1000
    let lastStart = transcript.words[match.last].startMilliseconds / 1000
    let lastLatest = transcript.words[match.last].latestMilliseconds / 1000
    return quotation.attribution.times.map { time in
      if time.isFromLink {
        return time.seconds < start ? start - time.seconds : (time.seconds > lastLatest ? time.seconds - lastLatest : 0)
      }
      if let until = time.until {
        if latest < time.seconds { return time.seconds - latest }
        return max(0, start - until, lastStart - until)
      }
      return time.seconds < start ? start - time.seconds : (time.seconds > latest ? time.seconds - latest : 0)
    }.max() ?? 0
  }

  func anchorOf(_ match: Match) -> String? {
    let word = transcript.words[match.first]
    return transcript.documents[word.document].passages[word.passage].anchor
  }
}
