import Foundation

/// A condition a test waited for that did not come: says what was awaited and for how long.
public struct ConditionNotReached: Error, CustomStringConvertible {
  public let awaited: String
  public let timeout: Duration
  public var description: String { "waited \(timeout) for \(awaited), in vain" }
}

/// Waits until `condition` holds, asking again every `interval`, and throws
/// ``ConditionNotReached`` (which names `message`) once `timeout` has passed and the condition
/// has been asked as often as `timeout` holds intervals: a busy machine that leaves the waiting
/// task unscheduled for a while does not make the wait fail early.
///
/// For tests that wait for something to happen (a server to start, a file to appear, a
/// process to reach a state) instead of sleeping a fixed time. The timeout is a guard against a
/// hang, not a measure: make it generous.
public func awaitCondition(
  _ message: @autoclosure () -> String, timeout: Duration = .seconds(30),
  interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
) async throws {
  var wait = Wait(timeout: timeout, interval: interval)
  while try !condition() {
    guard wait.goesOn() else { throw ConditionNotReached(awaited: message(), timeout: timeout) }
    try await Task.sleep(for: interval)
  }
}

/// ``awaitCondition(_:timeout:interval:_:)`` for code that is not async: it blocks the thread.
public func awaitCondition(
  _ message: @autoclosure () -> String, timeout: Duration = .seconds(30),
  interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
) throws {
  var wait = Wait(timeout: timeout, interval: interval)
  let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
  while try !condition() {
    guard wait.goesOn() else { throw ConditionNotReached(awaited: message(), timeout: timeout) }
    Thread.sleep(forTimeInterval: seconds)
  }
}

/// The end of a wait: both the deadline passed and the condition asked `timeout / interval` times.
private struct Wait {
  let deadline: ContinuousClock.Instant
  let leastAsks: Int
  var asked = 0

  init(timeout: Duration, interval: Duration) {
    deadline = ContinuousClock.now + timeout
    leastAsks = interval > .zero ? Int(min(timeout / interval, 1e9)) : 0
  }

  mutating func goesOn() -> Bool {
    asked += 1
    return asked < leastAsks || ContinuousClock.now < deadline
  }
}
