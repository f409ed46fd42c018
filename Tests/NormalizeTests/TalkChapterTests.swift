import DocumentModel
import Testing

@testable import Normalize

@Suite struct TalkChapterTests {
  @Test("A passage takes the title of the chapter its start falls in")
  func assignsChapters() {
    var passages = [0, 74_999, 75_000, 80_000, 400_000].map {
      Passage(kind: .speech, text: "x", startMilliseconds: $0, endMilliseconds: $0 + 1)
    }
    passages.append(Passage(kind: .text, text: "no time"))
    let chapters = [
      TalkChapter(title: "Size  classes", startMilliseconds: 336_000),
      TalkChapter(title: "Introduction", startMilliseconds: 75_000),
    ]
    TalkChapter.assign(chapters, to: &passages)
    #expect(passages.map(\.heading) == [nil, nil, "Introduction", "Introduction", "Size classes", nil])
  }

  @Test("No chapters change nothing")
  func noChapters() {
    var passages = [Passage(kind: .speech, text: "x", startMilliseconds: 5, heading: "kept")]
    TalkChapter.assign([], to: &passages)
    #expect(passages.first?.heading == "kept")
  }
}

@Suite struct TalkTranscriptTests {
  @Test("Segments to cues and passages in one step, chapters named")
  func transcript() {
    let segments = [
      SegmentCues(
        mpegts: 900_000, localMilliseconds: 0, cues: [cue(1_000, 2_000, "Welcome to"), cue(2_000, 3_000, "the talk.")]),
      SegmentCues(
        mpegts: 900_000, localMilliseconds: 0,
        cues: [cue(2_000, 3_000, "the talk."), cue(80_000, 81_000, "Sizes matter.")]),
    ]
    let transcript = TalkTranscript(
      segments: segments, chapters: [TalkChapter(title: "Sizes", startMilliseconds: 75_000)])
    #expect(transcript.cues.count == 3)
    #expect(transcript.mergeReport.repeatsDropped == 1)
    #expect(transcript.passages.map(\.text) == ["Welcome to the talk.", "Sizes matter."])
    #expect(transcript.passages.map(\.heading) == [nil, "Sizes"])
    #expect(transcript.contentHash == ContentHash.of(passages: transcript.passages, cues: transcript.cues))
  }
}
