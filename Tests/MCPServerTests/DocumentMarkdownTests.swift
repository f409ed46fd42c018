import DocumentModel
import MCPServer
import Testing

@Suite struct DocumentMarkdownTests {
  @Test func codeFenceOutgrowsBackticksInTheCode() {
    let document = Document(
      id: "wwdc2026/7", kind: .talk, title: "T", url: "https://developer.apple.com/videos/play/wwdc2026/7/",
      passages: [Passage(kind: .code, text: "let s = \"```\"", startMilliseconds: 61_000)])
    let markdown = DocumentMarkdown.render(document)
    #expect(
      markdown.contains(
        "[1:01](https://developer.apple.com/videos/play/wwdc2026/7/?time=61) Code:\n\n````\nlet s = \"```\"\n````\n"))
  }

  @Test func passageTextIsNotEscaped() {
    let document = Document(
      id: "hig/x", kind: .hig, title: "X", url: "https://developer.apple.com/design/human-interface-guidelines/x",
      passages: [Passage(kind: .text, text: "Use *bold* and [brackets] as written.")])
    #expect(DocumentMarkdown.render(document).contains("\nUse *bold* and [brackets] as written.\n"))
  }

  @Test func removedDocumentsSaySo() {
    let document = Document(
      id: "hig/y", kind: .hig, title: "Y", url: "https://example.invalid/y", isRemovedUpstream: true)
    #expect(DocumentMarkdown.render(document).contains("no longer published"))
  }

  @Test func speakerIsNamedWhenItChanges() {
    let document = Document(
      id: "wwdc2026/8", kind: .talk, title: "T", url: "https://developer.apple.com/videos/play/wwdc2026/8/",
      passages: [
        Passage(kind: .speech, text: "One.", startMilliseconds: 1_000, speaker: "Anna"),
        Passage(kind: .speech, text: "Two.", startMilliseconds: 2_000, speaker: "Anna"),
        Passage(kind: .speech, text: "Three.", startMilliseconds: 3_000, speaker: "Ben"),
      ])
    let markdown = DocumentMarkdown.render(document)
    #expect(markdown.contains("?time=1) **Anna:** One."))
    #expect(markdown.contains("?time=2) Two."))
    #expect(markdown.contains("?time=3) **Ben:** Three."))
  }
}
