import Testing

@testable import Citations

@Suite struct QuoteTextTests {
  @Test(
    "Normalizations: whitespace, quotes and apostrophes, punctuation between words",
    arguments: [
      ("don’t  move", "don't move"),
      ("don‘t\nmove", "don't move"),
      ("Lists, feeds — and “articles”.", "Lists feeds and articles"),
      ("symbol-only 27.1 50/50 foreground/background", "symbol-only 27.1 50/50 foreground/background"),
      ("end. Next", "end Next"),
      ("trailing-", "trailing"),
      ("non‑breaking\u{00A0}space", "non-breaking space"),
      ("", ""),
    ])
  func words(text: String, expected: String) {
    #expect(QuoteText.words(text).map(\.text).joined(separator: " ") == expected)
  }

  @Test func keepsTheWordAsWrittenAndWhereItIs() {
    let words = QuoteText.words("  Don’t  stop")
    #expect(words.map(\.original) == ["Don’t", "stop"])
    #expect(words.map(\.range) == [2..<7, 9..<13])
    #expect(words.map(\.folded) == ["don't", "stop"])
  }

  @Test func firstLetterFoldingTouchesOnlyTheFirstLetter() {
    #expect(QuoteText.firstLetterFolded("Hard") == "hard")
    #expect(QuoteText.firstLetterFolded("UIKit") == "uIKit")
    #expect(QuoteText.firstLetterFolded("") == "")
  }

  @Test func ellipsesCutAQuotationIntoParts() {
    let quoted = QuotedWords("one two … three ... four [...] five [… ] six")
    #expect(quoted.segments.map { $0.words.map(\.text) } == [["one", "two"], ["three"], ["four"], ["five"], ["six"]])
    #expect(quoted.segments.map(\.maximumGap) == [0, 200, 200, 200, 200])
    #expect(quoted.usesEllipsis && !quoted.usesBrackets)
    #expect(QuotedWords("…").segments.isEmpty)
    #expect(QuotedWords("… trailing …").segments.map(\.words.count) == [1])
    #expect(!QuotedWords("plain words").usesEllipsis)
  }

  @Test func bracketsStandForAFewWordsReplaced() {
    let quoted = QuotedWords("[The system] automatically repositions [them] around it")
    #expect(quoted.segments.map { $0.words.map(\.text) } == [["automatically", "repositions"], ["around", "it"]])
    #expect(quoted.segments.map(\.maximumGap) == [0, 12])
    #expect(quoted.usesBrackets && !quoted.usesEllipsis)
  }

  @Test func hostileTextStaysLinear() {
    let long = String(repeating: "a’-", count: 50_000)
    #expect(QuoteText.words(long).count == 50_000)
    #expect(QuoteText.words(String(repeating: "… ", count: 10_000)).isEmpty)
  }
}
