import Testing

@testable import Normalize

@Suite struct CaptionConventionsTests {
  @Test(
    "Whole-cue sound descriptions",
    arguments: [
      "♪ ♪", "♪", "♫", "[ Applause ]", "[MUSIC]", "(Music)", "(Applause)", "[ Music ] [ Applause ]",
      "♪ upbeat music ♪", "[ Laughter ]",
    ])
  func soundDescriptions(text: String) {
    #expect(CaptionConventions.isSoundDescription(text[...]))
  }

  @Test(
    "Spoken lines, including parenthesized words inside them",
    arguments: [
      "Hello.", "(Applause) Thank you.", "Thank you (really).", "We use [brackets] here.",
      "[ unclosed", "", "It costs (about) $5.", "♪ and then we talked",
    ])
  func spokenLines(text: String) {
    #expect(!CaptionConventions.isSoundDescription(text[...]))
  }

  struct Expected: Sendable, CustomStringConvertible {
    var text: String
    var pieces: [(String, Bool, String?)]
    var description: String { text }
  }

  @Test(
    "Speaker markers split a cue and are never part of a piece",
    arguments: [
      Expected(text: ">> Hello there.", pieces: [("Hello there.", true, nil)]),
      Expected(text: ">> FEMALE SPEAKER: Welcome.", pieces: [("Welcome.", true, "FEMALE SPEAKER")]),
      Expected(text: ">> DR. LEE: Thanks.", pieces: [("Thanks.", true, "DR. LEE")]),
      Expected(text: "Thanks. >> You're welcome.", pieces: [("Thanks.", false, nil), ("You're welcome.", true, nil)]),
      Expected(text: ">>", pieces: [("", true, nil)]),
      Expected(text: "Shift a >> b bits.", pieces: [("Shift a", false, nil), ("b bits.", true, nil)]),
      Expected(text: "a>>b and >>> stay.", pieces: [("a>>b and >>> stay.", false, nil)]),
      Expected(
        text: ">> Note: lower-case words are no label.", pieces: [("Note: lower-case words are no label.", true, nil)]),
      Expected(text: "Plain text.", pieces: [("Plain text.", false, nil)]),
    ])
  func speakerMarkers(expected: Expected) {
    let pieces = CaptionConventions.pieces(of: expected.text[...])
    #expect(pieces.count == expected.pieces.count)
    for (piece, want) in zip(pieces, expected.pieces) {
      #expect(String(piece.text) == want.0)
      #expect(piece.startsTurn == want.1)
      #expect(piece.label.map(String.init) == want.2)
    }
  }
}
