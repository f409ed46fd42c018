import Foundation
import Testing

@testable import DocCRender

/// The leniencies of `JSONPreflight`: each is documented in `DocCWarning`.
@Suite struct JSONPreflightTests {
  func cleaned(_ text: String) throws -> (String, [DocCWarning]) {
    let result = try JSONPreflight(url: nil, limits: .default).check(Data(text.utf8))
    return (String(decoding: result.data, as: UTF8.self), result.warnings)
  }

  @Test(
    "Removes commas before } and ] outside strings",
    arguments: [
      ("[1, 2,]", "[1, 2]", 1),
      ("{\"a\": [1,\n ],\n}", "{\"a\": [1\n ]\n}", 2),
      ("{\"a\": \",]\"}", "{\"a\": \",]\"}", 0),
      ("{\"a\": \"\\\",]\"}", "{\"a\": \"\\\",]\"}", 0),
      ("[\"é\", ]", "[\"é\" ]", 1),
    ])
  func removesTrailingCommas(input: String, output: String, removed: Int) throws {
    let (text, warnings) = try cleaned(input)
    #expect(text == output)
    #expect(warnings == (removed == 0 ? [] : [.trailingCommasRemoved(count: removed)]))
  }

  @Test func skipsByteOrderMark() throws {
    let (text, warnings) = try cleaned("\u{FEFF}{\"sections\": []}")
    #expect(text == "{\"sections\": []}")
    #expect(warnings == [.byteOrderMarkSkipped])
  }

  @Test func pageWithTrailingCommasDecodes() throws {
    let json = RenderPageFixture.json(
      blocks: #"{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Kept, ]"},],},"#)
    let page = try RenderPageDecoder().decode(Data(json.utf8), url: nil)
    #expect(page.sections.first?.blocks.first?.text == "Kept, ]")
    #expect(page.warnings == [.trailingCommasRemoved(count: 3)])
  }
}
