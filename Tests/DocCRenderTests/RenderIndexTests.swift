import DuoKBTestSupport
import Foundation
import Testing

@testable import DocCRender

@Suite struct RenderIndexTests {
  @Test func flattensNodesInOrderWithDepth() throws {
    let json = #"""
      {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "interfaceLanguages": {"swift": [
        {"path": "/design/human-interface-guidelines", "title": "Human Interface Guidelines", "type": "module", "children": [
          {"title": "Getting started", "type": "groupMarker"},
          {"path": "/design/human-interface-guidelines/color", "title": "Color", "type": "article", "children": []},
          {"path": "/design/human-interface-guidelines/color", "title": "Color again", "type": "article"}
        ]}
      ]}}
      """#
    let index = try RenderIndexDecoder().decode(Data(json.utf8), url: nil)
    #expect(index.entriesByLanguage["swift"]?.map(\.depth) == [0, 1, 1, 1])
    #expect(
      index.entriesByLanguage["swift"]?.map(\.title) == [
        "Human Interface Guidelines", "Getting started", "Color", "Color again",
      ])
    #expect(index.paths == ["/design/human-interface-guidelines", "/design/human-interface-guidelines/color"])
  }

  @Test func rejectsARenderPage() {
    let page = Data(RenderPageFixture.json(blocks: "").utf8)
    #expect(throws: DocCRenderError.notRenderJSON(url: nil, reason: "no interfaceLanguages object")) {
      try RenderIndexDecoder().decode(page, url: nil)
    }
  }

  @Test func rejectsHTML() {
    #expect(throws: DocCRenderError.htmlInsteadOfJSON(url: nil, prefix: "<html>")) {
      try RenderIndexDecoder().decode(Data("<html>".utf8), url: nil)
    }
  }

  @Test(.enabled(if: ConformanceData.shouldRun)) func readsTheHIGTableOfContents() throws {
    let data = try Data(contentsOf: ConformanceData.url("docc/apple/hig__toc.json"))
    let index = try RenderIndexDecoder().decode(data, url: nil)
    let paths = index.paths
    #expect(paths.first == "/design/human-interface-guidelines")
    #expect(paths.contains("/design/human-interface-guidelines/getting-started"))
    #expect(paths.count == 7)
  }
}
