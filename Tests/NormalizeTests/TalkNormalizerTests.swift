import DocumentModel
import Testing

@testable import Normalize

@Suite struct TalkNormalizerTests {
  let normalizer = TalkNormalizer()

  @Test("A sentence spanning cues takes the first cue's start and the last cue's end")
  func sentenceAcrossCues() {
    let cues = [
      cue(1_000, 2_500, "Design for compact width"),
      cue(2_500, 4_000, "on the outer display."),
      cue(4_000, 5_000, "Then go wide."),
    ]
    let passages = normalizer.passages(from: cues)
    #expect(
      passages == [
        Passage(
          kind: .speech, text: "Design for compact width on the outer display.", startMilliseconds: 1_000,
          endMilliseconds: 4_000, firstCue: 0, lastCue: 1, cueStarts: [CueMark(utf8Offset: 25, cue: 1)]),
        Passage(
          kind: .speech, text: "Then go wide.", startMilliseconds: 4_000, endMilliseconds: 5_000, firstCue: 2,
          lastCue: 2, cueStarts: []),
      ])
  }

  @Test(
    "A pause of 1.5 s or more ends the sentence; a shorter one does not",
    arguments: [
      (4_000, ["move to the trailing side", "the bottom region works well"]),
      (3_900, ["move to the trailing side the bottom region works well"]),
    ])
  func pauseEndsTheSentence(nextStart: Int, expected: [String]) {
    let cues = [cue(1_000, 2_500, "move to the trailing side"), cue(nextStart, 6_000, "the bottom region works well")]
    #expect(normalizer.passages(from: cues).map(\.text) == expected)
  }

  @Test("A cue with several sentences gives several passages with that cue's times")
  func severalSentencesInOneCue() {
    let cues = [cue(0, 3_000, "It rotates.  It resizes.\nIt folds"), cue(3_000, 4_000, "in half.")]
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == ["It rotates.", "It resizes.", "It folds in half."])
    #expect(passages.map(\.startMilliseconds) == [0, 0, 0])
    #expect(passages.map(\.endMilliseconds) == [3_000, 3_000, 4_000])
    #expect(passages.map(\.firstCue) == [0, 0, 0])
    #expect(passages.map(\.lastCue) == [0, 0, 1])
  }

  @Test("Sound-only cues stay out of passages and end the sentence before them")
  func soundCues() {
    let cues = [
      cue(0, 2_000, "♪ ♪"),
      cue(2_000, 3_000, "Hi, I'm Ana"),
      cue(3_000, 4_000, "[ Applause ]"),
      cue(4_000, 5_000, "(Laughter) and welcome (really) to the talk."),
      cue(5_000, 6_000, "(Music)"),
    ]
    let passages = normalizer.passages(from: cues)
    // A sound description inside a spoken cue is left out and recorded; an aside is speech.
    #expect(passages.map(\.text) == ["Hi, I'm Ana", "and welcome (really) to the talk."])
    #expect(passages.map(\.omitted) == [nil, ["(Laughter)"]])
    #expect(passages.map(\.firstCue) == [1, 3])
  }

  @Test(">> markers and labels are left out and start a new passage; labels name the speaker")
  func speakerChanges() {
    let cues = [
      cue(0, 1_000, ">> FEMALE SPEAKER: So what changes"),
      cue(1_000, 2_000, "for my app? >> Not much"),
      cue(2_000, 3_000, "if you use size classes. >> MALE SPEAKER: Right."),
    ]
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == ["So what changes for my app?", "Not much if you use size classes.", "Right."])
    #expect(passages.map(\.speaker) == ["FEMALE SPEAKER", nil, "MALE SPEAKER"])
    #expect(passages.map(\.firstCue) == [0, 1, 2])
  }

  @Test("A <v> voice names the speaker, and a change of voice ends the sentence")
  func voices() {
    let cues = [
      cue(0, 1_000, "We start here", voice: "Ana"),
      cue(1_000, 2_000, "and go on", voice: "Ana"),
      cue(2_000, 3_000, "and I disagree", voice: "Ben"),
      cue(3_000, 4_000, ">> ANNOUNCER: Unlabeled voice wins.", voice: "Cy"),
    ]
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == ["We start here and go on", "and I disagree", "Unlabeled voice wins."])
    #expect(passages.map(\.speaker) == ["Ana", "Ben", "Cy"])
  }

  @Test("An abbreviation or lower-case word across a cue boundary keeps the sentence going")
  func boundaryDecisions() {
    let cues = [cue(0, 1_000, "Ask Dr."), cue(1_000, 2_000, "Appleseed, etc."), cue(2_000, 3_000, "and more. Done.")]
    #expect(normalizer.passages(from: cues).map(\.text) == ["Ask Dr. Appleseed, etc. and more.", "Done."])
  }

  @Test("A run-on sentence is cut at the first cue boundary after the limit")
  func runOnIsCapped() {
    let normalizer = TalkNormalizer(maximumPassageLength: 30)
    let cues = (0..<6).map { cue($0 * 1_000, $0 * 1_000 + 1_000, "and then some more") }
    let passages = normalizer.passages(from: cues)
    // 18 + 1 + 18 = 37 >= 30 after the second cue.
    #expect(passages.map(\.text) == Array(repeating: "and then some more and then some more", count: 3))
    #expect(passages.map(\.firstCue) == [0, 2, 4])
    #expect(passages.map(\.lastCue) == [1, 3, 5])
  }

  @Test("A megabyte cue without sentence ends is cut at spaces into bounded passages")
  func megabyteCue() {
    let text = String(repeating: "word ", count: 200_000)
    let passages = TalkNormalizer().passages(from: [cue(0, 5_000, text)])
    #expect(passages.count > 400)
    #expect(
      passages.allSatisfy {
        $0.text.unicodeScalars.count <= 2_000 && !$0.text.hasPrefix(" ") && !$0.text.hasSuffix(" ")
      })
    #expect(passages.map(\.text).joined(separator: " ") == TextNormalization.collapseWhitespace(text))
  }

  @Test("A word longer than the hard limit is cut inside the word")
  func giantWord() {
    let text = String(repeating: "x", count: 5_000)
    let passages = TalkNormalizer().passages(from: [cue(0, 1, text)])
    #expect(passages.map(\.text.count) == [2_000, 2_000, 1_000])
  }

  @Test(
    "Empty input, empty cues, only sound cues, only markers: no passages",
    arguments: [
      [StoredCue](),
      [cue(0, 1, ""), cue(1, 2, "  \n ")],
      [cue(0, 1, "♪ ♪"), cue(1, 2, "[ Applause ]")],
      [cue(0, 1, ">>"), cue(1, 2, ">> FEMALE SPEAKER:")],
    ])
  func nothingToQuote(cues: [StoredCue]) {
    #expect(normalizer.passages(from: cues).isEmpty)
  }

  @Test("Empty cues between spoken cues change nothing")
  func emptyCuesAreTransparent() {
    let cues = [cue(0, 1_000, "One half"), cue(1_000, 1_100, ""), cue(1_100, 2_000, "and the other.")]
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == ["One half and the other."])
    #expect(passages.first?.lastCue == 2)
  }

  @Test("Cues out of order are kept in the order given (the merger orders them)")
  func keepsGivenOrder() {
    let cues = [cue(5_000, 6_000, "Second."), cue(0, 1_000, "First.")]
    #expect(normalizer.passages(from: cues).map(\.text) == ["Second.", "First."])
  }

  @Test("A million cues normalize (linear work)")
  func millionCues() {
    let cues = (0..<1_000_000).map { cue($0 * 10, $0 * 10 + 10, $0 % 2 == 0 ? "Short" : "line.") }
    let passages = normalizer.passages(from: cues)
    #expect(passages.count == 500_000)
    #expect(passages.last?.lastCue == 999_999)
  }
}
