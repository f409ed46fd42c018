import Foundation
import Testing

@testable import DuoKBHarvestCLI

/// The watchdog stops a refresh that does not end, whatever is stuck in it.
@Suite struct RefreshWatchdogTests {
  @Test func aSignalStopsTheRefreshAfterTheGraceEvenWhenCancellingBlocks() async {
    let stopped = Reasons()
    let cancelling = Reasons()
    let watchdog = RefreshWatchdog(
      deadline: nil, signalGrace: .milliseconds(200),
      cancel: {
        cancelling.add("cancel")
        Thread.sleep(forTimeInterval: 30)  // a cancellation handler that never returns
      },
      stop: { stopped.add($0) })
    watchdog.signalled(SIGTERM)
    #expect(await Self.eventually { !stopped.all.isEmpty }, "stopped although cancelling blocks")
    #expect(cancelling.all == ["cancel"])
    #expect(stopped.all.first?.contains("signal \(SIGTERM)") == true)
  }

  @Test func aSecondSignalStopsAtOnce() async {
    let stopped = Reasons()
    let watchdog = RefreshWatchdog(deadline: nil, signalGrace: .seconds(600), cancel: {}, stop: { stopped.add($0) })
    watchdog.signalled(SIGINT)
    watchdog.signalled(SIGINT)
    #expect(await Self.eventually { !stopped.all.isEmpty })
    #expect(stopped.all.first?.contains("second time") == true)
  }

  @Test func theTimeoutCancelsThenStops() async {
    let stopped = Reasons()
    let cancelled = Reasons()
    let watchdog = RefreshWatchdog(
      deadline: .now + .milliseconds(50), timeoutGrace: .milliseconds(200), timeoutCancelDelay: .milliseconds(20),
      cancel: { cancelled.add("cancel") }, stop: { stopped.add($0) })
    #expect(await Self.eventually { !stopped.all.isEmpty })
    #expect(cancelled.all == ["cancel"])
    #expect(stopped.all.first?.contains("--timeout") == true)
    watchdog.finished()
  }

  /// At the deadline the refresh ends by itself and reports it; the cancel is a backstop.
  @Test func theTimeoutCancelsOnlyAfterTheRefreshHadTimeToEndByItself() async {
    let cancelled = Reasons()
    let deadline = ContinuousClock.now
    let delay = Duration.milliseconds(300)
    // Each cancel says whether it came at least the delay after the deadline.
    let watchdog = RefreshWatchdog(
      deadline: deadline, timeoutGrace: .seconds(600), timeoutCancelDelay: delay,
      cancel: { cancelled.add(ContinuousClock.now >= deadline + delay ? "after the delay" : "too early") }, stop: nil)
    #expect(await Self.eventually { !cancelled.all.isEmpty })
    #expect(cancelled.all == ["after the delay"])
    watchdog.finished()
  }

  @Test func aRefreshThatEndsIsNeverStopped() async throws {
    let stopped = Reasons()
    let watchdog = RefreshWatchdog(
      deadline: .now + .milliseconds(100), timeoutGrace: .milliseconds(100), cancel: {}, stop: { stopped.add($0) })
    watchdog.finished()
    try await Task.sleep(for: .milliseconds(400))  // the subject: past deadline and grace, no stop comes
    #expect(stopped.all.isEmpty)
  }

  static func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
  }
}

/// What the watchdog did, in order, from any thread.
final class Reasons: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  var all: [String] { lock.withLock { items } }
  func add(_ item: String) { lock.withLock { items.append(item) } }
}

extension RefreshWatchdogTests {
  @Test func withoutAWayToStopItOnlyCancels() async throws {
    let cancelled = Reasons()
    let watchdog = RefreshWatchdog(
      deadline: .now, signalGrace: .milliseconds(10), timeoutGrace: .milliseconds(10),
      cancel: { cancelled.add("cancel") }, stop: nil)
    watchdog.signalled(SIGTERM)
    watchdog.signalled(SIGTERM)
    #expect(await Self.eventually { cancelled.all.count >= 1 })
    try await Task.sleep(for: .milliseconds(100))  // the subject: past the grace, with no way to stop, nothing fails
    watchdog.finished()
  }
}
