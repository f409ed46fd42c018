/// A catalog's publishing date as the day a document records (`2026-03-04`, UTC).
enum CatalogDate {
  /// The UTC day of `seconds` since 1970; nil outside 1990 to 2200 (not a date Apple
  /// published a talk), or for a value that is not finite.
  static func day(secondsSince1970 seconds: Double) -> String? {
    guard seconds.isFinite, seconds >= 631_152_000, seconds < 7_258_118_400 else { return nil }
    // Days since 1970 to a civil date (Howard Hinnant's days_from_civil, inverted).
    let days = Int((seconds / 86_400).rounded(.down)) + 719_468
    let era = days / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return "\(year)-\(two(month))-\(two(day))"
  }

  /// The date part of an ISO 8601 date or time (`2026-03-04T17:00:00Z` → `2026-03-04`);
  /// nil for anything else.
  static func day(iso8601 text: String) -> String? {
    let date = text.prefix(10)
    let parts = date.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]), (1...31).contains(day),
      text.count == 10 || text.dropFirst(10).first == "T"
    else { return nil }
    return String(date)
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
