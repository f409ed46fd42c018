import Foundation
import Testing

@testable import DocCRender

/// A HIG page's only date is the latest day of its change log.
@Suite struct ChangeLogTests {
  @Test func theSamplePageIsDatedByItsNewestChange() throws {
    let page = try RenderPageGoldenTests().page()
    // Its change log: June 9, 2099 (added guidance) and March 1, 2099 (new page).
    #expect(page.lastChanged == "2099-06-09")
  }

  @Test func aPageWithoutAChangeLogHasNoDate() {
    let dated = RenderSection(
      heading: "Best practices", anchor: "Best-practices", level: 2,
      blocks: [TextBlock(kind: .tableCell, text: "June 9, 2025", cell: TableCellPosition(table: 0, row: 0, column: 0))])
    #expect(RenderPage(sections: [dated]).lastChanged == nil, "a date in a table elsewhere is not the page's")
    let log = RenderSection(
      heading: "Change log", anchor: "Change-log", level: 2,
      blocks: [
        TextBlock(kind: .tableCell, text: "New page.", cell: TableCellPosition(table: 0, row: 0, column: 1)),
        TextBlock(kind: .paragraph, text: "June 9, 2025"),
      ])
    #expect(RenderPage(sections: [log]).lastChanged == nil, "only the first column of the table dates changes")
  }

  @Test(
    "Reads the days of change logs",
    arguments: [
      ("June 9, 2025", "2025-06-09"), ("December 31, 1999", "1999-12-31"), ("Sept 30, 2024", "2024-09-30"),
      ("Feb. 29, 2024", "2024-02-29"), ("march 1,2023", "2023-03-01"),
    ])
  func readsADay(text: String, expected: String) {
    #expect(ChangeLogDate.iso8601(from: text) == expected)
  }

  @Test(
    "Refuses what is not a day",
    arguments: [
      "February 29, 2023", "June 31, 2025", "June 0, 2025", "9 June 2025", "Ju 9, 2025", "June 9", "2025-06-09",
      "June 99999999999999999999, 2025", "June 9, 99999999999999999999", "June ９, 2025", "June +9, 2025",
      "Updated June 9, 2025", "",
    ])
  func refusesANonDay(text: String) {
    #expect(ChangeLogDate.iso8601(from: text) == nil)
  }
}
