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
    let parts = QuotationVerifier.segments("one two … three ... four [...] five [… ] six")
    #expect(parts.map { $0.map(\.text) } == [["one", "two"], ["three"], ["four"], ["five"], ["six"]])
    #expect(QuotationVerifier.segments("…").isEmpty)
    #expect(QuotationVerifier.segments("… trailing …").map(\.count) == [1])
  }

  @Test func hostileTextStaysLinear() {
    let long = String(repeating: "a’-", count: 50_000)
    #expect(QuoteText.words(long).count == 50_000)
    #expect(QuoteText.words(String(repeating: "… ", count: 10_000)).isEmpty)
  }
}
