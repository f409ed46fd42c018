import DocumentModel
import Foundation

/// When an ordinary refresh also revalidates a talk's playlists and segments (a deep
/// check), so that captions edited in place — segment bodies changed, page and playlists
/// byte-identical — are caught without paying for every segment of every talk each night.
///
/// Time is cut into windows of `period`, each talk's windows shifted by a phase taken
/// from a stable hash of its id (uniform over the period), so that about
/// `1 / (period in days)` of the talks fall due each day. A talk is due when a window
/// boundary of its own lies between its last deep check and now, and at least
/// `minimumAge` (a seventh of the period) has passed since that check: a refresh right
/// after a harvest checks nothing deeply. A talk never checked is due.
public struct DeepCheckSchedule: Sendable, Equatable {
  public var periodSeconds: Double
  /// Always deep-check (`--deep`).
  public var isForced: Bool

  public init(periodSeconds: Double = 7 * 86_400, isForced: Bool = false) {
    self.periodSeconds = max(1, periodSeconds)
    self.isForced = isForced
  }

  public var minimumAgeSeconds: Double { periodSeconds / 7 }

  /// The phase of `id` within the period, in seconds: FNV-1a of its UTF-8, so it is the
  /// same on every machine and every run.
  public func phaseSeconds(of id: String) -> Double {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      state ^= UInt64(byte)
      state = state &* 0x0000_0100_0000_01b3
    }
    return Double(state % 1_000_000) / 1_000_000 * periodSeconds
  }

  public func isDue(id: String, lastDeepCheck: Date?, now: Date) -> Bool {
    if isForced { return true }
    guard let lastDeepCheck else { return true }
    let age = now.timeIntervalSince(lastDeepCheck)
    if age >= periodSeconds { return true }
    guard age >= minimumAgeSeconds else { return false }
    let phase = phaseSeconds(of: id)
    let windowNow = ((now.timeIntervalSince1970 - phase) / periodSeconds).rounded(.down)
    let windowThen = ((lastDeepCheck.timeIntervalSince1970 - phase) / periodSeconds).rounded(.down)
    return windowNow > windowThen
  }

  /// Reads `7d`, `12h`, `30m`, `90s` or a plain number of days.
  public static func seconds(parsing text: String) -> Double? {
    let units: [Character: Double] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
    var number = Substring(text.trimmingCharacters(in: .whitespaces))
    var unit = 86_400.0
    if let last = number.last, let factor = units[Character(last.lowercased())] {
      unit = factor
      number = number.dropLast()
    }
    guard let value = Double(number), value > 0, value.isFinite else { return nil }
    return value * unit
  }
}

/// ISO 8601 UTC timestamps, as the corpus stores them.
enum RefreshTime {
  /// `2026-09-16T00:00:00Z`: internet date and time, in UTC. A format style is a value
  /// made once; a date formatter costs a locale and a calendar for every call.
  private static let style = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

  static func string(_ date: Date) -> String { style.format(date) }

  static func date(_ text: String?) -> Date? {
    guard let text else { return nil }
    return try? style.parse(text)
  }
}
