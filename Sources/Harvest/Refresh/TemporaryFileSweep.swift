import Foundation
import OwnedFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary files that atomic writes (`AtomicFile`) leave behind when their
/// process is killed between creating and renaming them: `.<name>.<pid>.<random>.tmp`.
/// Only files whose PID names no running process are removed, so a writer still at work
/// is never disturbed.
public enum TemporaryFileSweep {
  /// Sweeps `directory` and everything below it (never below a symbolic link); returns
  /// how many files were removed.
  @discardableResult
  public static func sweep(_ directory: URL) -> Int {
    let entries = (try? OwnedFile.entries(in: directory, within: directory, includingHidden: true)) ?? []
    var removed = 0
    for entry in entries where entry.kind == .file {
      guard let pid = writerPID(ofTemporaryFile: entry.url.lastPathComponent), !isRunning(pid) else { continue }
      if (try? OwnedFile.remove(entry.url, within: directory)) != nil { removed += 1 }
    }
    return removed
  }

  /// The PID in an `AtomicFile` temporary name, or nil when the name is not one.
  static func writerPID(ofTemporaryFile name: String) -> Int32? {
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
    let parts = name.dropLast(4).split(separator: ".")
    guard parts.count >= 3, parts[parts.count - 1].allSatisfy(\.isNumber),
      let pid = Int32(parts[parts.count - 2]), pid > 0
    else { return nil }
    return pid
  }

  static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
