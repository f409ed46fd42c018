import Foundation
import Testing

@testable import DocCRender

/// Every inline kind of RenderNode.spec.json `RenderInlineContent`, inside a paragraph.
@Suite struct InlineContentTests {
  @Test(
    "Reads each inline kind as plain text",
    arguments: [
      (#"{"type": "text", "text": "plain"}"#, "plain"),
      (#"{"type": "codeVoice", "code": "UIColor.systemRed"}"#, "UIColor.systemRed"),
      (#"{"type": "emphasis", "inlineContent": [{"type": "text", "text": "soft"}]}"#, "soft"),
      (#"{"type": "strong", "inlineContent": [{"type": "text", "text": "Bold lead."}]}"#, "Bold lead."),
      (#"{"type": "newTerm", "inlineContent": [{"type": "text", "text": "vibrancy"}]}"#, "vibrancy"),
      (#"{"type": "inlineHead", "inlineContent": [{"type": "text", "text": "Head"}]}"#, "Head"),
      (#"{"type": "superscript", "inlineContent": [{"type": "text", "text": "2"}]}"#, "2"),
      (#"{"type": "subscript", "inlineContent": [{"type": "text", "text": "i"}]}"#, "i"),
      (#"{"type": "strikethrough", "inlineContent": [{"type": "text", "text": "old"}]}"#, "old"),
      // A link shows its title, else its destination.
      (#"{"type": "link", "title": "the forums", "destination": "https://example.com/f"}"#, "the forums"),
      (#"{"type": "link", "destination": "https://example.com/f"}"#, "https://example.com/f"),
      // A reference resolves through `references`; `overridingTitle` wins.
      (
        #"{"type": "reference", "isActive": true, "identifier": "doc://com.apple.HIG/design/Human-Interface-Guidelines/color"}"#,
        "Color"
      ),
      (
        #"{"type": "reference", "isActive": true, "identifier": "doc://com.apple.HIG/design/Human-Interface-Guidelines/color", "overridingTitle": "color guidance"}"#,
        "color guidance"
      ),
      (
        #"{"type": "reference", "isActive": true, "identifier": "https://developer.apple.com/videos/play/wwdc2024/10140"}"#,
        "Design advanced games for Apple platforms"
      ),
      (
        #"{"type": "reference", "isActive": true, "identifier": "https://example.com/untitled"}"#,
        "https://example.com/untitled"
      ),
      // An image is its alt text, else its caption.
      (#"{"type": "image", "identifier": "hero.png"}"#, "A phone showing a map."),
      (
        #"{"type": "image", "identifier": "no-alt.png", "metadata": {"abstract": [{"type": "text", "text": "Caption"}]}}"#,
        "Caption"
      ),
      // Nesting.
      (
        #"{"type": "strong", "inlineContent": [{"type": "emphasis", "inlineContent": [{"type": "codeVoice", "code": "x"}]}]}"#,
        "x"
      ),
    ])
  func readsInline(inline: String, text: String) throws {
    let blocks =
      #"{"type": "paragraph", "inlineContent": [{"type": "text", "text": "<"}, \#(inline), {"type": "text", "text": ">"}]}"#
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(page.sections.first?.blocks.first?.text == "<\(text)>")
    #expect(page.warnings.isEmpty)
    #expect(page.unknownNodeCount == 0)
  }

  @Test func unknownInlineKeepsItsTextAndIsCounted() throws {
    let blocks =
      #"{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Tap "}, {"type": "keyboardShortcut", "text": "Command-C", "extra": {"x": 1}}, {"type": "text", "text": " to copy."}]}"#
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(page.sections.first?.blocks.first?.text == "Tap Command-C to copy.")
    #expect(page.unknownNodeCount == 1)
    #expect(
      page.warnings == [
        .unknownInline(type: "keyboardShortcut", path: "primaryContentSections[0].content[0].inlineContent[1]")
      ])
  }

  @Test func unresolvedReferenceKeepsItsIdentifierWithAWarning() throws {
    let blocks =
      #"{"type": "paragraph", "inlineContent": [{"type": "reference", "isActive": true, "identifier": "doc://x/missing"}]}"#
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(page.sections.first?.blocks.first?.text == "doc://x/missing")
    #expect(
      page.warnings == [
        .unresolvedReference(
          identifier: "doc://x/missing", path: "primaryContentSections[0].content[0].inlineContent[0]")
      ])
  }

  @Test func abstractIsPlainText() throws {
    let page = try RenderPageFixture.page(blocks: "")
    #expect(page.abstract == "A page for tests.")
    #expect(page.sections.isEmpty)
  }
}
