import Foundation

@testable import DocCRender

/// Small render pages written for the tests: one content section holding `blocks`.
enum RenderPageFixture {
  /// References shared by the node table tests.
  static let references = """
    {
      "doc://com.apple.HIG/design/Human-Interface-Guidelines/color": {
        "type": "topic", "kind": "article", "role": "article", "title": "Color",
        "url": "/design/human-interface-guidelines/color",
        "identifier": "doc://com.apple.HIG/design/Human-Interface-Guidelines/color",
        "abstract": [{"type": "text", "text": "Judicious use of color."}]
      },
      "doc://com.apple.HIG/design/Human-Interface-Guidelines/typography": {
        "type": "topic", "kind": "article", "title": "Typography",
        "url": "/design/human-interface-guidelines/typography",
        "identifier": "doc://com.apple.HIG/design/Human-Interface-Guidelines/typography"
      },
      "https://developer.apple.com/videos/play/wwdc2024/10140": {
        "type": "link", "identifier": "https://developer.apple.com/videos/play/wwdc2024/10140",
        "title": "Design advanced games for Apple platforms",
        "url": "https://developer.apple.com/videos/play/wwdc2024/10140"
      },
      "https://example.com/untitled": {
        "type": "link", "identifier": "https://example.com/untitled", "url": "https://example.com/untitled"
      },
      "hero.png": {
        "type": "image", "identifier": "hero.png", "alt": "A phone showing a map.",
        "variants": [{"url": "https://example.com/hero.png", "traits": ["2x", "light"]}]
      },
      "no-alt.png": {"type": "image", "identifier": "no-alt.png", "variants": []},
      "demo.mp4": {"type": "video", "identifier": "demo.mp4", "alt": "A swipe between pages.", "variants": []}
    }
    """

  static func json(blocks: String, references: String = references) -> String {
    """
    {
      "schemaVersion": {"major": 0, "minor": 3, "patch": 0},
      "kind": "article",
      "identifier": {"url": "doc://com.apple.HIG/design/Human-Interface-Guidelines/test", "interfaceLanguage": "swift"},
      "metadata": {"title": "Test", "role": "article"},
      "abstract": [{"type": "text", "text": "A page for tests."}],
      "primaryContentSections": [{"kind": "content", "content": [\(blocks)]}],
      "references": \(references)
    }
    """
  }

  static func page(blocks: String) throws -> RenderPage {
    try RenderPageDecoder().decode(Data(json(blocks: blocks).utf8), url: nil)
  }

  /// A paragraph of one text inline.
  static func paragraph(_ text: String) -> String {
    #"{"type": "paragraph", "inlineContent": [{"type": "text", "text": "\#(text)"}]}"#
  }

  /// The outline lines of every block of every section (headings as `## level text #anchor`).
  static func lines(_ page: RenderPage) -> [String] {
    page.sections.flatMap { section in
      (section.heading.map { ["## \(section.level) \($0) #\(section.anchor ?? "-")"] } ?? [])
        + section.blocks.map { RenderPage.outlineLine($0).trimmingCharacters(in: .whitespaces) }
    }
  }
}
