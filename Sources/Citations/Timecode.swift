/// Talk times as people write them: `m:ss`, or `h:mm:ss` past an hour; whole seconds,
/// rounded down (Apple's own page times are the cue start rounded down).
public enum Timecode {
  public static func format(milliseconds: Int) -> String {
    format(seconds: max(0, milliseconds) / 1000)
  }

  /// `m:ss` or `h:mm:ss` for whole seconds (negative reads as 0); any `Int` is safe.
  public static func format(seconds: Int) -> String {
    let seconds = max(0, seconds)
    let hours = seconds / 3600
    let minutes = seconds / 60 % 60
    let rest = seconds % 60
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }

  /// The latest time `parse` reads (999:59:59), and so the latest a citation id can name.
  public static let maximumSeconds = 999 * 3600 + 59 * 60 + 59

  /// Seconds from `m:ss`, `mm:ss` or `h:mm:ss`; nil when it is not one of those.
  public static func parse(_ text: Substring) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count, parts.dropFirst().allSatisfy({ $0.count == 2 }),
      numbers.dropFirst().allSatisfy({ $0 < 60 })
    else { return nil }
    return numbers.reduce(0) { $0 * 60 + $1 }
  }
}
