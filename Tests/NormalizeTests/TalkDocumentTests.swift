import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import Normalize

/// A talk's passages made in one call: speech with its cue starts, code samples placed,
/// chapters as headings; and cue starts found again for a talk of an older format.
@Suite struct TalkDocumentTests {
  static let cues = [
    cue(0, 2_000, "Welcome to"), cue(2_000, 4_000, "the talk."), cue(10_000, 12_000, "Sizes matter."),
    cue(20_000, 22_000, "Thank you."),
  ]

  @Test("Speech passages carry where each further cue's words begin")
  func speechWithCueStarts() {
    let passages = TalkDocument.passages(cues: Self.cues)
    #expect(passages.map(\.text) == ["Welcome to the talk.", "Sizes matter.", "Thank you."])
    #expect(passages.map(\.cueStarts) == [[CueMark(utf8Offset: 11, cue: 1)], [], []])
  }

  @Test("Code samples stand before the first passage starting at or after them, in order")
  func codeSamplesArePlaced() {
    let samples = [
      TalkDocument.CodeSample(title: "Last", code: "end()", startMilliseconds: 30_000),
      TalkDocument.CodeSample(title: "B", code: "b()", startMilliseconds: 10_000),
      TalkDocument.CodeSample(title: "A", code: "a()", startMilliseconds: 10_000),
      TalkDocument.CodeSample(title: "First", code: "go()", startMilliseconds: 0),
    ]
    let passages = TalkDocument.passages(cues: Self.cues, codeSamples: samples)
    #expect(
      passages.map(\.text) == ["go()", "Welcome to the talk.", "b()", "a()", "Sizes matter.", "Thank you.", "end()"])
    let code = passages.filter { $0.kind == .code }
    #expect(code.map(\.heading) == ["First", "B", "A", "Last"])
    #expect(code.map(\.startMilliseconds) == [0, 10_000, 10_000, 30_000])
    #expect(code.allSatisfy { $0.endMilliseconds == $0.startMilliseconds && $0.cueStarts == nil && $0.firstCue == nil })
  }

  @Test("A speech passage takes its chapter's title; code keeps its own")
  func chaptersHeadSpeech() {
    let chapters = [
      TalkChapter(title: "Later  on", startMilliseconds: 20_000),
      TalkChapter(title: "Sizes", startMilliseconds: 9_000),
      TalkChapter(title: "Sizes again", startMilliseconds: 9_000),
    ]
    let passages = TalkDocument.passages(
      cues: Self.cues,
      codeSamples: [TalkDocument.CodeSample(title: "Code", code: "x", startMilliseconds: 9_500)], chapters: chapters)
    #expect(passages.map(\.heading) == [nil, "Code", "Sizes again", "Later  on"])
  }

  @Test("An older talk's cue starts are found again as the passages were made")
  func completingCueStarts() throws {
    let made = Document(
      id: "wwdc2030/2", kind: .talk, title: "t", url: "u",
      passages: TalkDocument.passages(
        cues: Self.cues, codeSamples: [TalkDocument.CodeSample(title: "C", code: "c", startMilliseconds: 1)]),
      cues: Self.cues)
    let old = try DocumentFormat.decode(DocumentFormat.encode(made, formatVersion: 3))
    #expect(old.passages.filter(\.lacksCueStarts).count == 3)
    #expect(TalkDocument.completingCueStarts(old) == made)
    #expect(TalkDocument.completingCueStarts(made) == made)
    // A passage made otherwise than the normalizer makes it gets none.
    var edited = old
    edited.passages[0].text = "Welcome to the whole talk."
    #expect(TalkDocument.completingCueStarts(edited).passages.map(\.cueStarts) == [[], nil, [], []])
    // Pages are not talks.
    var page = old
    page.kind = .hig
    #expect(TalkDocument.completingCueStarts(page) == page)
  }

  /// The format 3 file of the document format's golden talk: each passage gets what the
  /// harvest gives it today.
  @Test func completingTheGoldenFileOfFormatThree() throws {
    let url = ConformanceData.repositoryRoot.appendingPathComponent(
      "Tests/DocumentModelTests/Fixtures/talk-format-3.json")
    let old = try DocumentFormat.decode(Data(contentsOf: url))
    let completed = TalkDocument.completingCueStarts(old)
    #expect(completed.passages.map(\.cueStarts) == [[], [CueMark(utf8Offset: 17, cue: 2)], [], [], nil])
    #expect(ContentHash.of(completed) == ContentHash.of(old))
  }
}
