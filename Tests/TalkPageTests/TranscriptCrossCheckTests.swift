import Testing

@testable import TalkPage

@Suite struct TranscriptCrossCheckTests {
  typealias Cue = TranscriptCrossCheck.Cue

  static let cues = [
    Cue(startMilliseconds: 7_520, text: "Hi, I’m Max, an engineer\non the SwiftUI team."),
    Cue(startMilliseconds: 10_999, text: "Today we’ll cook up a rich"),
    Cue(startMilliseconds: 12_000, text: "text experience."),
    Cue(startMilliseconds: 40_000, text: "Thank you."),
  ]

  @Test func agreesWhenTextsMatchAndTimesAreTheCueStartRoundedDown() {
    let lines = [
      TranscriptLine(startSeconds: 7, text: "Hi, I’m Max, an engineer on the SwiftUI team."),
      TranscriptLine(startSeconds: 10, text: "Today we’ll cook up a rich"),
      TranscriptLine(startSeconds: 12, text: "text experience."),
    ]
    #expect(TranscriptCrossCheck().disagreements(lines: lines, cues: Self.cues).isEmpty)
  }

  @Test func toleratesOneSecondAndReportsMore() {
    let lines = [
      TranscriptLine(startSeconds: 8, text: "Hi, I’m Max, an engineer on the SwiftUI team."),  // 1 s off
      TranscriptLine(startSeconds: 14, text: "text experience."),  // 2 s off
    ]
    #expect(
      TranscriptCrossCheck().disagreements(lines: lines, cues: Self.cues) == [
        .timeDiffers(lineIndex: 1, line: lines[1], cueStartMilliseconds: 12_000)
      ])
  }

  @Test func reportsTextThatNoNearbyCueHolds() {
    let lines = [
      TranscriptLine(startSeconds: 10, text: "Today we will cook"),  // words differ
      TranscriptLine(startSeconds: 100, text: "Thank you."),  // the cue is 60 s away
      TranscriptLine(startSeconds: 12, text: "   "),  // nothing to confirm
    ]
    #expect(
      TranscriptCrossCheck().disagreements(lines: lines, cues: Self.cues) == [
        .textNotFound(lineIndex: 0, line: lines[0]),
        .textNotFound(lineIndex: 1, line: lines[1]),
        .textNotFound(lineIndex: 2, line: lines[2]),
      ])
  }

  @Test func picksTheNearestOfRepeatedTexts() {
    // People repeat themselves: the line is compared with the cue nearest its time.
    let cues = [
      Cue(startMilliseconds: 5_000, text: "Okay."), Cue(startMilliseconds: 20_500, text: "Okay."),
      Cue(startMilliseconds: 30_000, text: "Okay."),
    ]
    let lines = [TranscriptLine(startSeconds: 20, text: "Okay."), TranscriptLine(startSeconds: 26, text: "Okay.")]
    #expect(
      TranscriptCrossCheck().disagreements(lines: lines, cues: cues.reversed()) == [
        .timeDiffers(lineIndex: 1, line: lines[1], cueStartMilliseconds: 30_000)
      ])
  }

  @Test func emptyInputsAndExtremeTimesDoNotTrap() {
    let check = TranscriptCrossCheck()
    #expect(check.disagreements(lines: [], cues: Self.cues).isEmpty)
    let line = TranscriptLine(startSeconds: .infinity, text: "x")
    let extremes = [Cue(startMilliseconds: .min, text: "x"), Cue(startMilliseconds: .max, text: "x")]
    #expect(check.disagreements(lines: [line], cues: extremes) == [.textNotFound(lineIndex: 0, line: line)])
    #expect(
      check.disagreements(lines: [TranscriptLine(startSeconds: -1e300, text: "x")], cues: []).count == 1)
  }

  @Test func checksTheParsedFixtureAgainstMatchingCues() throws {
    let page = try TalkPageFixture.parse(
      "wwdc2025-280.html", url: "https://developer.apple.com/videos/play/wwdc2025/280/")
    let cues = page.transcript.map {
      Cue(startMilliseconds: Int($0.startSeconds) * 1000 + 400, text: $0.text)
    }
    #expect(TranscriptCrossCheck().disagreements(lines: page.transcript, cues: cues).isEmpty)
  }
}
