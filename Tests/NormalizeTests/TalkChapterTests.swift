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
