/// The clock retries and deadlines read and sleep on; tests inject one that only records.
public protocol RetryClock: Sendable {
  func now() -> ContinuousClock.Instant
  /// Waits `duration`; throws when the task is cancelled.
  func sleep(for duration: Duration) async throws
}

/// The real monotonic clock.
public struct SystemRetryClock: RetryClock {
  public init() {}
  public func now() -> ContinuousClock.Instant { .now }
  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
