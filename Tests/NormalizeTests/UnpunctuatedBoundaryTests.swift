import Testing

@testable import Normalize

/// Japanese and Chinese captions without sentence punctuation end passages at cue
/// boundaries: at a clause end, a pause, or the length bound, never inside a cue.
@Suite struct UnpunctuatedBoundaryTests {
  let normalizer = TalkNormalizer()

  @Test("A cue that ends a clause ends the passage")
  func clauseEnds() {
    let cues = [
      cue(0, 2_000, "得点を管理します"), cue(2_000, 4_000, "みんな 競争が好きですよね"),
      cue(4_000, 6_000, "このアプリでは"), cue(6_000, 8_000, "Xcodeを使います"),
    ]
    #expect(
      normalizer.passages(from: cues).map(\.text) == [
        "得点を管理します", "みんな 競争が好きですよね", "このアプリでは Xcodeを使います",
      ])
  }

  @Test("A pause between cues ends the passage; back-to-back cues go on")
  func pauses() {
    let cues = [
      cue(0, 2_000, "我们在设计"), cue(2_000, 4_000, "这个界面的时候"), cue(4_600, 6_000, "考虑了很多用户"),
    ]
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == ["我们在设计 这个界面的时候", "考虑了很多用户"])
    #expect(passages.map(\.firstCue) == [0, 2])
  }

  @Test("The length bound is checked at cue boundaries only")
  func lengthBound() {
    let normalizer = TalkNormalizer(unpunctuated: UnpunctuatedBoundary(maximumLength: 20))
    let line = String(repeating: "设计", count: 8)  // 16 characters, no clause end
    let cues = (0..<4).map { cue($0 * 1_000, $0 * 1_000 + 1_000, line) }
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == Array(repeating: line + " " + line, count: 2))
    #expect(passages.allSatisfy { $0.firstCue! < $0.lastCue! })
  }

  @Test("English text is left to punctuation")
  func englishUnaffected() {
    let cues = [cue(0, 1_000, "So we start"), cue(1_600, 2_600, "and go on."), cue(2_600, 3_600, "Done.")]
    #expect(normalizer.passages(from: cues).map(\.text) == ["So we start and go on.", "Done."])
  }

  @Test("Cue starts say where each further cue's words begin")
  func cueStarts() {
    let cues = [cue(0, 2_000, "我们在设计"), cue(2_000, 4_000, "这个界面的时候"), cue(4_000, 6_000, "考虑了很多吗")]
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == ["我们在设计 这个界面的时候 考虑了很多吗"])
    let text = Array(passages[0].text.utf8)
    let starts = passages[0].cueStarts ?? []
    #expect(starts.map(\.cue) == [1, 2])
    #expect(starts.map { String(decoding: text[$0.utf8Offset...], as: UTF8.self) } == ["这个界面的时候 考虑了很多吗", "考虑了很多吗"])
  }
}
