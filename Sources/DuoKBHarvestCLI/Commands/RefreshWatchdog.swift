import Foundation

/// Makes sure a refresh ends, even when a transfer or a task in it is stuck.
///
/// It runs on a thread of its own and shares nothing with the refresh but its own lock,
/// under which nothing else runs: the refresh cannot hold it up.
/// - `timeoutCancelDelay` after the `--timeout` deadline the refresh is cancelled, and
///   `timeoutGrace` after the deadline it is stopped: long enough for an index rebuild to
///   finish on a loaded machine. No source starts and no request runs past the deadline
///   anyway, so the refresh ends by itself and reports the deadline; cancelling at the
///   deadline itself raced that, and a timed-out refresh said it was interrupted.
/// - On SIGINT or SIGTERM (`signalled`) it is cancelled at once and stopped `signalGrace`
///   later; a second signal stops it at once.
///
/// Cancelling runs on a thread started for it, so that a cancellation handler that blocks
/// cannot block the watchdog. Stopping calls `stop` on the watchdog's thread: the
/// executable ends the process there (the kernel releases the refresh lock; every corpus
/// file is written whole and renamed into place, so the corpus holds whole documents).
/// Without `stop` (in-process) the watchdog only cancels.
final class RefreshWatchdog: @unchecked Sendable {
  /// How long a refresh may take to wind down (finish writing, update the index, report)
  /// after a signal, and after its deadline, before it is stopped.
  static let signalGrace: Duration = .seconds(5)
  static let timeoutGrace: Duration = .seconds(30)
  /// How long after the deadline a refresh that has not ended is cancelled.
  static let timeoutCancelDelay: Duration = .seconds(1)

  private let condition = NSCondition()
  private var cancelAt: ContinuousClock.Instant?
  private var stopAt: ContinuousClock.Instant?
  private var reason = ""
  private var signalCount = 0
  private var isDone = false
  private let cancel: @Sendable () -> Void
  private let stop: (@Sendable (String) -> Void)?
  private let signalGrace: Duration

  /// - Parameters:
  ///   - deadline: the `--timeout` deadline (nil: none).
  ///   - cancel: cancels the refresh; may block.
  ///   - stop: ends the refresh without waiting for it, given why (nil: never).
  init(
    deadline: ContinuousClock.Instant?, signalGrace: Duration = RefreshWatchdog.signalGrace,
    timeoutGrace: Duration = RefreshWatchdog.timeoutGrace,
    timeoutCancelDelay: Duration = RefreshWatchdog.timeoutCancelDelay, cancel: @escaping @Sendable () -> Void,
    stop: (@Sendable (String) -> Void)?
  ) {
    self.signalGrace = signalGrace
    self.cancel = cancel
    self.stop = stop
    if let deadline {
      cancelAt = deadline + timeoutCancelDelay
      stopAt = stop == nil ? nil : deadline + timeoutGrace
      reason = "it did not end within \(Self.seconds(timeoutGrace)) of its --timeout"
    }
    let thread = Thread { [self] in watch() }
    thread.name = "duo-kb.refresh-watchdog"
    thread.start()
  }

  /// A signal arrived: cancel now, stop after the grace period (at once on a second signal).
  func signalled(_ number: Int32) {
    condition.withLock {
      let now = ContinuousClock.now
      signalCount += 1
      let isRepeated = signalCount > 1
      cancelAt = now
      let limit = isRepeated ? now : now + signalGrace
      if stop != nil, stopAt.map({ limit < $0 }) ?? true {
        stopAt = limit
        reason =
          isRepeated
          ? "signal \(number) arrived a second time"
          : "signal \(number): the refresh did not stop within \(Self.seconds(signalGrace))"
      }
      condition.broadcast()
    }
  }

  /// The refresh ended: the watchdog's thread ends too.
  func finished() {
    condition.withLock {
      isDone = true
      condition.broadcast()
    }
  }

  private func watch() {
    condition.lock()
    while !isDone {
      let now = ContinuousClock.now
      if let stopAt, now >= stopAt {
        isDone = true
        let reason = reason
        condition.unlock()
        stop?(reason)
        return
      }
      if let cancelAt, now >= cancelAt {
        self.cancelAt = nil
        let thread = Thread { [cancel] in cancel() }
        thread.name = "duo-kb.refresh-cancel"
        thread.start()
        continue
      }
      if let next = [cancelAt, stopAt].compactMap({ $0 }).min() {
        let wait = now.duration(to: next)
        _ = condition.wait(until: Date().addingTimeInterval(Self.timeInterval(wait) + 0.001))
      } else {
        condition.wait()
      }
    }
    condition.unlock()
  }

  static func timeInterval(_ duration: Duration) -> TimeInterval {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func seconds(_ duration: Duration) -> String {
    String(format: "%g s", timeInterval(duration))
  }
}
