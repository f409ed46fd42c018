import Foundation
import Normalize
import SearchIndex

/// Checks the quotations of a write-up against the corpus: the words (after the
/// normalizations `QuoteText` documents), the talk, and the time.
///
/// A quotation's time is the start of the cue that holds its first quoted word, rounded
/// down to the second, and a written time within `toleranceSeconds` of it is right. Built
/// from the corpus documents, the verifier knows every cue; built from the index alone, it
/// knows only passage times, and accepts any time from the start of the passage holding the
/// first word to its end (± tolerance).
public struct QuotationVerifier: Sendable {
  public let toleranceSeconds: Int
  let index: SearchIndex
  let transcript: Transcript
  /// How many words an ellipsis may stand for.
  static let maximumOmittedWords = 200

  public init(index: SearchIndex, toleranceSeconds: Int = 5) {
    self.index = index
    self.toleranceSeconds = max(0, toleranceSeconds)
    transcript = Transcript(index: index)
  }

  /// With the corpus documents, so that times come from their cues.
  public init(index: SearchIndex, documents: [Document], toleranceSeconds: Int = 5) {
    self.index = index
    self.toleranceSeconds = max(0, toleranceSeconds)
    transcript = Transcript(documents: documents, index: index)
  }

  /// One verdict per quotation that has a time, a link or a source line, in file order.
  public func verify(text: String, file: String) -> [QuotationVerdict] {
    let found = QuotationExtractor.quotations(in: text)
    var located: [Int: Match] = [:]
    var verdicts: [QuotationVerdict] = []
    for (number, quotation) in found.enumerated() {
      let segments = Self.segments(quotation.text)
      guard !segments.isEmpty else { continue }
      var verdict = QuotationVerdict(
        file: file, line: quotation.line, quotation: Self.oneLine(quotation.text),
        claimedTime: quotation.claimedTime ?? quotation.claimedSeconds.first.map { Timecode.format(seconds: $0) },
        claimedSeconds: quotation.claimedSeconds.first, claimedLink: quotation.links.first, status: .notFound)
      let scope = scope(of: quotation)
      if let reason = scope.problem {
        verdict.note = reason
        verdicts.append(verdict)
        continue
      }
      let everywhere = exactMatches(segments, in: nil)
      let matches = scope.documents.map { allowed in everywhere.filter { allowed.contains($0.document) } } ?? everywhere
      if let leader = quotation.leader, let leaderMatch = located[leader] {
        let following = matches.filter { $0.document == leaderMatch.document && $0.first > leaderMatch.last }
        if let match = following.first {
          describe(match, in: &verdict)
          verdict.status = .verified
          located[number] = match
        } else if let earlier = matches.last(where: { $0.document == leaderMatch.document }) {
          describe(earlier, in: &verdict)
          verdict.status = .wrongTime
          verdict.note = "said before the quotation its time dates, not after it"
        } else {
          locateElsewhere(segments, everywhere: everywhere, scopeName: transcript.documents[leaderMatch.document].title, in: &verdict)
        }
        verdicts.append(verdict)
        continue
      }
      if matches.isEmpty {
        // Not in the talk named: a misquote of it (a quote gone stale), else said elsewhere.
        if everywhere.isEmpty || scope.documents != nil {
          closest(to: segments, in: scope.documents, verdict: &verdict)
        }
        if verdict.status == .notFound, !everywhere.isEmpty {
          locateElsewhere(segments, everywhere: everywhere, scopeName: scope.name, in: &verdict)
        } else if verdict.status == .misquoted, let elsewhere = everywhere.first {
          let word = transcript.words[elsewhere.first]
          let time = word.startMilliseconds >= 0 ? " at \(Timecode.format(milliseconds: word.startMilliseconds))" : ""
          verdict.note = (verdict.note.map { $0 + "; " } ?? "")
            + "said word for word in “\(transcript.documents[word.document].title)”\(time)"
        }
        verdicts.append(verdict)
        continue
      }
      let best = matches.min { distance($0, quotation, anchor: scope.anchor) < distance($1, quotation, anchor: scope.anchor) }
      guard let best else { continue }
      located[number] = best
      describe(best, in: &verdict)
      let off = distance(best, quotation, anchor: scope.anchor)
      if off <= toleranceSeconds {
        verdict.status = .verified
        if let leader = quotation.leader, located[leader] == nil {
          verdict.note = "dated by the time after it: the quotation before it in the sentence is not in the corpus"
        }
      } else {
        verdict.status = .wrongTime
        if let anchor = scope.anchor, anchorOf(best) != anchor {
          verdict.note = "in section #\(anchorOf(best) ?? ""), not #\(anchor)"
        } else {
          verdict.note = "said at \(verdict.time ?? "?"), not \(verdict.claimedTime ?? "?")"
        }
      }
      verdicts.append(verdict)
    }
    return verdicts
  }

  // MARK: Finding words

  struct Match: Sendable {
    var document: Int
    /// Positions in the transcript of the first and last quoted word.
    var first: Int
    var last: Int
  }

  /// The quotation's parts between ellipses (`…`, `...`, `. . .`, `[…]`, `[...]`), as words.
  static func segments(_ text: String) -> [[QuoteText.Word]] {
    var marked = text
    for omission in ["[…]", "[...]", "(…)", "(...)", ". . .", "..."] {
      marked = marked.replacingOccurrences(of: omission, with: "…")
    }
    return marked.split(separator: "…").map { QuoteText.words(String($0)) }.filter { !$0.isEmpty }
  }

  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Every place the parts occur in order, each contiguous, in one document.
  func exactMatches(_ segments: [[QuoteText.Word]], in allowed: Set<Int>?) -> [Match] {
    let words = transcript.words
    guard let first = segments.first, let starts = transcript.postings[first[0].folded] else { return [] }
    var result: [Match] = []
    for start in starts {
      let document = words[start].document
      if let allowed, !allowed.contains(document) { continue }
      guard occurs(first, at: start) else { continue }
      var end = start + first.count - 1
      var complete = true
      for segment in segments.dropFirst() {
        guard let candidates = transcript.postings[segment[0].folded] else {
          complete = false
          break
        }
        var found: Int?
        var probe = Self.lowerBound(candidates, end + 1)
        while probe < candidates.count, candidates[probe] <= end + 1 + Self.maximumOmittedWords {
          if words[candidates[probe]].document == document, occurs(segment, at: candidates[probe]) {
            found = candidates[probe]
            break
          }
          probe += 1
        }
        guard let found else {
          complete = false
          break
        }
        end = found + segment.count - 1
      }
      if complete { result.append(Match(document: document, first: start, last: end)) }
      if result.count >= 1000 { break }
    }
    return result
  }

  /// Whether `segment` is the transcript's words from `position` on, in one document: words
  /// equal exactly, the first one up to the case of its first letter.
  func occurs(_ segment: [QuoteText.Word], at position: Int) -> Bool {
    let words = transcript.words
    let document = words[position].document
    guard position + segment.count <= transcript.documents[document].words.upperBound else { return false }
    for (offset, word) in segment.enumerated() {
      let said = words[position + offset].text
      if offset == 0 {
        if QuoteText.firstLetterFolded(said) != QuoteText.firstLetterFolded(word.text) { return false }
      } else if said != word.text {
        return false
      }
    }
    return true
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

  /// How far (seconds) a match is from the times the quotation claims; a HIG match in
  /// another section than the link's anchor is as far as can be.
  func distance(_ match: Match, _ quotation: FoundQuotation, anchor: String?) -> Int {
    if let anchor, anchorOf(match) != anchor { return Int.max / 2 }
    let word = transcript.words[match.first]
    guard word.startMilliseconds >= 0 else { return 0 }
    let start = word.startMilliseconds / 1000
    let latest = word.latestMilliseconds / 1000
    return quotation.claimedSeconds.enumerated().map { number, claimed in
      let until = number == 0 ? max(claimed, quotation.claimedUntil ?? claimed) : claimed
      return until < start ? start - until : (claimed > latest ? claimed - latest : 0)
    }.max() ?? 0
  }

  func anchorOf(_ match: Match) -> String? {
    let word = transcript.words[match.first]
    return transcript.documents[word.document].passages[word.passage].anchor
  }

  // MARK: Reporting

  /// Fills in where the match really is: time, citation, link, title.
  func describe(_ match: Match, in verdict: inout QuotationVerdict) {
    let word = transcript.words[match.first]
    let document = transcript.documents[word.document]
    verdict.sourceTitle = document.title
    if document.kind == .talk, word.startMilliseconds >= 0 {
      verdict.milliseconds = word.startMilliseconds
      verdict.time = Timecode.format(milliseconds: word.startMilliseconds)
      verdict.link = DeepLink.talk(page: document.url, milliseconds: word.startMilliseconds)
    } else {
      verdict.link = DeepLink.section(page: document.url, anchor: document.passages[word.passage].anchor)
    }
    if let indexDocument = document.indexDocument, indexDocument < index.documentCount,
      word.passage < index.document(indexDocument).passageCount
    {
      verdict.citation = index.citationID(document: indexDocument, passage: word.passage)
    }
  }

  /// The words are in the corpus, but not where the write-up says.
  func locateElsewhere(
    _ segments: [[QuoteText.Word]], everywhere: [Match], scopeName: String?, in verdict: inout QuotationVerdict
  ) {
    guard let match = everywhere.first else { return }
    describe(match, in: &verdict)
    verdict.status = .notFound
    let place = [verdict.sourceTitle, verdict.time].compactMap { $0 }.joined(separator: " at ")
    verdict.note = "not in \(scopeName.map { "“\($0)”" } ?? "the talk named"); said in \(place)"
  }
}
