import Foundation
import Testing

@testable import DocCRender

/// Input that is not a render page: each gets a typed error that says what and where.
@Suite struct RenderPageDecoderErrorTests {
  static let url = URL(
    string: "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/color.json")!

  func decodeError(_ data: Data, limits: DocCLimits = .default) -> DocCRenderError? {
    do {
      _ = try RenderPageDecoder(limits: limits).decode(data, url: Self.url)
      return nil
    } catch {
      return error
    }
  }

  func decodeError(_ text: String, limits: DocCLimits = .default) -> DocCRenderError? {
    decodeError(Data(text.utf8), limits: limits)
  }

  @Test(
    "Rejects HTML served in place of JSON",
    arguments: [
      "<!DOCTYPE html><html><head><title>Apple Developer</title></head></html>",
      "\n  <html lang=\"en\"><body>Not found</body></html>",
    ])
  func rejectsHTML(body: String) {
    guard case .htmlInsteadOfJSON(let url, let prefix) = decodeError(body) else {
      Issue.record("expected htmlInsteadOfJSON, got \(String(describing: decodeError(body)))")
      return
    }
    #expect(url == Self.url)
    #expect(prefix.hasPrefix("<"))
  }

  @Test(
    "Rejects JSON of another shape",
    arguments: [
      "[1, 2, 3]",
      "\"a string\"",
      "42",
      "null",
      #"{"interfaceLanguages": {"swift": []}, "schemaVersion": {"major": 0, "minor": 3, "patch": 0}}"#,
      #"{"primaryContentSections": {"kind": "content"}}"#,
    ])
  func rejectsOtherShapes(body: String) {
    guard case .notRenderJSON(let url, _) = decodeError(body) else {
      Issue.record("expected notRenderJSON, got \(String(describing: decodeError(body)))")
      return
    }
    #expect(url == Self.url)
  }

  @Test(
    "Rejects malformed JSON",
    arguments: [
      #"{"kind": "article" "sections": []}"#,
      #"{"kind": 'article', "sections": []}"#,
      #"{"sections": [] }}"#,
      #"{"sections": [tru]}"#,
      #"{"sections": [], "kind": "a\qb"}"#,
    ])
  func rejectsMalformed(body: String) {
    guard case .malformedJSON(let url, let reason) = decodeError(body) else {
      Issue.record("expected malformedJSON, got \(String(describing: decodeError(body)))")
      return
    }
    #expect(url == Self.url)
    #expect(!reason.isEmpty)
  }

  @Test func rejectsTruncatedPageAtEveryCut() {
    let page = RenderPageFixture.json(blocks: RenderPageFixture.paragraph("Some text."))
    let bytes = Array(page.utf8)
    let firstBrace = bytes.firstIndex(of: UInt8(ascii: "{"))!
    for cut in stride(from: firstBrace + 1, to: bytes.count - 1, by: 7) {
      let error = decodeError(Data(bytes[..<cut]))
      switch error {
      case .truncated, .malformedJSON: break
      default: Issue.record("cut at \(cut): \(String(describing: error))")
      }
    }
  }

  @Test func truncatedErrorSaysWhere() {
    #expect(
      decodeError("{\n\"sections\": [\n\"abc") == .truncated(url: Self.url, line: 3, reason: "ends inside a string"))
    #expect(
      decodeError("{\"sections\": [\n[")
        == .truncated(url: Self.url, line: 2, reason: "3 array(s) or object(s) left open"))
  }

  @Test("Rejects an empty body", arguments: ["", "   \n\t ", "\u{FEFF}"])
  func rejectsEmpty(body: String) {
    #expect(decodeError(body) == .empty(url: Self.url))
  }

  @Test func rejectsFiftyMegabytePage() {
    let filler = String(repeating: "Lorem ipsum dolor sit amet. ", count: 50 * 1024 * 1024 / 28 + 1)
    let data = Data(RenderPageFixture.json(blocks: RenderPageFixture.paragraph(filler)).utf8)
    #expect(data.count > 50_000_000)
    #expect(
      decodeError(data) == .tooLarge(url: Self.url, byteCount: data.count, limit: 32 << 20))
  }

  @Test func sizeLimitIsConfigurable() throws {
    let data = Data(RenderPageFixture.json(blocks: RenderPageFixture.paragraph("Short.")).utf8)
    let tight = DocCLimits(maximumByteCount: data.count - 1)
    #expect(decodeError(data, limits: tight) == .tooLarge(url: Self.url, byteCount: data.count, limit: data.count - 1))
    let exact = DocCLimits(maximumByteCount: data.count)
    #expect(try RenderPageDecoder(limits: exact).decode(data, url: nil).sections.count == 1)
  }

  @Test func rejectsHundredThousandNestedArrays() {
    let body = #"{"sections": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    #expect(decodeError(body) == .nestingTooDeep(url: Self.url, line: 1, limit: 128))
  }

  @Test func rejectsHundredThousandNestedAsides() {
    let open = #"{"type": "aside", "style": "note", "content": ["#
    let blocks = String(repeating: open, count: 100_000) + String(repeating: "]}", count: 100_000)
    #expect(decodeError(RenderPageFixture.json(blocks: blocks)) == .nestingTooDeep(url: Self.url, line: 7, limit: 128))
  }

  @Test func readsNestingWithinTheLimit() throws {
    let open = #"{"type": "aside", "style": "note", "content": ["#
    let blocks =
      String(repeating: open, count: 60) + RenderPageFixture.paragraph("Deep.")
      + String(repeating: "]}", count: 60)
    let page = try RenderPageFixture.page(blocks: blocks)
    #expect(page.sections.first?.blocks.map(\.text) == ["Deep."])
    #expect(page.nodeTypeCounts["aside"] == 60)
  }

  @Test func nestingLimitIsConfigurable() {
    let body = RenderPageFixture.json(blocks: RenderPageFixture.paragraph("x"))
    #expect(
      decodeError(body, limits: DocCLimits(maximumNestingDepth: 3)) == .nestingTooDeep(url: Self.url, line: 7, limit: 3)
    )
  }

  @Test(
    "Rejects invalid UTF-8 and says where",
    arguments: [
      ([0xC3, 0x28], "lone lead byte"),
      ([0xFF], "byte never used in UTF-8"),
      ([0xC0, 0xAF], "overlong slash"),
      ([0xED, 0xA0, 0x80], "UTF-16 surrogate"),
      ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
      ([0xE2, 0x82], "sequence cut short"),
    ] as [([UInt8], String)])
  func rejectsInvalidUTF8(bad: [UInt8], what: String) {
    let prefix = Array("{\n\"sections\": [], \"title\": \"a".utf8)
    let data = Data(prefix + bad + Array("\"}".utf8))
    #expect(decodeError(data) == .invalidUTF8(url: Self.url, byteOffset: prefix.count, line: 2), "\(what)")
  }

  @Test func rejectsUnsupportedSchemaMajorVersion() {
    let body = #"{"schemaVersion": {"major": 2, "minor": 0, "patch": 0}, "sections": []}"#
    #expect(
      decodeError(body) == .unsupportedSchemaVersion(url: Self.url, found: "2.0.0", supportedMajors: 0...1))
  }

  @Test func readsPageWithoutSchemaVersionWithAWarning() throws {
    let page = try RenderPageDecoder().decode(Data(#"{"sections": []}"#.utf8), url: nil)
    #expect(page.warnings == [.missingSchemaVersion])
    #expect(page.schemaVersion == nil)
  }

  @Test func errorsDescribeWhatAndWhere() {
    let error = DocCRenderError.invalidUTF8(url: Self.url, byteOffset: 9, line: 2)
    #expect(error.description == "\(Self.url.absoluteString):2: invalid UTF-8 at byte 9")
  }
}
