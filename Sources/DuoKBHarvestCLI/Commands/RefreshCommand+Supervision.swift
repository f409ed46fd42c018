import Corpus
import DuoKBCLI
import Foundation
import Harvest

extension RefreshCommand {
  /// How a refresh ended: by itself, or stopped by its watchdog without waiting for it.
  enum Ending: Sendable {
    case ran(Result<RefreshSession.Outcome, RefreshError>)
    case stopped(reason: String)
  }

  /// Runs `session` with SIGINT and SIGTERM trapped and under a `RefreshWatchdog`, and
  /// returns when it ends or is stopped. When `ownsProcess` (the executable), stopping
  /// ends the process on the watchdog's thread; otherwise the refresh is left running.
  static func supervise(
    _ session: RefreshSession, list: SourceList, progress: RefreshProgress, deadline: ContinuousClock.Instant?,
    ownsProcess: Bool
  ) async -> Ending {
    let ending = FirstEnding()
    let work = Task { [session] in
      do throws(RefreshError) {
        ending.deliver(.ran(.success(try await session.run(list, progress: progress.update))))
      } catch {
        ending.deliver(.ran(.failure(error)))
      }
    }
    let watchdog = RefreshWatchdog(
      deadline: deadline, cancel: { work.cancel() },
      stop: { reason in
        if ownsProcess { endProcess(reason) }
        ending.deliver(.stopped(reason: reason))
      })
    let signals = SignalTrap(signals: [SIGINT, SIGTERM]) { signal in
      watchdog.signalled(signal)
      progress.interrupted(by: signal)
    }
    let end = await ending.value
    watchdog.finished()
    signals.restore()
    return end
  }

  /// Ends the process at once, with nothing that a stuck thread could hold (no stream, no
  /// lock): the message goes to stderr with `write`. The kernel releases the refresh lock.
  static func endProcess(_ reason: String) -> Never {
    let message = Array("duo-kb: error: refresh stopped: \(reason)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _exit(ExitStatus.failure.rawValue)
  }
}

/// The first of the ways a refresh ends; later ones are dropped. The waiting task is
/// resumed after the lock is released.
final class FirstEnding: @unchecked Sendable {
  private let lock = NSLock()
  private var ending: RefreshCommand.Ending?
  private var waiter: CheckedContinuation<RefreshCommand.Ending, Never>?

  func deliver(_ value: RefreshCommand.Ending) {
    let waiting: CheckedContinuation<RefreshCommand.Ending, Never>? = lock.withLock {
      guard ending == nil else { return nil }
      ending = value
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(returning: value)
  }

  var value: RefreshCommand.Ending {
    get async {
      await withCheckedContinuation { continuation in
        let ready: RefreshCommand.Ending? = lock.withLock {
          if ending == nil { waiter = continuation }
          return ending
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
