import AppleSite
import DocumentModel
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks the quotations of a write-up against the corpus: the words (after the
/// normalizations `QuoteText` documents), the talk or page, and the time.
///
/// A quotation's time is the start of the cue that holds its first quoted word, rounded
/// down to the second, and a written time within `toleranceSeconds` of it is right. Built
/// from the corpus documents, the verifier knows every cue; built from the index alone, it
/// knows only passage times, and accepts any time from the start of the passage holding the
/// first word to its end (± tolerance). Every quotation `QUOTATIONS.md` describes gets
/// exactly one verdict.
public struct QuotationVerifier: Sendable {
  public let toleranceSeconds: Int
  let index: SearchIndex
  let transcript: Transcript
  let catalog: SourceCatalog
  /// How many words an ellipsis may stand for.
  static let maximumOmittedWords = 200
  /// How many words a `[bracketed]` replacement may stand for.
  static let maximumBracketedWords = 12
  /// Fewer quoted words than this are too short to check.
  public static let minimumWords = 4

  public init(index: SearchIndex, toleranceSeconds: Int = 5) {
    self.init(index: index, transcript: Transcript(index: index), toleranceSeconds: toleranceSeconds)
  }

  /// With the corpus documents, so that times come from their cues.
  public init(index: SearchIndex, documents: [Document], toleranceSeconds: Int = 5) {
    self.init(
      index: index, transcript: Transcript(documents: documents, index: index), toleranceSeconds: toleranceSeconds,
      speakers: documents.flatMap { $0.passages.compactMap(\.speaker) })
  }

  private init(index: SearchIndex, transcript: Transcript, toleranceSeconds: Int, speakers: [String] = []) {
    self.index = index
    self.transcript = transcript
    self.toleranceSeconds = max(0, toleranceSeconds)
    catalog = SourceCatalog(documents: transcript.documents.map { ($0.id, $0.title) }, speakers: Array(Set(speakers)))
  }

  /// One verdict per quotation, in file order (the first `listingLimit`).
  public func verify(text: String, file: String, listingLimit: Int = FileCheck.defaultListingLimit)
    -> [QuotationVerdict]
  {
    check(text: text, file: file, listingLimit: listingLimit).verdicts
  }

  /// The verdicts of a write-up's quotations and what was passed over, read a block at a
  /// time: what is held beyond the text is one block and the bounded `FileCheck`.
  public func check(text: String, file: String, listingLimit: Int = FileCheck.defaultListingLimit) -> FileCheck {
    var result = FileCheck(listingLimit: listingLimit)
    var firstNumber = 0
    QuotationExtractor.forEachBlock(of: text, catalog: catalog) { found in
      // A quotation's leader is one of its block: what was located before it is not needed.
      var located: [Int: Match] = [:]
      for passed in found.passedOver { result.add(with(passed, file: file)) }
      for (offset, quotation) in found.quotations.enumerated() {
        check(quotation, number: firstNumber + offset, file: file, located: &located, into: &result)
      }
      firstNumber += found.quotations.count
    }
    return result
  }

  private func check(
    _ quotation: FoundQuotation, number: Int, file: String, located: inout [Int: Match], into result: inout FileCheck
  ) {
    var verdict = Self.blankVerdict(for: quotation, file: file)
    let quoted = QuotedWords(quotation.text)
    // A time, a link or a citation id names one passage: its words are checked there,
    // however few. A short quotation without one is too short to tell from a coincidence.
    let isShort = quoted.wordCount < Self.minimumWords
    guard !isShort || quotation.attribution.namesPassage else {
      verdict.status = .tooShort
      verdict.note =
        "fewer than \(Self.minimumWords) words and no time, link or citation id: too short to check"
      result.add(verdict)
      return
    }
    if quotation.attribution.isEmpty {
      guard unchecked(quoted, in: &verdict) else {
        result.add(
          PassedOver(
            file: file, line: quotation.line, column: quotation.column, text: quotation.text, reason: .notApple))
        return
      }
      result.add(verdict)
      return
    }
    let scope = scope(of: quotation)
    verdict.claimedSource = scope.name
    if let reason = scope.problem {
      verdict.note = reason
      result.add(verdict)
      return
    }
    if let leader = quotation.leader, let leaderMatch = located[leader] {
      located[number] = followLeader(quoted, leaderMatch, isShort: isShort, in: &verdict)
      result.add(verdict)
      return
    }
    located[number] =
      isShort
      ? judgeShort(quoted, quotation, scope: scope, in: &verdict)
      : judge(quoted, quotation, scope: scope, in: &verdict)
    result.add(verdict)
  }

  static func blankVerdict(for quotation: FoundQuotation, file: String) -> QuotationVerdict {
    QuotationVerdict(
      file: file, line: quotation.line, column: quotation.column, endLine: quotation.endLine,
      endColumn: quotation.endColumn, quotation: oneLine(quotation.text), form: quotation.form,
      status: .notFound, claimedTime: quotation.claimedTime, claimedSeconds: quotation.claimedSeconds.first,
      claimedUntilSeconds: quotation.claimedUntil, claimedLink: quotation.links.first)
  }

  private func with(_ passedOver: PassedOver, file: String) -> PassedOver {
    var copy = passedOver
    copy.file = file
    return copy
  }

  /// The verdict of an attributed quotation; the match it was placed at, if any.
  private func judge(
    _ quoted: QuotedWords, _ quotation: FoundQuotation, scope: Scope, in verdict: inout QuotationVerdict
  )
    -> Match?
  {
    let everywhere = exactMatches(quoted.segments, in: nil)
    let matches = scope.documents.map { allowed in everywhere.filter { allowed.contains($0.document) } } ?? everywhere
    guard !matches.isEmpty else {
      let elsewhere = nearest(everywhere, quotation, anchor: nil)
      if scope.documents != nil || elsewhere == nil {
        // Close to words of the talk named: a misquote of it (a quote gone stale, say).
        var probe = verdict
        closest(to: quoted, in: scope.documents, verdict: &probe)
        // With the words said word for word elsewhere, only a near copy in the talk named (a
        // word or so in four changed) makes it a misquote of that talk rather than a wrong source.
        let isNearCopy = probe.diff.map { $0.added <= max(1, quoted.wordCount / 4) } ?? false
        if (probe.status == .misquoted && (elsewhere == nil || isNearCopy)) || elsewhere == nil {
          verdict = probe
          if let elsewhere, verdict.status == .misquoted {
            let word = transcript.words[elsewhere.first]
            let time = word.startMilliseconds >= 0 ? " at \(Timecode.format(milliseconds: word.startMilliseconds))" : ""
            verdict.note =
              (verdict.note.map { $0 + "; " } ?? "")
              + "said word for word in “\(transcript.documents[word.document].title)”\(time)"
          }
          return nil
        }
      }
      guard let elsewhere else { return nil }
      describe(elsewhere, in: &verdict)
      verdict.status = .wrongSource
      verdict.note =
        "said in “\(verdict.sourceTitle ?? "")”\(verdict.time.map { " at \($0)" } ?? ""), not in “\(scope.name ?? "")”"
      return elsewhere
    }
    guard let best = nearest(matches, quotation, anchor: scope.anchor) else { return nil }
    describe(best, in: &verdict)
    if markMistypedTime(quotation, in: &verdict) { return best }
    let off = distance(best, quotation, anchor: scope.anchor)
    if off <= toleranceSeconds {
      setVerified(quoted, best, in: &verdict)
      if let leader = quotation.leader, leader >= 0, verdict.note == nil {
        verdict.note = "dated by the time after it: the quotation before it in the sentence is not in the corpus"
      }
    } else {
      verdict.status = .wrongTime
      if let anchor = scope.anchor, anchorOf(best) != anchor {
        verdict.note = "in section #\(anchorOf(best) ?? ""), not #\(anchor)"
      } else if quotation.claimedUntil != nil {
        verdict.note = "said at \(verdict.time ?? "?"), outside \(verdict.claimedTime ?? "the range given")"
      } else {
        verdict.note = "said at \(verdict.time ?? "?"), not \(verdict.claimedTime ?? "?")"
      }
    }
    return best
  }

  /// A quotation dated by the time after a later quotation of its sentence: it must follow
  /// that one in the same talk.
  private func followLeader(
    _ quoted: QuotedWords, _ leaderMatch: Match, isShort: Bool, in verdict: inout QuotationVerdict
  ) -> Match? {
    let matches = exactMatches(quoted.segments, in: [leaderMatch.document])
    if let match = matches.first(where: { $0.first > leaderMatch.last }) {
      setVerified(quoted, match, in: &verdict)
      return match
    }
    if let earlier = matches.last {
      describe(earlier, in: &verdict)
      verdict.status = .wrongTime
      verdict.note = "said before the quotation its time dates, not after it"
      return nil
    }
    // A few words said in another talk are a coincidence, not a source.
    let everywhere = isShort ? [] : exactMatches(quoted.segments, in: nil)
    if let elsewhere = everywhere.first {
      describe(elsewhere, in: &verdict)
      verdict.status = .wrongSource
      verdict.note =
        "said in “\(verdict.sourceTitle ?? "")”\(verdict.time.map { " at \($0)" } ?? ""), not in “\(transcript.documents[leaderMatch.document].title)”"
      return nil
    }
    closest(to: quoted, in: [leaderMatch.document], verdict: &verdict)
    return nil
  }

  func setVerified(_ quoted: QuotedWords, _ match: Match, in verdict: inout QuotationVerdict) {
    describe(match, in: &verdict)
    verdict.marks = marks(quoted, match)
    verdict.status = verdict.marks.isEmpty ? .verified : .verifiedWithMarks
  }

  /// An unattributed quotation is Apple's when the corpus holds its words (or nearly): then
  /// it is unchecked, with where it was said; otherwise it is someone else's (false).
  private func unchecked(_ quoted: QuotedWords, in verdict: inout QuotationVerdict) -> Bool {
    if let match = exactMatches(quoted.segments, in: nil).first {
      describe(match, in: &verdict)
      verdict.status = .unchecked
      verdict.note =
        "no source or time is given; said in “\(verdict.sourceTitle ?? "")”\(verdict.time.map { " at \($0)" } ?? "")"
      return true
    }
    var probe = verdict
    closest(to: quoted, in: nil, verdict: &probe)
    guard probe.status == .misquoted else { return false }
    verdict = probe
    verdict.status = .unchecked
    verdict.note =
      "no source or time is given, and the words differ from “\(verdict.sourceTitle ?? "")”"
      + (verdict.time.map { " at \($0)" } ?? "")
    return true
  }

  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  // MARK: Reporting

  /// Fills in where the match really is: time, citation, link, title.
  func describe(_ match: Match, in verdict: inout QuotationVerdict) {
    let word = transcript.words[match.first]
    let document = transcript.documents[word.document]
    verdict.sourceTitle = document.title
    verdict.sourceID = document.id
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
}

extension QuotationVerifier {
  /// A quotation whose only time cannot be read (`(9:2O)`) is a wrong time wherever its
  /// words are found: marks `verdict` so, naming where they are said (set by `describe`
  /// first), and says whether it did.
  func markMistypedTime(_ quotation: FoundQuotation, in verdict: inout QuotationVerdict) -> Bool {
    guard let mistyped = quotation.attribution.malformedTime, quotation.attribution.times.isEmpty else {
      return false
    }
    verdict.status = .wrongTime
    verdict.note = "‘\(mistyped)’ is not a time; the words are said at \(verdict.time ?? "?")"
    return true
  }
}
