import Testing

@testable import Normalize

@Suite struct SentenceSegmenterTests {
  let segmenter = SentenceSegmenter()

  func sentences(_ text: String) -> [String] {
    segmenter.sentences(in: text[...]).map(String.init)
  }

  @Test(
    "Splits at terminators followed by a sentence start",
    arguments: [
      ("One. Two.", ["One.", "Two."]),
      ("Really? Yes! Good.", ["Really?", "Yes!", "Good."]),
      ("What?! No.", ["What?!", "No."]),
      ("It ships in 2026. 3 things matter.", ["It ships in 2026.", "3 things matter."]),
      ("He said \"stop.\" Then he left.", ["He said \"stop.\"", "Then he left."]),
      ("He said “stop.” Then he left.", ["He said “stop.”", "Then he left."]),
      ("(It works.) Next.", ["(It works.)", "Next."]),
      ("Done. \"Quoted\" next.", ["Done.", "\"Quoted\" next."]),
      ("Done. iPhone Duo is next.", ["Done.", "iPhone Duo is next."]),  // a name with a capital inside
      ("Done. macOS too.", ["Done.", "macOS too."]),
      ("No terminator at the end", ["No terminator at the end"]),
      ("Trailing space. ", ["Trailing space."]),
      ("", []),
      ("これはペンです。あれは本です。", ["これはペンです。", "あれは本です。"]),
    ])
  func splits(text: String, expected: [String]) {
    #expect(sentences(text) == expected)
  }

  @Test(
    "Abbreviations, versions, identifiers and ellipses do not end a sentence",
    arguments: [
      "Use a standard control, e.g. a toggle, here.",
      "Use a standard control, e.g. UISwitch, here.",
      "That is, i.e. Apple's layout, done.",
      "Ask Dr. Appleseed about it.",
      "Mr. Lee and Mrs. Lee and Ms. Kim agree.",
      "SwiftUI vs. UIKit is not the question.",
      "Rows, columns, etc. are all views.",
      "Built in the U.S. by Apple.",
      "Install iOS 27.1 first.",
      "It is 3.5 inches wide.",
      "Read UIView.frame before layout.",
      "Go to developer.apple.com for more.",
      "So... we waited.",
      "So… we waited.",
      "J. Appleseed wrote it.",
      "Version 2.0.1 fixed it.",
    ])
  func noSplit(text: String) {
    #expect(sentences(text) == [text])
  }

  @Test("An ellipsis before a capital, and etc. before a capital, end the sentence")
  func ellipsisAndEtcBeforeCapital() {
    #expect(sentences("We waited... Then it shipped.") == ["We waited...", "Then it shipped."])
    #expect(sentences("Rows, columns, etc. Then views.") == ["Rows, columns, etc.", "Then views."])
  }

  @Test("A terminator at the end of a cue is decided by the text that follows")
  func decidedByFollowingText() {
    let text: Substring = "It goes on, e.g."
    #expect(segmenter.spans(in: text, followedBy: "in the next cue").map(\.isComplete) == [false])
    let ending: Substring = "That is all."
    #expect(segmenter.spans(in: ending, followedBy: "Next cue.").map(\.isComplete) == [true])
    #expect(segmenter.spans(in: ending, followedBy: "and more.").map(\.isComplete) == [false])
    #expect(segmenter.spans(in: ending, followedBy: nil).map(\.isComplete) == [true])
    let abbreviation: Substring = "Ask Dr."
    #expect(segmenter.spans(in: abbreviation, followedBy: "Appleseed.").map(\.isComplete) == [false])
  }

  @Test("Spans are slices of the text: their text is exact")
  func spansAreSlices() {
    let text: Substring = "First one.  Second one."
    let spans = segmenter.spans(in: text, followedBy: nil)
    #expect(spans.map { String(text[$0.range]) } == ["First one.", "Second one."])
  }

  @Test("A megabyte without a terminator is one span (linear scan)")
  func longText() {
    let text = String(repeating: "word ", count: 200_000) + "end."
    #expect(segmenter.sentences(in: text[...]).count == 1)
    let dots = String(repeating: ".", count: 1_000_000)
    #expect(segmenter.sentences(in: dots[...]) == [dots[...]])
  }
}
