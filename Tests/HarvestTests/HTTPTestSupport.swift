import DuoKBTestSupport
import Foundation

@testable import Harvest

/// A retry clock that never waits: it records each sleep and moves its time forward.
final class RecordingClock: RetryClock, @unchecked Sendable {
  private let lock = NSLock()
  private let start = ContinuousClock.now
  private var offset: Duration = .zero
  private var recorded: [Duration] = []

  func now() -> ContinuousClock.Instant { lock.withLock { start.advanced(by: offset) } }

  func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    lock.withLock {
      recorded.append(duration)
      offset += duration
    }
  }

  var sleeps: [Duration] { lock.withLock { recorded } }
}

/// A client that may reach 127.0.0.1 only, with fast, recorded retries.
func makeLoopbackClient(
  retry: RetryPolicy = .none,
  clock: RecordingClock = RecordingClock(),
  totalTimeout: Duration = .seconds(30),
  maxBodyBytes: Int = 1 << 20,
  deadline: ContinuousClock.Instant? = nil
) throws -> HTTPClient {
  try HTTPClient(
    configuration: HTTPClientConfiguration(
      allowedHosts: HostAllowList(["127.0.0.1"]), totalTimeout: totalTimeout, maxBodyBytes: maxBodyBytes,
      retry: retry, deadline: deadline, clock: clock))
}

/// The error `body` throws, or nil when it returns.
func httpError(_ body: () async throws(HTTPError) -> HTTPResponse) async -> HTTPError? {
  do {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}
