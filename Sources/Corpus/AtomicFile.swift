import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see the old bytes or the new, never a torn file:
/// a temporary file in the same directory, fsync, rename over the target, fsync the directory.
public enum AtomicFile {
  public static func write(_ data: Data, to url: URL) throws(CorpusError) {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .io(path: directory.path, reason: "cannot create directory: \(error.localizedDescription)")
    }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw .io(path: temporary.path, reason: errnoText()) }
    var succeeded = false
    defer {
      if !succeeded { unlink(temporary.path) }
    }
    let written = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = Foundation.write(
          descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += count
      }
      return true
    }
    guard written, fsync(descriptor) == 0 else {
      let reason = errnoText()
      close(descriptor)
      throw .io(path: temporary.path, reason: reason)
    }
    close(descriptor)
    guard rename(temporary.path, url.path) == 0 else {
      throw .io(path: url.path, reason: errnoText())
    }
    succeeded = true
    syncDirectory(directory)
  }

  /// Flushes a directory entry change (a rename) to disk; best effort.
  public static func syncDirectory(_ directory: URL) {
    let descriptor = open(directory.path, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
