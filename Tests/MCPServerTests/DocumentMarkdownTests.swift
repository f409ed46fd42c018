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

  /// What frames the passages comes from the corpus too, and an import may bring anything:
  /// a title, heading or speaker is text, and an address that is not a web address is never
  /// a link.
  @Test func importedTitlesSpeakersAndAddressesAreNotMarkup() {
    let talk = Document(
      id: "wwdc2026/9", kind: .talk, title: "<script>alert(1)</script>", url: "javascript:alert(1)",
      passages: [
        Passage(
          kind: .speech, text: "Hello.", startMilliseconds: 1_000, heading: "[x](javascript:alert(2))",
          speaker: "<img src=x onerror=alert(3)>")
      ])
    let markdown = DocumentMarkdown.render(talk)
    #expect(markdown.hasPrefix("# \\<script>alert(1)\\</script>\n"))
    #expect(!markdown.contains("](javascript:"))
    #expect(!markdown.contains("<javascript:"))
    #expect(markdown.contains("**\\<img src=x onerror=alert(3)>:** Hello."))
    #expect(markdown.contains("## [x]\\(javascript:alert(2))"))

    let page = Document(
      id: "hig/z", kind: .hig, title: "Z", url: "data:text/html,<b>hi</b>",
      passages: [Passage(kind: .text, text: "Words.", anchor: "Sheets", heading: "Sheets")])
    let pageMarkdown = DocumentMarkdown.render(page)
    #expect(pageMarkdown.contains("## Sheets\n"))
    #expect(!pageMarkdown.contains("](data:"))
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
