import DuoKBTestSupport
import Foundation
import Testing

@testable import DocCRender

/// A HIG-shaped page written for this test (Fixtures/hig-sample-page.json): bold lead
/// sentences, asides, a tab navigator of tables, Resources links and a change log.
@Suite struct RenderPageGoldenTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/hig-sample-page.json")

  func page() throws -> RenderPage {
    try RenderPageDecoder().decode(Data(contentsOf: Self.fixture), url: nil)
  }

  @Test func outlineMatchesGolden() throws {
    try Golden.check(try page().outline, named: "hig-sample-page.outline.txt")
  }

  @Test func sectionsKeepTheirAnchorsInOrder() throws {
    let page = try page()
    #expect(
      page.sections.map(\.anchor) == [
        nil, "Best-practices", "Text-sizes", "Platform-considerations", "Resources", "Related",
        "Videos", "Change-log",
      ])
    #expect(page.warnings.isEmpty)
    #expect(page.unknownNodeCount == 0)
  }

  @Test func changeLogIsAHeadingAndATable() throws {
    let changeLog = try #require(try page().sections.last)
    #expect(changeLog.heading == "Change log")
    #expect(
      changeLog.blocks.map(\.text) == [
        "June 9, 2099", "Added guidance for half-open postures.", "March 1, 2099", "New page.",
      ])
    #expect(changeLog.blocks.allSatisfy { $0.kind == .tableCell })
  }
}
