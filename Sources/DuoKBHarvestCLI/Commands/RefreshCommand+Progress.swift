import DuoKBCLI
import Foundation
import Harvest

/// Shows a refresh advancing, on stderr: on a terminal one line redrawn with `\r`
/// (a bar, sources done and total, requests, bytes, time left); otherwise one plain line per
/// source; nothing with --quiet or --format json.
final class RefreshProgress: @unchecked Sendable {
  private let reporter: Reporter
  private let client: HTTPClient
  private let isQuiet: Bool
  private let started = ContinuousClock.now
  private let lock = NSLock()
  private var hasDrawn = false

  init(reporter: Reporter, client: HTTPClient, quiet: Bool) {
    self.reporter = reporter
    self.client = client
    isQuiet = quiet
  }

  var update: Refresher.Progress {
    { [self] done, total, entry in self.show(done: done, total: total, entry: entry) }
  }

  private func show(done: Int, total: Int, entry: RefreshReport.Entry) {
    guard !isQuiet else { return }
    lock.withLock {
      guard reporter.output.isTerminal else {
        reporter.notice("[\(done)/\(total)] \(entry.status.rawValue) \(entry.documentID ?? entry.source)")
        return
      }
      let stats = client.stats
      let elapsed = Self.seconds(ContinuousClock.now - started)
      var line =
        "\(Self.bar(done: done, total: total)) \(done)/\(total) sources, \(stats.requestsSent) requests, "
        + RefreshWording.bytes(stats.bodyBytes)
      if done > 0, done < total {
        line += ", about \(Self.clock(elapsed / Double(done) * Double(total - done))) left"
      }
      reporter.output.write("\r\u{1B}[K" + line)
      hasDrawn = true
    }
  }

  func interrupted(by signal: Int32) {
    lock.withLock {
      if hasDrawn { reporter.output.write("\n") }
      hasDrawn = false
      reporter.notice("stopping (signal \(signal)): dropping work in flight")
    }
  }

  /// Ends the redrawn line.
  func finish() {
    lock.withLock {
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
