import Foundation
import Testing

@testable import Harvest

@Suite struct HTTPPartsTests {
  static let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT

  @Test(
    "Reads Retry-After (RFC 9110 §10.2.3)",
    arguments: [
      ("1", Duration.seconds(1) as Duration?),
      ("120", .seconds(120)),
      (" 7 ", .seconds(7)),
      ("Tue, 14 Nov 2023 22:14:20 GMT", .seconds(60)),  // IMF-fixdate
      ("Tuesday, 14-Nov-23 22:14:20 GMT", .seconds(60)),  // RFC 850
      ("Tue Nov 14 22:14:20 2023", .seconds(60)),  // asctime
      ("Tue, 14 Nov 2023 22:00:00 GMT", .zero),  // in the past: now
      ("-1", nil),
      ("1.5", nil),
      ("soon", nil),
      ("", nil),
      ("99999999999999999999", .seconds(999_999_999)),  // huge: read as capped, later capped by maxDelay
    ])
  func readsRetryAfter(text: String, expected: Duration?) {
    #expect(RetryAfter.parse(text, now: Self.now) == expected)
  }

  @Test func retryAfterDateCenturiesAheadIsCappedNotATrap() throws {
    let delay = try #require(RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: Self.now))
    #expect(delay == .seconds(1_000_000_000))
  }

  @Test(
    "Whole milliseconds of any duration, without overflow",
    arguments: [
      (Duration.seconds(1) + .milliseconds(500), 1_500), (.seconds(-3), 0),
      (.seconds(Int64.max), Int.max), (.seconds(Int64.max / 1000), Int(Int64.max / 1000) * 1000),
    ])
  func wholeMilliseconds(duration: Duration, milliseconds: Int) {
    #expect(duration.wholeMilliseconds == milliseconds)
  }

  @Test(
    "Backoff doubles, is capped, and jitter only shortens it",
    arguments: [
      (1, 0.0, Duration.milliseconds(100)),
      (2, 0.0, .milliseconds(200)),
      (3, 0.0, .milliseconds(400)),
      (10, 0.0, .seconds(1)),  // capped
      (1, 1.0, .milliseconds(50)),  // full jitter draw with fraction 0.5
      (2, 0.5, .milliseconds(150)),
    ])
  func backoff(attempt: Int, random: Double, expected: Duration) {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitterFraction: 0.5)
    #expect(policy.delay(afterAttempt: attempt, retryAfter: nil, random: random) == expected)
  }

  @Test func retryAfterOverridesBackoffButNotTheCap() {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(10))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3)) == .seconds(3))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(300)) == .seconds(10))
  }

  @Test(
    "Allow-list matches hosts exactly or by *.domain",
    arguments: [
      ("developer.apple.com", true),
      ("DEVELOPER.APPLE.COM.", true),  // case and trailing dot do not matter
      ("devstreaming-cdn.apple.com", true),
      ("a1.akamaized.net", true),
      ("akamaized.net", false),  // *.domain is subdomains only
      ("evilakamaized.net", false),
      ("apple.com", false),
      ("developer.apple.com.evil.test", false),
      ("127.0.0.1", false),  // loopback only when asked for
      ("", false),
    ])
  func allowList(host: String, allowed: Bool) {
    #expect(HostAllowList.apple.allows(host: host) == allowed)
  }

  @Test func addingAHostAllowsIt() {
    #expect(HostAllowList.apple.adding("127.0.0.1").allows(host: "127.0.0.1"))
  }

  @Test(
    "Reads header lines",
    arguments: [
      (["Content-Type: text/plain\r\n"], "content-type", "text/plain" as String?),
      (["ETag:   \"x\"  \r\n"], "etag", "\"x\""),
      (["X-Long: a\r\n", " b\r\n"], "x-long", "a b"),  // obsolete line folding
      (["HTTP/1.1 200 OK\r\n", "\r\n"], "http/1.1 200 ok", nil),
      ([": no name\r\n"], "", nil),
    ])
  func headerLines(lines: [String], name: String, value: String?) {
    var headers = HTTPHeaders()
    for line in lines { headers.appendLine(line) }
    #expect(headers[name] == value)
  }

  @Test func errorsNameTheirURL() {
    let error = HTTPError.responseTooLarge(url: "https://developer.apple.com/x", limitBytes: 10)
    #expect(error.url == "https://developer.apple.com/x")
    #expect(error.description.contains("larger than 10 bytes"))
  }
}

@Suite struct HTTPRequestHeaderTests {
  @Test func conditionalHeadersComeFromValidators() {
    let request = HTTPRequest(
      url: "https://developer.apple.com/x", etag: "\"a\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
    #expect(request.headerLines == ["If-None-Match: \"a\"", "If-Modified-Since: Tue, 14 Nov 2023 22:13:20 GMT"])
  }

  @Test(
    "Line breaks never reach the wire",
    arguments: [
      ("\"a\"\r\nX-Injected: 1", "If-None-Match: \"a\"X-Injected: 1"),
      ("\"a\"\n", "If-None-Match: \"a\""),
    ])
  func dropsLineBreaks(etag: String, line: String) {
    #expect(HTTPRequest(url: "https://developer.apple.com/x", etag: etag).headerLines == [line])
  }

  @Test func dropsExtraHeadersWithBadNames() {
    let request = HTTPRequest(
      url: "https://developer.apple.com/x", extraHeaders: ["": "v", "A:B": "v", "Accept": "text/vtt"])
    #expect(request.headerLines == ["Accept: text/vtt"])
  }
}
