import Corpus
import DuoKBCLI
import Foundation
import Harvest

extension RefreshCommand {
  /// Runs `session` with SIGINT and SIGTERM trapped and under a `RefreshWatchdog`. When
  /// `ownsProcess` (the executable), a refresh that does not stop in time ends the process;
  /// in-process (tests, other callers) it is only cancelled, and waited for.
  static func supervise(
    _ session: RefreshSession, list: SourceList, progress: RefreshProgress, deadline: ContinuousClock.Instant?,
    ownsProcess: Bool
  ) async -> Result<RefreshSession.Outcome, RefreshError> {
    let work = Task { [session] () async -> Result<RefreshSession.Outcome, RefreshError> in
      do throws(RefreshError) {
        return .success(try await session.run(list, progress: progress.update))
      } catch {
        return .failure(error)
      }
    }
    var stop: (@Sendable (String) -> Void)?
    if ownsProcess { stop = { reason in endProcess(reason) } }
    let watchdog = RefreshWatchdog(deadline: deadline, cancel: { work.cancel() }, stop: stop)
    let signals = SignalTrap(signals: [SIGINT, SIGTERM]) { signal in
      watchdog.signalled(signal)
      progress.interrupted(by: signal)
    }
    let result = await work.value
    watchdog.finished()
    signals.restore()
    return result
  }

  /// Ends the process at once, with nothing that a stuck thread could hold (no stream, no
  /// lock): the message goes to stderr with `write`. The kernel releases the refresh lock.
  static func endProcess(_ reason: String) -> Never {
    let message = Array("duo-kb: error: refresh stopped: \(reason)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _exit(ExitStatus.failure.rawValue)
  }
}
