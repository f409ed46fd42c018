extension RenderPage {
  /// The latest day of the page's change log, ISO 8601 (`2025-06-09`): HIG pages end with a
  /// section headed "Change log" whose table dates each change in its first column
  /// ("June 9, 2025"). The render JSON has no other date (its `metadata` carries none), so
  /// this is the date of the page as it now reads; nil when the page has no dated change log.
  public var lastChanged: String? {
    sections.filter(\.isChangeLog).flatMap(\.blocks)
      .filter { ($0.kind == .tableCell || $0.kind == .tableHeaderCell) && $0.cell?.column == 0 }
      .compactMap { ChangeLogDate.iso8601(from: $0.text) }
      .max()
  }
}

extension RenderSection {
  /// Whether this is a page's change log, by its anchor or its heading.
  var isChangeLog: Bool {
    anchor?.lowercased() == "change-log" || heading?.lowercased() == "change log"
  }
}

/// The dates of HIG change logs: an English month name (or its first three letters), the
/// day and the year, as in "June 9, 2025" or "Sept 9, 2025".
enum ChangeLogDate {
  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]

  /// `text` as `yyyy-mm-dd`; nil unless it is exactly such a date of a real day.
  static func iso8601(from text: String) -> String? {
    guard text.utf8.count <= 40 else { return nil }
    let words = text.split { $0 == " " || $0 == "," || $0 == "\u{00A0}" }
    let digits = { (word: Substring) in word.allSatisfy { $0.isASCII && $0.isNumber } }
    guard words.count == 3, digits(words[1]), digits(words[2]),
      let month = month(named: words[0].lowercased().replacingOccurrences(of: ".", with: "")),
      words[1].count <= 2, let day = Int(words[1]), words[2].count == 4, let year = Int(words[2]),
      year >= 1970, day >= 1, day <= days(inMonth: month, of: year)
    else { return nil }
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  /// 1 to 12 for a month's full name or a prefix of at least three letters of it.
  static func month(named name: String) -> Int? {
    guard name.count >= 3 else { return nil }
    return months.firstIndex { $0.hasPrefix(name) }.map { $0 + 1 }
  }

  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
