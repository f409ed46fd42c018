import Testing

@testable import Normalize

@Suite struct TextNormalizationTests {
  @Test(
    "Collapses runs of white space to one space and trims",
    arguments: [
      ("a  b", "a b"),
      ("  a\tb\n", "a b"),
      ("line one\nline two", "line one line two"),
      ("a\r\n\r\nb", "a b"),
      ("no\u{00A0}break", "no break"),  // a no-break space becomes a plain space
      ("a\u{2028}b", "a b"),
      ("already normal", "already normal"),
      ("", ""),
      (" \n\t ", ""),
      ("e\u{301}  x", "e\u{301} x"),  // combining marks are kept
    ])
  func collapses(input: String, expected: String) {
    #expect(TextNormalization.collapseWhitespace(input) == expected)
  }

  @Test(
    "Line breaks to LF, nothing else",
    arguments: [
      ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\r\r\nb", "a\n\nb"), ("  keep  \n", "  keep  \n"),
    ])
  func lineBreaks(input: String, expected: String) {
    #expect(TextNormalization.normalizeLineBreaks(input) == expected)
  }
}
