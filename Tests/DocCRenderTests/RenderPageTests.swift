import Foundation
import Testing

@testable import DocCRender

/// Page-level fields: title, kind, topic sections and the reference table a crawler follows.
@Suite struct RenderPageTests {
  @Test func topicSectionsResolveThroughReferences() throws {
    var json = RenderPageFixture.json(blocks: RenderPageFixture.paragraph("x"))
    json.removeLast(2)
    json += #"""
      , "topicSections": [{"title": "Foundations", "identifiers": ["doc://com.apple.HIG/design/Human-Interface-Guidelines/color", "doc://x/absent"]}, {"anchor": "Topics", "identifiers": []}],
      "seeAlsoSections": [{"title": "Related", "identifiers": ["doc://com.apple.HIG/design/Human-Interface-Guidelines/typography"]}]}
      """#
    let page = try RenderPageDecoder().decode(Data(json.utf8), url: nil)
    #expect(
      page.topicSections == [
        TopicSection(
          title: "Foundations", anchor: nil,
          items: [
            TopicItem(
              identifier: "doc://com.apple.HIG/design/Human-Interface-Guidelines/color", title: "Color",
              url: "/design/human-interface-guidelines/color"),
            TopicItem(identifier: "doc://x/absent", title: nil, url: nil),
          ]),
        TopicSection(title: nil, anchor: "Topics", items: []),
      ])
    #expect(page.seeAlsoSections.first?.items.first?.title == "Typography")
  }

  @Test func referenceTableSummarizesEachEntry() throws {
    let page = try RenderPageFixture.page(blocks: "")
    #expect(page.references.count == 7)
    #expect(
      page.references["doc://com.apple.HIG/design/Human-Interface-Guidelines/color"]
        == ReferenceSummary(
          identifier: "doc://com.apple.HIG/design/Human-Interface-Guidelines/color", type: "topic",
          kind: "article", role: "article", title: "Color", url: "/design/human-interface-guidelines/color",
          alt: nil, abstract: "Judicious use of color."))
    #expect(page.references["hero.png"]?.alt == "A phone showing a map.")
  }

  @Test func pageFields() throws {
    let page = try RenderPageFixture.page(blocks: "")
    #expect(page.kind == "article")
    #expect(page.identifierURL == "doc://com.apple.HIG/design/Human-Interface-Guidelines/test")
    #expect(page.title == "Test")
    #expect(page.role == "article")
    #expect(page.schemaVersion == "0.3.0")
  }

  @Test func tutorialYieldsTasksAsSectionsWithAnchors() throws {
    let json = #"""
      {"schemaVersion": {"major": 0, "minor": 1, "patch": 0}, "kind": "project",
       "identifier": {"url": "doc://t/tutorials/T/Tour"}, "metadata": {"title": "A tour", "role": "project"},
       "references": {},
       "sections": [
        {"kind": "hero", "title": "A tour", "content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Welcome."}]}]},
        {"kind": "tasks", "tasks": [{"title": "Open the app", "anchor": "Open-the-app",
          "contentSection": [{"kind": "contentAndMedia", "content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "First."}]}], "mediaPosition": "trailing"}],
          "stepsSection": [{"type": "step", "content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Tap Open."}]}], "caption": []}]}]},
        {"kind": "assessments", "anchor": "Check-Your-Understanding", "assessments": [{"type": "multiple-choice",
          "title": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Which?"}]}],
          "choices": [{"isCorrect": true, "content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "This one."}]}]}]}]},
        {"kind": "somethingNew", "title": "Extra", "content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Kept."}]}]}
       ]}
      """#
    let page = try RenderPageDecoder().decode(Data(json.utf8), url: nil)
    #expect(
      RenderPageFixture.lines(page) == [
        "## 1 A tour #-", "[paragraph] Welcome.",
        "## 2 Open the app #Open-the-app", "[paragraph] First.", "[paragraph] Tap Open.",
        "[paragraph] Which?", "[listItem level=1] This one.", "[term] Extra", "[paragraph] Kept.",
      ])
    #expect(page.sections.map(\.anchor) == [nil, "Open-the-app", "Check-Your-Understanding"])
    #expect(page.warnings == [.unknownSectionKind(kind: "somethingNew", path: "sections[3]")])
  }

  @Test func declarationsAndParametersOfSymbolPages() throws {
    let json = #"""
      {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "symbol", "metadata": {"title": "f"},
       "primaryContentSections": [
        {"kind": "declarations", "declarations": [{"languages": ["swift"], "tokens": [{"kind": "keyword", "text": "func"}, {"kind": "text", "text": " "}, {"kind": "identifier", "text": "f"}, {"kind": "text", "text": "()"}]}]},
        {"kind": "parameters", "parameters": [{"name": "x", "content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "The x."}]}]}]},
        {"kind": "mentions", "mentions": ["doc://x/y"]}
       ]}
      """#
    let page = try RenderPageDecoder().decode(Data(json.utf8), url: nil)
    #expect(
      RenderPageFixture.lines(page) == [
        "[declaration style=swift] func f()", "[term] x", "[definition] The x.",
      ])
  }
}
