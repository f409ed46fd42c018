import Foundation
import Testing

@testable import DocCRender

/// Every block kind of RenderNode.spec.json `RenderBlockContent`; each case is the block's
/// JSON and the outline lines it yields (`[kind tags] text`, see `RenderPage.outline`).
@Suite struct BlockContentTests {
  static let p = RenderPageFixture.paragraph

  static let cases: [(String, String, [String])] = [
    ("paragraph", p("Plain."), ["[paragraph] Plain."]),
    (
      "heading starts a section with its own anchor",
      #"{"type": "heading", "level": 2, "text": "Best practices", "anchor": "Best-practices"}, \#(p("After."))"#,
      ["## 2 Best practices #Best-practices", "[paragraph] After."]
    ),
    (
      "heading without anchor gets none",
      #"{"type": "heading", "level": 3, "text": "No anchor"}"#, ["## 3 No anchor #-"]
    ),
    (
      "aside with style only",
      #"{"type": "aside", "style": "important", "content": [\#(p("Check it."))]}"#,
      ["[asideParagraph style=important aside=Important] Check it."]
    ),
    (
      "aside with a custom name",
      #"{"type": "aside", "style": "note", "name": "Beta Software", "content": [\#(p("May change."))]}"#,
      ["[asideParagraph style=note aside=Beta Software] May change."]
    ),
    (
      "aside styles",
      #"{"type": "aside", "style": "tip", "content": [\#(p("A."))]}, {"type": "aside", "style": "warning", "content": [\#(p("B."))]}, {"type": "aside", "style": "experiment", "content": [\#(p("C."))]}"#,
      [
        "[asideParagraph style=tip aside=Tip] A.", "[asideParagraph style=warning aside=Warning] B.",
        "[asideParagraph style=experiment aside=Experiment] C.",
      ]
    ),
    (
      "unordered list, nested list flattened with its level",
      #"{"type": "unorderedList", "items": [{"content": [\#(p("One")), {"type": "unorderedList", "items": [{"content": [\#(p("One.a"))]}]}]}, {"content": [\#(p("Two"))]}]}"#,
      ["[listItem level=1] One", "[listItem level=2] One.a", "[listItem level=1] Two"]
    ),
    (
      "ordered list numbers from start",
      #"{"type": "orderedList", "start": 3, "items": [{"content": [\#(p("Third"))]}, {"content": [\#(p("Fourth"))]}]}"#,
      ["[listItem style=3 level=1] Third", "[listItem style=4 level=1] Fourth"]
    ),
    (
      "table with a header row",
      #"{"type": "table", "header": "row", "rows": [[[\#(p("Size"))], [\#(p("Points"))]], [[\#(p("Large"))], [\#(p("17"))]]]}"#,
      [
        "[tableHeaderCell cell=0.0.0] Size", "[tableHeaderCell cell=0.0.1] Points",
        "[tableCell cell=0.1.0] Large", "[tableCell cell=0.1.1] 17",
      ]
    ),
    (
      "table with a header column and a caption",
      #"{"type": "table", "header": "column", "metadata": {"title": "Sizes"}, "rows": [[[\#(p("A"))], [\#(p("1"))]], [[\#(p("B"))], [\#(p("2")), \#(p("two"))]]]}"#,
      [
        "[tableHeaderCell cell=0.0.0] A", "[tableCell cell=0.0.1] 1", "[tableHeaderCell cell=0.1.0] B",
        "[tableCell cell=0.1.1] 2\n    two", "[caption] Sizes",
      ]
    ),
    (
      "termList",
      #"{"type": "termList", "items": [{"term": {"inlineContent": [{"type": "text", "text": "Hue"}]}, "definition": {"content": [\#(p("The color."))]}}]}"#,
      ["[term] Hue", "[definition] The color."]
    ),
    (
      "row of columns",
      #"{"type": "row", "numberOfColumns": 2, "columns": [{"size": 1, "content": [\#(p("Left"))]}, {"size": 1, "content": [\#(p("Right"))]}]}"#,
      ["[paragraph] Left", "[paragraph] Right"]
    ),
    (
      "row keyed by kind, as the spec writes it",
      #"{"kind": "row", "numberOfColumns": 1, "columns": [{"size": 1, "content": [\#(p("Only"))]}]}"#,
      ["[paragraph] Only"]
    ),
    (
      "tabNavigator with a table in a tab",
      #"{"type": "tabNavigator", "tabs": [{"title": "iOS", "content": [\#(p("On iPhone.")), {"type": "table", "header": "row", "rows": [[[\#(p("Style"))]], [[\#(p("Body"))]]]}]}, {"title": "macOS", "content": [\#(p("On Mac."))]}]}"#,
      [
        "[tabTitle] iOS", "[paragraph tab=iOS] On iPhone.", "[tableHeaderCell tab=iOS cell=0.0.0] Style",
        "[tableCell tab=iOS cell=0.1.0] Body", "[tabTitle] macOS", "[paragraph tab=macOS] On Mac.",
      ]
    ),
    (
      "links block resolves identifiers to titles",
      #"{"type": "links", "style": "compactGrid", "items": ["doc://com.apple.HIG/design/Human-Interface-Guidelines/color", "doc://com.apple.HIG/design/Human-Interface-Guidelines/typography"]}"#,
      ["[link style=compactGrid] Color", "[link style=compactGrid] Typography"]
    ),
    (
      "links block item that is a link reference without title shows its url",
      #"{"type": "links", "style": "list", "items": ["https://example.com/untitled"]}"#,
      ["[link style=list] https://example.com/untitled"]
    ),
    (
      "small print", #"{"type": "small", "inlineContent": [{"type": "text", "text": "Terms apply."}]}"#,
      ["[smallPrint] Terms apply."]
    ),
    (
      "codeListing keeps lines and syntax",
      #"{"type": "codeListing", "syntax": "swift", "code": ["let a = 1", "  print(a)"]}"#,
      ["[code style=swift] let a = 1\n      print(a)"]
    ),
    (
      "image block is its alt text", #"{"type": "image", "identifier": "hero.png"}"#,
      ["[caption] A phone showing a map."]
    ),
    (
      "image without alt is its caption",
      #"{"type": "image", "identifier": "no-alt.png", "metadata": {"abstract": [{"type": "text", "text": "Map view."}]}}"#,
      ["[caption] Map view."]
    ),
    ("image with neither yields nothing", #"{"type": "image", "identifier": "no-alt.png"}"#, []),
    (
      "video is its alt text", #"{"type": "video", "identifier": "demo.mp4"}"#,
      ["[caption] A swipe between pages."]
    ),
    ("thematicBreak yields nothing", #"{"type": "thematicBreak"}"#, []),
    (
      "aside holding a list",
      #"{"type": "aside", "style": "note", "content": [{"type": "unorderedList", "items": [{"content": [\#(p("In aside"))]}]}]}"#,
      ["[listItem aside=Note level=1] In aside"]
    ),
    (
      "nested heading with anchor still starts a section",
      #"{"type": "aside", "style": "note", "content": [{"type": "heading", "level": 3, "text": "Inside", "anchor": "Inside"}, \#(p("Text"))]}"#,
      ["## 3 Inside #Inside", "[asideParagraph style=note aside=Note] Text"]
    ),
    (
      "nested heading without anchor stays a block",
      #"{"type": "aside", "style": "note", "content": [{"type": "heading", "level": 3, "text": "Inside"}]}"#,
      ["[heading style=note aside=Note] Inside"]
    ),
    (
      "fullWidth and contentAndMedia layouts",
      #"{"kind": "fullWidth", "content": [\#(p("Wide"))]}, {"kind": "contentAndMedia", "media": "hero.png", "mediaPosition": "leading", "content": [\#(p("Beside"))]}"#,
      ["[paragraph] Wide", "[paragraph] Beside", "[caption] A phone showing a map."]
    ),
    (
      "tutorial step",
      #"{"type": "step", "content": [\#(p("Do this."))], "caption": [\#(p("Then see."))], "media": null, "code": null}"#,
      ["[paragraph] Do this.", "[paragraph] Then see."]
    ),
  ]

  @Test("Reads each block kind", arguments: cases)
  func readsBlock(name: String, blocks: String, expected: [String]) throws {
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(RenderPageFixture.lines(page) == expected, "\(name)")
    #expect(page.warnings.isEmpty, "\(name)")
    #expect(page.unknownNodeCount == 0, "\(name)")
  }

  @Test func contentBeforeTheFirstHeadingIsASectionWithoutHeading() throws {
    let page = try RenderPageFixture.page(
      blocks: #"\#(Self.p("Intro.")), {"type": "heading", "level": 2, "text": "Then", "anchor": "Then"}"#)
    #expect(page.sections.map(\.heading) == [nil, "Then"])
    #expect(page.sections.map(\.anchor) == [nil, "Then"])
    #expect(page.sections.map(\.level) == [0, 2])
  }

  @Test(
    "A heading level outside 1...6 reads as the nearest one",
    arguments: [
      ("4294967295", 6), ("1e14", 6), ("7", 6), ("0", 1), ("-3", 1), ("1e300", 0), ("\"two\"", 0),
    ])
  func headingLevelIsClamped(level: String, expected: Int) throws {
    let page = try RenderPageFixture.page(
      blocks: #"{"type": "heading", "level": \#(level), "text": "Deep", "anchor": "Deep"}"#)
    #expect(page.sections.map(\.level) == [expected])
  }

  @Test func unknownBlockKeepsItsTextAndIsCounted() throws {
    let blocks =
      #"{"type": "callout", "title": "Heads up", "content": [\#(Self.p("Inner text."))], "newField": [1, 2]}"#
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(RenderPageFixture.lines(page) == ["[unknown] Heads up Inner text."])
    #expect(page.unknownNodeCount == 1)
    #expect(page.warnings == [.unknownBlock(type: "callout", path: "primaryContentSections[0].content[0]")])
  }

  @Test func unresolvedLinksItemKeepsItsIdentifierWithAWarning() throws {
    let page = try RenderPageFixture.page(blocks: #"{"type": "links", "style": "list", "items": ["doc://x/gone"]}"#)
    #expect(RenderPageFixture.lines(page) == ["[link style=list] doc://x/gone"])
    #expect(
      page.warnings == [
        .unresolvedReference(identifier: "doc://x/gone", path: "primaryContentSections[0].content[0].items[0]")
      ])
  }

  @Test func blockWithoutTypeIsUnknown() throws {
    let page = try RenderPageFixture.page(blocks: #"{"text": "stray"}"#)
    #expect(RenderPageFixture.lines(page) == ["[unknown] stray"])
    #expect(page.unknownNodeCount == 1)
  }

  @Test func unknownFieldsAndWrongTypesDoNotFail() throws {
    let blocks =
      #"{"type": "heading", "level": "two", "text": 5, "extra": true}, {"type": "paragraph", "inlineContent": "not an array"}, {"type": "table", "rows": 7}"#
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(page.sections.map(\.level) == [0])
    #expect(page.sections.first?.blocks.isEmpty == true)
  }

  @Test func countsNodeTypesInsideTheBody() throws {
    let page = try RenderPageFixture.page(
      blocks:
        #"{"type": "aside", "style": "note", "content": [\#(Self.p("A")), {"type": "paragraph", "inlineContent": [{"type": "image", "identifier": "hero.png"}]}]}"#
    )
    #expect(page.nodeTypeCounts == ["aside": 1, "paragraph": 2, "text": 1, "image": 1])
  }
}
