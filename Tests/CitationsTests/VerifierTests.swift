import Foundation
import Testing

@testable import Citations

@Suite struct VerifierTests {
  /// A write-up with correct quotations in every shape, and planted faults; one paragraph
  /// each, since a source named in a paragraph applies to all its quotations.
  static let plantedDocument = """
    # Review of the testing talk

    Ada opens with “Today we look at folding screens” (0:10), in curly marks.

    Straight marks: "Scrolling content doesn't need to move" (0:40).

    A curly apostrophe for a straight one: “Scrolling content doesn’t need to move.” (0:41)

    Across cues: “the controls that move to the side. Don't put buttons in the fold,” (0:13)

    With an omission: “Today we look at … the controls that move to the side” (0:10).

    Shifted: “hard to tap there” (0:16).

    Misquoted: “Lists, feeds and articles keep flowing.” (0:44)

    Invented: “Purple toolbars delight everyone on Tuesdays” (0:20).

    Parts out of order: “hard to tap there … Welcome to the talk” (0:24).

    One sentence: “Welcome to the talk,” and later “because they’re hard to tap there” (0:10).

    Out of order: “because they’re hard to tap there,” she ends, after “Welcome to the talk” (0:20).

    Linked: “Scrolling content doesn't need to move” ([video](https://developer.apple.com/videos/play/wwdc2024/900002/?time=65)).

    In Meet the testing toolbar: “Scrolling content doesn't need to move” (0:40).

    > “The toolbar moves to the side on the outer display.”
    > — Bo, [Meet the testing toolbar](https://developer.apple.com/videos/play/wwdc2024/900002/?time=70) (1:10)

    HIG: “Avoid placing text across the fold.” ([Testing layout](https://developer.apple.com/design/human-interface-guidelines/testing-layout#Folding))

    Wrong section: “Keep controls inside the safe area” ([Testing layout](https://developer.apple.com/design/human-interface-guidelines/testing-layout#Folding))

    Short quotations with nothing to attribute them are labels: “anything at all”.

    Clock times are not timestamps: “Thank you” at 4:15 p.m.

    A capital first letter: “Hard to tap there.” (0:24) A capital inside: “hard To tap there” (0:24).

    Not linked to the corpus: “Welcome to the talk” ([video](https://developer.apple.com/videos/play/wwdc2099/1/?time=60)).

    A time before it: at 0:44, “Lists, feeds & articles keep flowing.”

    A range: “Today we look at folding screens” (0:05–0:20), and one it misses: “Lists, feeds & articles keep flowing” (0:05–0:20).

    A citation id: “Lists, feeds & articles keep flowing.” tech-talks/900001@0:44

    A HIG id: “Let backgrounds extend to the edges” (hig/testing-layout#Best-practices)

    A mistyped time: “Lists, feeds & articles keep flowing” (0:4O)

    Short, and checked at its time: “the fold” (0:20)

    In Meet the testing toolbar, a sentence of another talk: “Today we look at folding screens” (0:10).

    Brackets: “[We] look at folding screens and the controls” (0:10)

    The doc said “Lists, feeds & articles keep flowing” once, with no source or time.

    My editor wrote “purple prose never helps anyone at all” once.

    The talk “Design for Testing Duo” is named, not quoted.

    «Lists, feeds & articles keep flowing» (0:44) and ‘Lists, feeds & articles keep flowing’ (0:44)
    """

  static let expected: [(line: Int, status: QuotationVerdict.Status)] = [
    (3, .verified), (5, .verified), (7, .verified), (9, .verified), (11, .verifiedWithMarks),
    (13, .wrongTime), (15, .misquoted), (17, .notFound), (19, .misquoted),
    (21, .verified), (21, .verified), (23, .verified), (23, .wrongTime),
    (25, .verified), (27, .wrongTime), (29, .verified), (32, .verified), (34, .wrongTime),
    (40, .verifiedWithMarks), (40, .misquoted), (42, .notFound),
    (44, .verified), (46, .verified), (46, .wrongTime), (48, .verified), (50, .verified), (52, .wrongTime),
    (54, .verified), (56, .wrongSource), (58, .verifiedWithMarks), (60, .unchecked),
    (66, .verified), (66, .verified),
  ]

  @Test func flagsExactlyThePlantedFaults() throws {
    let corpus = try TestCorpus()
    let verdicts = try corpus.verifier().verify(text: Self.plantedDocument, file: "planted.md")
    #expect(verdicts.map(\.line) == Self.expected.map(\.line))
    #expect(verdicts.map(\.status) == Self.expected.map(\.status))
    for (verdict, expected) in zip(verdicts, Self.expected) where verdict.status != expected.status {
      Issue.record("line \(verdict.line) “\(verdict.quotation)”: \(verdict.status), \(verdict.note ?? "")")
    }
  }

  @Test func wrongTimeNamesTheCueOfTheFirstWord() throws {
    let corpus = try TestCorpus()
    let verdict = try #require(
      corpus.verifier().verify(text: "“hard to tap there” (0:16)", file: "f").first)
    #expect(verdict.status == .wrongTime)
    #expect(verdict.time == "0:24")
    #expect(verdict.milliseconds == 24_000)
    #expect(verdict.citation?.description == "tech-talks/900001@0:16")
    #expect(verdict.link == "https://developer.apple.com/videos/play/tech-talks/900001/?time=24")
    let wider = try corpus.verifier(tolerance: 8).verify(text: "“hard to tap there” (0:16)", file: "f")
    #expect(wider.map(\.status) == [.verified])
  }

  @Test func misquoteShowsTheRealSentenceAndAWordDiff() throws {
    let corpus = try TestCorpus()
    let verdict = try #require(
      corpus.verifier().verify(text: "“Lists, feeds and articles keep flowing.” (0:44)", file: "f").first)
    #expect(verdict.status == .misquoted)
    #expect(verdict.closest == "Lists, feeds & articles keep flowing.")
    #expect(verdict.diff?.rendered == "Lists feeds {+and+} articles keep flowing")
    #expect(verdict.time == "0:44")
  }

  @Test func aChangedWordShowsBothSides() throws {
    let corpus = try TestCorpus()
    let verdict = try #require(
      corpus.verifier().verify(text: "“Don’t put buttons on the fold” (0:16)", file: "f").first)
    #expect(verdict.status == .misquoted)
    #expect(verdict.diff?.rendered == "Don’t put buttons [-in-] {+on+} the fold")
    #expect(verdict.diff?.leftOut == 1)
    #expect(verdict.diff?.added == 1)
  }

  @Test func aQuoteGoesStaleWhenARefreshChangesTheText() throws {
    let corpus = try TestCorpus()
    let writeUp = "“Scrolling content doesn’t need to move” (0:40), said Ada."
    #expect(try corpus.verifier().verify(text: writeUp, file: "f").map(\.status) == [.verified])
    try corpus.replace(TestCorpus.designTalk(scrolling: "Scrolling content doesn't have to move."))
    let verdict = try #require(corpus.verifier().verify(text: writeUp, file: "f").first)
    // Still said, word for word, in the other talk at 1:05: far from 0:40.
    #expect(verdict.status == .wrongTime)
    #expect(verdict.time == "1:05")
    let scoped = "In Design for Testing Duo: “Scrolling content doesn’t need to move” (0:40)."
    let stale = try #require(corpus.verifier().verify(text: scoped, file: "f").first)
    #expect(stale.status == .misquoted)
    #expect(stale.closest == "Scrolling content doesn't have to move.")
    #expect(stale.diff?.rendered == "Scrolling content doesn't [-have-] {+need+} to move")
  }

  @Test func aRangeOfTimesAcceptsAnyStartInIt() throws {
    let corpus = try TestCorpus()
    let verdicts = try corpus.verifier(tolerance: 0).verify(
      text: "“hard to tap there” (0:10–0:30), “Lists, feeds & articles keep flowing” (0:10–0:30).", file: "f")
    #expect(verdicts.map(\.status) == [.verified, .wrongTime])
  }

  @Test func theIndexAloneKnowsOnlyPassageTimes() throws {
    let corpus = try TestCorpus()
    let verifier = QuotationVerifier(index: try corpus.index())
    // "hard to tap there" is in the passage spoken 0:16.5–0:27: any time in it passes.
    let verdicts = verifier.verify(
      text: "“hard to tap there” (0:16) and later “Lists, feeds & articles keep flowing.” (0:30)", file: "f")
    #expect(verdicts.map(\.status) == [.verified, .wrongTime])
  }

  @Test func aLinkMayPointAnywhereInTheQuotation() throws {
    let corpus = try TestCorpus()
    // A search hit links to the cue where its matched words begin: 0:17, inside this quote.
    let quote = "“Today we look at folding screens and the controls that move to the side”"
    let link = "([video](https://developer.apple.com/videos/play/tech-talks/900001/?time=17))"
    #expect(try corpus.verifier(tolerance: 2).verify(text: "\(quote) \(link)", file: "f").map(\.status) == [.verified])
    // A written time still dates the first word.
    #expect(try corpus.verifier(tolerance: 2).verify(text: "\(quote) (0:17)", file: "f").map(\.status) == [.wrongTime])
  }

  @Test func theSentenceTimeIsNotTheQuotationTime() throws {
    let corpus = try TestCorpus()
    // The sentence starts at 0:16 (its cue); "buttons" is in the cue from 0:20, within 5 s.
    let verdicts = try corpus.verifier(tolerance: 2).verify(text: "“buttons in the fold” (0:16)", file: "f")
    #expect(verdicts.map(\.status) == [.wrongTime])
    #expect(verdicts.first?.time == "0:20")
  }

  @Test func hostileWriteUpsDoNotHang() throws {
    let corpus = try TestCorpus()
    let verifier = try corpus.verifier()
    let long = "“" + String(repeating: "word ", count: 700) + "” (0:10)"
    #expect(verifier.verify(text: long, file: "f").map(\.status) == [.notFound])
    let ellipses = "“" + String(repeating: "the … ", count: 500) + "” (0:10)"
    #expect(verifier.verify(text: ellipses, file: "f").count == 1)
    #expect(verifier.verify(text: "", file: "f").isEmpty)
  }
}
