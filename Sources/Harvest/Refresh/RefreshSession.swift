import Corpus
import Foundation

/// One refresh from start to end, as `duo-kb refresh` runs it (and as the MCP server
/// could): take the lock, sweep what killed writers left, refresh every source, bring
/// the index up to date, check it, append the change log line. Only the lock can stop it
/// from starting; everything after is reported in the `Outcome`.
public struct RefreshSession: Sendable {
  public var refresher: Refresher
  /// `.refresh.lock` in the home.
  public var lockFile: URL
  /// The index to bring up to date afterwards (nil: left alone).
  public var index: (any RefreshIndex)?
  /// The time recorded in the change log.
  public var clock: @Sendable () -> Date

  public init(
    refresher: Refresher, lockFile: URL, index: (any RefreshIndex)?,
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.refresher = refresher
    self.lockFile = lockFile
    self.index = index
    self.clock = clock
  }

  /// The lock file and staging cache of a home (the directory holding `Corpus/`).
  public static func lockFile(inHome home: URL) -> URL { home.appendingPathComponent(".refresh.lock") }
  public static func stagingDirectory(inHome home: URL) -> URL {
    home.appendingPathComponent(".refresh-staging", isDirectory: true)
  }

  public struct Outcome: Sendable {
    public var report: RefreshReport
    public var index: RefreshIndexUpdate = .current
    public var integrity: RefreshIntegrityCheck = .notChecked
    /// The lock was left by a process that is gone: its PID.
    public var tookOverLockFrom: Int32?
    /// Why the change log line could not be appended, if it could not.
    public var changeLogFailure: CorpusError?
  }

  /// Runs the session. Throws only when the lock cannot be had (`.locked`, `.lockFile`);
  /// cancelling the task stops starting sources, and the rest still runs.
  public func run(_ list: SourceList, progress: Refresher.Progress? = nil) async throws(RefreshError) -> Outcome {
    let lock = try RefreshLock.acquire(at: lockFile)
    defer { lock.release() }
    sweep()
    let startedAt = clock()
    var outcome = Outcome(report: await refresher.refresh(list, progress: progress))
    outcome.tookOverLockFrom = lock.tookOverFrom
    if let index {
      outcome.index = index.updateIfStale()
      if case .rebuilt = outcome.index { outcome.integrity = checkIndexAfterRebuild(index) }
    }
    do throws(CorpusError) {
      let corpus = refresher.corpus
      try ChangeLog(corpus: corpus).append(
        ChangeLog.entry(for: outcome.report, startedAt: startedAt, finishedAt: clock()))
    } catch {
      outcome.changeLogFailure = error
    }
    return outcome
  }

  /// Half-written files of a refresh that was killed (never read: their names are
  /// hidden), and staged segments too old to reuse.
  func sweep() {
    TemporaryFileSweep.sweep(refresher.corpus.directory)
    refresher.staging?.sweep(now: clock())
  }

  /// The integrity check of a freshly rebuilt index generation: the step where a full
  /// verification of the index (checksums of every file) plugs in, through
  /// `RefreshIndex.checkAfterRebuild`.
  func checkIndexAfterRebuild(_ index: any RefreshIndex) -> RefreshIntegrityCheck {
    index.checkAfterRebuild()
  }
}

/// The index a refresh session keeps up to date (the CLI gives one over its knowledge
/// base; the harvest library knows nothing of the index format).
public protocol RefreshIndex: Sendable {
  /// Rebuilds the index when it does not match the corpus.
  func updateIfStale() -> RefreshIndexUpdate
  /// Verifies a generation just built; `.notChecked` until a checker is plugged in.
  func checkAfterRebuild() -> RefreshIntegrityCheck
}

extension RefreshIndex {
  public func checkAfterRebuild() -> RefreshIntegrityCheck { .notChecked }
}

public enum RefreshIndexUpdate: Sendable, Equatable {
  case current
  case rebuilt(documents: Int, passages: Int)
  case failed(String)
}

public enum RefreshIntegrityCheck: Sendable, Equatable {
  case notChecked
  case passed
  case failed(String)
}
