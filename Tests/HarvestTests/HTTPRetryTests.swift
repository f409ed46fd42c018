import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

@Suite struct HTTPRetryTests {
  static let fast = RetryPolicy(
    maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(60), jitterFraction: 0)

  @Test func doesNotRetryA404() async throws {
    let server = try LoopbackServer(routes: [:])
    let clock = RecordingClock()
    let client = try makeLoopbackClient(retry: Self.fast, clock: clock)
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/nothing")) }
    #expect(error == .status(code: 404, url: server.url("/nothing")))
    #expect(server.requestCount("/nothing") == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func honorsRetryAfterSecondsThenSucceeds() async throws {
    let server = try LoopbackServer(routes: [
      "/b": .sequence([.status(503, headers: ["Retry-After": "1"]), .body("ok")])
    ])
    let clock = RecordingClock()
    let client = try makeLoopbackClient(retry: Self.fast, clock: clock)
    let response = try await client.fetch(server.url("/b"))
    #expect(response.text == "ok")
    #expect(response.attempts == 2)
    #expect(server.requestCount("/b") == 2)
    #expect(clock.sleeps == [.seconds(1)])
    #expect(client.stats.retries == 1)
  }

  /// The wait is the date less the time of the response: an hour, less the time this
  /// test took to get there (whatever the machine's load) and the date's whole seconds.
  @Test func honorsRetryAfterDate() async throws {
    let written = Date()
    let date = LoopbackHTTPDate.format(written.addingTimeInterval(3600))
    let server = try LoopbackServer(routes: [
      "/b": .sequence([.status(429, headers: ["Retry-After": date]), .body("ok")])
    ])
    let clock = RecordingClock()
    let policy = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .seconds(7200))
    let client = try makeLoopbackClient(retry: policy, clock: clock)
    _ = try await client.fetch(server.url("/b"))
    let elapsed = Date().timeIntervalSince(written)
    let slept = try #require(clock.sleeps.first)
    #expect(slept <= .seconds(3600))
    #expect(slept >= .milliseconds(Int64((3600 - elapsed - 1) * 1000)), "slept \(slept) after \(elapsed) s")
  }

  @Test func capsRetryAfterAtMaxDelay() async throws {
    let server = try LoopbackServer(routes: [
      "/b": .sequence([.status(503, headers: ["Retry-After": "86400"]), .body("ok")])
    ])
    let clock = RecordingClock()
    let policy = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .seconds(5))
    let client = try makeLoopbackClient(retry: policy, clock: clock)
    _ = try await client.fetch(server.url("/b"))
    #expect(clock.sleeps == [.seconds(5)])
  }

  @Test("Retries 5xx and 429 with exponential backoff", arguments: [500, 502, 503, 504, 429])
  func retriesWithBackoff(status: Int) async throws {
    let server = try LoopbackServer(routes: ["/f": .status(status)])
    let clock = RecordingClock()
    let client = try makeLoopbackClient(retry: Self.fast, clock: clock)
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/f")) }
    #expect(error == .status(code: status, url: server.url("/f")))
    #expect(server.requestCount("/f") == 3)
    #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
  }

  @Test("Does not retry other 4xx", arguments: [400, 401, 403, 404, 410])
  func doesNotRetryClientErrors(status: Int) async throws {
    let server = try LoopbackServer(routes: ["/f": .status(status)])
    let client = try makeLoopbackClient(retry: Self.fast)
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/f")) }
    #expect(error == .status(code: status, url: server.url("/f")))
    #expect(server.requestCount("/f") == 1)
  }

  @Test func retriesAConnectionClosedWithoutAnswer() async throws {
    let server = try LoopbackServer(routes: ["/c": .sequence([.closeConnection, .body("ok")])])
    let client = try makeLoopbackClient(retry: Self.fast)
    let response = try await client.fetch(server.url("/c"))
    #expect(response.text == "ok")
    #expect(server.requestCount("/c") == 2)
  }

  @Test func retriesATimeout() async throws {
    let server = try LoopbackServer(routes: [
      "/t": .sequence([.delayed(milliseconds: 10_000, .body("late")), .body("ok")])
    ])
    let client = try makeLoopbackClient(retry: Self.fast, totalTimeout: .seconds(1))
    let response = try await client.fetch(server.url("/t"))
    #expect(response.text == "ok")
    #expect(response.attempts == 2)
  }

  @Test func givesUpWhenTheNextAttemptWouldPassTheDeadline() async throws {
    let server = try LoopbackServer(routes: [
      "/d": .sequence([.status(503, headers: ["Retry-After": "30"]), .body("ok")])
    ])
    let clock = RecordingClock()
    let client = try makeLoopbackClient(
      retry: Self.fast, clock: clock, deadline: clock.now().advanced(by: .seconds(10)))
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/d")) }
    #expect(error == .status(code: 503, url: server.url("/d")))
    #expect(server.requestCount("/d") == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func refusesToStartPastTheDeadline() async throws {
    let server = try LoopbackServer(routes: ["/d": .body("ok")])
    let clock = RecordingClock()
    let client = try makeLoopbackClient(clock: clock, deadline: clock.now())
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/d")) }
    #expect(error == .deadlineExceeded(url: server.url("/d")))
    #expect(server.requestCount("/d") == 0)
  }
}
