import Foundation

/// When and how long to wait before trying a request again: exponential backoff
/// with jitter on 5xx, 429, timeouts and connection failures; never on other 4xx.
public struct RetryPolicy: Sendable, Hashable {
  /// Attempts in all, the first included (1 means no retry).
  public var maxAttempts: Int
  /// The wait before the second attempt; it doubles for each further one.
  public var baseDelay: Duration
  /// No wait is longer, Retry-After included.
  public var maxDelay: Duration
  /// The share of each backoff that is random: 0.5 waits between half and all of it.
  public var jitterFraction: Double

  public init(
    maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
    jitterFraction: Double = 0.5
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.jitterFraction = min(1, max(0, jitterFraction))
  }

  public static let standard = RetryPolicy()
  public static let none = RetryPolicy(maxAttempts: 1)

  /// The wait after failed attempt number `attempt` (1-based): Retry-After when the
  /// server gave one, otherwise `baseDelay × 2^(attempt-1)` less up to `jitterFraction`
  /// of it; both capped at `maxDelay`.
  public func delay(
    afterAttempt attempt: Int, retryAfter: Duration?, random: Double = Double.random(in: 0..<1)
  ) -> Duration {
    if let retryAfter { return min(retryAfter, maxDelay) }
    let exponent = min(max(attempt - 1, 0), 30)
    let backoff = min(baseDelay * (1 << exponent), maxDelay)
    return backoff * (1 - jitterFraction * random)
  }
}

/// Reads a Retry-After value (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
/// A date in the past means "now"; anything unreadable is ignored (nil).
public enum RetryAfter {
  public static func parse(_ value: String, now: Date = Date()) -> Duration? {
    let value = value.trimmingCharacters(in: .whitespaces)
    if !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) {
      guard let seconds = Int64(value.prefix(9)) else { return nil }
      return .seconds(seconds)
    }
    guard let date = HTTPDate.parse(value) else { return nil }
    // Clamped to about 31 years: a date far in the future must not overflow Int64.
    let seconds = min(max(0, date.timeIntervalSince(now)), 1e9)
    return .milliseconds(Int64(seconds * 1000))
  }
}

/// HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms.
public enum HTTPDate {
  private static let formats = [
    "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate
    "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
    "EEE MMM d HH:mm:ss yyyy",  // asctime
  ]

  public static func parse(_ text: String) -> Date? {
    for format in formats {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }

  public static func format(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
