import Foundation
import OwnedFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One refresh at a time: an exclusive `flock` on a lock file that holds the PID of the
/// refresh that has it.
///
/// The kernel drops the lock when its process ends, however it ends (SIGKILL too), so a
/// lock file left by a dead process is stale by construction and the next refresh takes
/// it over; the PID it finds there is reported. A lock held by a live refresh (in this
/// process or another) makes `acquire` throw `.locked` at once, without waiting.
public final class RefreshLock: @unchecked Sendable {
  public let path: String
  /// The PID found in a stale lock file that this lock took over, if any.
  public let tookOverFrom: Int32?
  private let descriptor: Int32
  private let lock = NSLock()
  private var isReleased = false

  private init(path: String, descriptor: Int32, tookOverFrom: Int32?) {
    self.path = path
    self.descriptor = descriptor
    self.tookOverFrom = tookOverFrom
  }

  deinit { release() }

  /// Takes the lock at `url`. The lock file is opened without following a symbolic link
  /// below `root` (by default its own folder, the home): a link there is `.symbolicLink`.
  public static func acquire(at url: URL, within root: URL? = nil) throws(RefreshError) -> RefreshLock {
    let path = url.path
    let descriptor: Int32
    do {
      descriptor = try OwnedFile.open(url, within: root ?? url.deletingLastPathComponent(), for: .updating)
    } catch {
      if case .symbolicLink(let path) = error { throw .symbolicLink(path: path) }
      throw .lockFile(path: path, reason: error.reason)
    }
    let previous = readPID(descriptor)
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let busy = errno == EWOULDBLOCK
      let reason = errnoText()
      close(descriptor)
      if busy { throw .locked(path: path, pid: readPID(atPath: path) ?? previous) }
      throw .lockFile(path: path, reason: reason)
    }
    let own = getpid()
    let text = Array("\(own)\n".utf8)
    let written = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    guard written == text.count, ftruncate(descriptor, off_t(text.count)) == 0 else {
      let reason = errnoText()
      close(descriptor)
      throw .lockFile(path: path, reason: reason)
    }
    _ = fsync(descriptor)
    let stale = previous.flatMap { $0 == own ? nil : $0 }
    return RefreshLock(path: path, descriptor: descriptor, tookOverFrom: stale)
  }

  /// Empties the file and unlocks it. The file stays, so that a process that opened it
  /// meanwhile locks the same file (unlinking would let two processes lock two files).
  public func release() {
    let shouldRelease = lock.withLock {
      defer { isReleased = true }
      return !isReleased
    }
    guard shouldRelease else { return }
    _ = ftruncate(descriptor, 0)
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// The PID written in a lock file, if it holds one.
  public static func readPID(atPath path: String) -> Int32? {
    let url = URL(fileURLWithPath: path)
    guard let data = try? OwnedFile.read(url, within: url.deletingLastPathComponent(), limit: 4096) else {
      return nil
    }
    return parsePID(data)
  }

  private static func readPID(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return parsePID(Data(buffer[0..<count]))
  }

  private static func parsePID(_ data: Data) -> Int32? {
    Int32(String(decoding: data.prefix(32), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      .flatMap { $0 > 0 ? $0 : nil }
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
