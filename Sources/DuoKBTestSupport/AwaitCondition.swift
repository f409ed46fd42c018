import Foundation

/// A condition a test waited for that did not come: says what was awaited and for how long.
public struct ConditionNotReached: Error, CustomStringConvertible {
  public let awaited: String
  public let timeout: Duration
  public var description: String { "waited \(timeout) for \(awaited), in vain" }
}

/// Waits until `condition` holds, asking again every `interval`, and throws
/// ``ConditionNotReached`` (which names `message`) when `timeout` passes first.
///
/// For tests that wait for something to happen (a server to start, a file to appear, a
/// process to reach a state) instead of sleeping a fixed time. The timeout is a guard against a
/// hang, not a measure: make it generous.
public func awaitCondition(
  _ message: @autoclosure () -> String, timeout: Duration = .seconds(30),
  interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw ConditionNotReached(awaited: message(), timeout: timeout) }
    try await Task.sleep(for: interval)
  }
}

/// ``awaitCondition(_:timeout:interval:_:)`` for code that is not async: it blocks the thread.
public func awaitCondition(
  _ message: @autoclosure () -> String, timeout: Duration = .seconds(30),
  interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
) throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw ConditionNotReached(awaited: message(), timeout: timeout) }
    Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
  }
}
