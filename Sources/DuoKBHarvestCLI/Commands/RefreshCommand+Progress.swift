import DuoKBCLI
import Foundation
import Harvest

/// Shows a refresh advancing, on stderr, so that no long refresh is silent: on a terminal
/// one line redrawn with `\r` (a bar, sources done and total, requests, bytes, time left),
/// as sources finish and every second; elsewhere (a log file, CI) one plain line every
/// `logInterval` (5 s), never one per source; nothing with --quiet or --format json.
final class RefreshProgress: @unchecked Sendable {
  private let reporter: Reporter
  private let client: HTTPClient
  private let isQuiet: Bool
  private let logInterval: Duration
  private let started = ContinuousClock.now
  private let lock = NSLock()
  private var hasDrawn = false
  private var done = 0
  private var total = 0
  private var ticker: Task<Void, Never>?
  private var isFinished = false

  init(reporter: Reporter, client: HTTPClient, quiet: Bool, logInterval: Duration = .seconds(5)) {
    self.reporter = reporter
    self.client = client
    isQuiet = quiet
    self.logInterval = logInterval
  }

  var update: Refresher.Progress {
    { [self] done, total, _ in self.show(done: done, total: total) }
  }

  /// Starts the clock that redraws the line (terminal) or writes one (elsewhere) even when
  /// no source finishes for a while: a catalog being read, a long talk, the index.
  func start() {
    guard !isQuiet else { return }
    let interval = reporter.output.isTerminal ? .seconds(1) : logInterval
    let clock = Task.detached { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        guard !Task.isCancelled, let self else { return }
        self.tick()
      }
    }
    lock.withLock { ticker = clock }
  }

  private func show(done: Int, total: Int) {
    guard !isQuiet else { return }
    lock.withLock {
      self.done = done
      self.total = total
      if reporter.output.isTerminal { draw() }
    }
  }

  private func tick() {
    lock.withLock {
      guard !isFinished else { return }
      if reporter.output.isTerminal {
        draw()
      } else {
        reporter.notice("refresh: \(line(forTerminal: false))")
      }
    }
  }

  /// Call with the lock held.
  private func draw() {
    reporter.output.write("\r\u{1B}[K" + line(forTerminal: true))
    hasDrawn = true
  }

  /// `[####----] 12/208 sources, 40 requests, 1.2 MB, about 0:30 left`, or what the refresh
  /// is doing before the first source and after the last. Call with the lock held.
  private func line(forTerminal: Bool) -> String {
    let stats = client.stats
    let elapsed = Self.seconds(ContinuousClock.now - started)
    let traffic = "\(stats.requestsSent) requests, " + RefreshWording.bytes(stats.bodyBytes)
    var line: String
    if total == 0 {
      line = "reading the sources (catalogs list their talks), \(traffic)"
    } else if done >= total {
      line = "\(done)/\(total) sources done, \(traffic); finishing (change log, index)"
    } else {
      line = "\(done)/\(total) sources, \(traffic)"
      if done > 0 { line += ", about \(Self.clock(elapsed / Double(done) * Double(total - done))) left" }
    }
    if forTerminal { return (total > 0 ? Self.bar(done: done, total: total) + " " : "") + line }
    return line + ", \(Self.clock(elapsed)) so far"
  }

  func interrupted(by signal: Int32) {
    lock.withLock {
      if hasDrawn { reporter.output.write("\n") }
      hasDrawn = false
      reporter.notice("stopping (signal \(signal)): dropping work in flight")
    }
  }

  /// Stops the clock and ends the redrawn line.
  func finish() {
    lock.withLock {
      ticker?.cancel()
      ticker = nil
      isFinished = true
      if hasDrawn { reporter.output.write("\n") }
      hasDrawn = false
    }
  }

  /// `[######--------------]`: the share of sources done, in 20 cells.
  static func bar(done: Int, total: Int, width: Int = 20) -> String {
    let filled = total > 0 ? min(width, max(0, done) * width / total) : 0
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    return String(format: "%d:%02d", whole / 60, whole % 60)
  }
}
