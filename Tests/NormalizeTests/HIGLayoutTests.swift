import DocCRender
import DocumentModel
import Foundation
import Harvest
import Testing

@testable import Normalize

/// Each HIG passage records the block it came from: lists keep their items, depth and
/// numbers, tables their cells' rows and columns; the passage text is what it was.
@Suite struct HIGLayoutTests {
  /// A section in the shape of Apple's render JSON: a paragraph, a nested unordered list, an
  /// ordered list starting at 3 and a table with a header row.
  static let page = #"""
    {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "article",
     "identifier": {"url": "doc://com.apple.HIG/design/Human-Interface-Guidelines/layout"},
     "metadata": {"title": "Layout"},
     "primaryContentSections": [{"kind": "content", "content": [
       {"type": "heading", "level": 2, "text": "Adaptability", "anchor": "Adaptability"},
       {"type": "paragraph", "inlineContent": [{"type": "text", "text": "Design for every size. Avoid widths < 320 points."}]},
       {"type": "unorderedList", "items": [
         {"content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Size classes"}]}]},
         {"content": [
           {"type": "paragraph", "inlineContent": [{"type": "text", "text": "Dynamic Type"}]},
           {"type": "unorderedList", "items": [
             {"content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Larger sizes"}]}]}]}]}]},
       {"type": "orderedList", "start": 3, "items": [
         {"content": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Test early."}]}]}]},
       {"type": "table", "header": "row", "rows": [
         [[{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Device"}]}],
          [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Width"}]}]],
         [[{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Outer"}]}],
          [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Compact"}]}]]]}
     ]}]}
    """#

  @Test func passagesRecordTheirBlocks() throws {
    let rendered = try RenderPageDecoder().decode(Data(Self.page.utf8), url: nil)
    let passages = HIGNormalizer().passages(from: HIGSectionInput.inputs(from: rendered))
    #expect(
      passages.map(\.text) == [
        "Design for every size.", "Avoid widths < 320 points.", "Size classes", "Dynamic Type", "Larger sizes",
        "Test early.", "Device", "Width", "Outer", "Compact",
      ])
    #expect(
      passages.map(\.layout) == [
        PassageLayout(role: .paragraph, block: 0),
        PassageLayout(role: .paragraph, block: 0),
        PassageLayout(role: .listItem, block: 1, depth: 1),
        PassageLayout(role: .listItem, block: 2, depth: 1),
        PassageLayout(role: .listItem, block: 3, depth: 2),
        PassageLayout(role: .listItem, block: 4, depth: 1, number: 3),
        PassageLayout(role: .tableHeaderCell, block: 5, table: 0, row: 0, column: 0),
        PassageLayout(role: .tableHeaderCell, block: 6, table: 0, row: 0, column: 1),
        PassageLayout(role: .tableCell, block: 7, table: 0, row: 1, column: 0),
        PassageLayout(role: .tableCell, block: 8, table: 0, row: 1, column: 1),
      ])
  }

  /// A document written before layouts were recorded still decodes, without them, and keeps
  /// the content hash it was written with.
  @Test func olderDocumentsDecodeWithoutLayouts() throws {
    let json = #"""
      {"id": "hig/layout", "kind": "hig", "title": "Layout", "url": "https://developer.apple.com/design/human-interface-guidelines/layout",
       "language": "en", "isRemovedUpstream": false, "cues": [], "sections": [],
       "passages": [{"kind": "text", "text": "Size classes", "anchor": "Adaptability"}]}
      """#
    let document = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
    #expect(document.passages.first?.layout == nil)
    #expect(document.published == nil)
    var laidOut = document
    laidOut.passages[0].layout = PassageLayout(role: .listItem, block: 0, depth: 1)
    #expect(ContentHash.of(document) != ContentHash.of(laidOut))
    let encoded = try JSONEncoder().encode(laidOut)
    #expect(try JSONDecoder().decode(Document.self, from: encoded) == laidOut)
  }
}
