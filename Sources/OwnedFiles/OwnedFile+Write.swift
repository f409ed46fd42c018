#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OwnedFile {
  /// Writes a file below `root` so that readers see the old bytes or the new, never a
  /// torn file: a temporary file `.<name>.<pid>.<random>.tmp` in the same folder, renamed
  /// over the target. `synced` syncs the file to storage before the rename and the folder
  /// after it (`syncToStorage`: `F_FULLFSYNC` on Darwin). Missing folders are made; a link
  /// at the target is refused.
  public static func write(
    _ bytes: some ContiguousBytes, to url: URL, within root: URL, synced: Bool = true
  ) throws(OwnedFileError) {
    let parent = try openParent(of: url, within: root, creating: true)
    defer { close(parent.folder) }
    try refuseLink(parent.folder, parent.name, path: url.path)
    let temporaryName = ".\(parent.name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let temporaryPath = url.deletingLastPathComponent().appendingPathComponent(temporaryName).path
    let descriptor = openat(
      parent.folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .system(path: temporaryPath, operation: "create", code: errno) }
    var renamed = false
    defer { if !renamed { unlinkat(parent.folder, temporaryName, 0) } }
    let failure = writeAll(bytes, to: descriptor, syncing: synced)
    close(descriptor)
    if let failure { throw .system(path: temporaryPath, operation: "write", code: failure) }
    guard renameat(parent.folder, temporaryName, parent.folder, parent.name) == 0 else {
      throw .system(path: url.path, operation: "replace", code: errno)
    }
    renamed = true
    if synced { _ = syncToStorage(parent.folder) }
  }

  /// Writes every byte (and syncs it to storage when `syncing`); the errno of a failure, or nil.
  public static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32, syncing: Bool) -> Int32? {
    let failure: Int32? = bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = SystemCall.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return nil
    }
    if let failure { return failure }
    if syncing, let failure = syncToStorage(descriptor) { return failure }
    return nil
  }

  /// Flushes a folder's entries (a rename into it) to disk; best effort.
  public static func syncDirectory(_ url: URL, within root: URL) {
    guard let names = try? components(of: url, within: root),
      let rootDescriptor = try? openRoot(root, creating: false)
    else { return }
    defer { close(rootDescriptor) }
    guard let folder = try? descend(names[...], from: rootDescriptor, path: root.path, creating: false) else { return }
    _ = syncToStorage(folder)
    close(folder)
  }
}
