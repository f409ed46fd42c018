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

/// The files duo-kb keeps in its home, opened without following symbolic links.
///
/// Every path comes with the folder it must lie in (`root`, the home). The root is opened
/// as given (the user may reach it through a link of their own); every component below it
/// is opened with `openat` from its parent's descriptor with `O_NOFOLLOW`, so a link
/// anywhere below the root, a folder's or the file's own, is refused with `.symbolicLink`
/// instead of followed, and no check can be raced by swapping a folder for a link.
public enum OwnedFile {
  /// How a file is opened by `open(_:within:for:)`.
  public enum Access: Sendable {
    /// Read only; the file must exist.
    case reading
    /// Write only, every write at the end; created (with its folders) when missing.
    case appending
    /// Read and write in place; created (with its folders) when missing.
    case updating
  }

  /// Opens a regular file below `root`; the caller closes the descriptor.
  public static func open(_ url: URL, within root: URL, for access: Access) throws(OwnedFileError) -> Int32 {
    let creates = access != .reading
    let parent = try openParent(of: url, within: root, creating: creates)
    defer { close(parent.folder) }
    // O_NONBLOCK: a pipe put where a file should be must not block the open.
    let common = O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
    let flags: Int32
    switch access {
    case .reading: flags = O_RDONLY | common
    case .appending: flags = O_WRONLY | O_CREAT | O_APPEND | common
    case .updating: flags = O_RDWR | O_CREAT | common
    }
    let descriptor = openat(parent.folder, parent.name, flags, 0o644)
    guard descriptor >= 0 else {
      throw classify(parent.folder, parent.name, path: url.path, code: errno, operation: "open", folder: false)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notARegularFile(path: url.path)
    }
    return descriptor
  }

  /// The bytes of a regular file below `root`; nil when it (or a folder on its way) does
  /// not exist. More than `limit` bytes is an error, not a truncated read.
  public static func read(_ url: URL, within root: URL, limit: Int = Int.max) throws(OwnedFileError) -> Data? {
    let descriptor: Int32
    do {
      descriptor = try open(url, within: root, for: .reading)
    } catch {
      if error.systemCode == ENOENT { return nil }
      throw error
    }
    defer { close(descriptor) }
    var info = stat()
    let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    return try readAll(from: descriptor, path: url.path, limit: limit, expectedCount: size)
  }

  /// Reads `descriptor` to its end (a file, a pipe, standard input). More than `limit`
  /// bytes is an error, not a truncated read; `path` names what was read in errors. A
  /// descriptor that would block (a non-blocking pipe) is waited on, not spun on.
  public static func readAll(
    from descriptor: Int32, path: String, limit: Int = Int.max, expectedCount: Int = 0
  ) throws(OwnedFileError) -> Data {
    var data = Data()
    if expectedCount > 0 { data.reserveCapacity(min(expectedCount, limit)) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN {
          var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          _ = poll(&readable, 1, -1)
          continue
        }
        throw .system(path: path, operation: "read", code: code)
      }
      if count == 0 { return data }
      guard data.count <= limit - count else {
        throw .system(path: path, operation: "read (more than \(limit) bytes)", code: EFBIG)
      }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Creates a folder below `root`, and the folders on its way.
  public static func createDirectory(_ url: URL, within root: URL) throws(OwnedFileError) {
    let names = try components(of: url, within: root)
    let rootDescriptor = try openRoot(root, creating: true)
    defer { close(rootDescriptor) }
    close(try descend(names[...], from: rootDescriptor, path: root.path, creating: true))
  }

  /// Removes a file (or an empty folder) below `root`; a link is removed itself, never
  /// what it points to. Nothing happens when it does not exist.
  public static func remove(_ url: URL, within root: URL) throws(OwnedFileError) {
    let parent: (folder: Int32, name: String)
    do {
      parent = try openParent(of: url, within: root, creating: false)
    } catch {
      if error.systemCode == ENOENT { return }
      throw error
    }
    defer { close(parent.folder) }
    var info = stat()
    guard fstatat(parent.folder, parent.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
    let flags = info.st_mode & S_IFMT == S_IFDIR ? AT_REMOVEDIR : 0
    if unlinkat(parent.folder, parent.name, flags) != 0, errno != ENOENT {
      throw .system(path: url.path, operation: "remove", code: errno)
    }
  }

  /// Renames `source` to `target`, both below `root` (their folders must exist); a link
  /// at `target` is refused, not replaced.
  public static func rename(_ source: URL, to target: URL, within root: URL) throws(OwnedFileError) {
    let from = try openParent(of: source, within: root, creating: false)
    defer { close(from.folder) }
    let to = try openParent(of: target, within: root, creating: false)
    defer { close(to.folder) }
    try refuseLink(to.folder, to.name, path: target.path)
    guard renameat(from.folder, from.name, to.folder, to.name) == 0 else {
      throw .system(path: target.path, operation: "rename \(source.lastPathComponent) to this name", code: errno)
    }
  }

  /// The names of `url` below `root`: `.outside` when it is not below it, or a name is
  /// `..`. Paths are compared as written (no link is resolved, on Linux or macOS alike).
  static func components(of url: URL, within root: URL) throws(OwnedFileError) -> [String] {
    func names(_ path: String) -> [String] {
      path.split(separator: "/").map(String.init).filter { $0 != "." }
    }
    let rootNames = names(root.path)
    let all = names(url.path)
    guard all.count >= rootNames.count, all.prefix(rootNames.count).elementsEqual(rootNames) else {
      throw .outside(path: url.path, root: root.path)
    }
    let below = Array(all.dropFirst(rootNames.count))
    guard !below.contains("..") else { throw .outside(path: url.path, root: root.path) }
    return below
  }

  /// The root folder, opened (and created with its parents when `creating`).
  static func openRoot(_ root: URL, creating: Bool) throws(OwnedFileError) -> Int32 {
    var descriptor = SystemCall.open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0, errno == ENOENT, creating {
      try? FileManager.default.createDirectory(atPath: root.path, withIntermediateDirectories: true)
      descriptor = SystemCall.open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw .system(path: root.path, operation: "open the folder", code: errno) }
    return descriptor
  }

  /// The folder `names` lead to from `start` (a new descriptor), each step opened without
  /// following a link; missing folders are made when `creating`.
  static func descend(
    _ names: ArraySlice<String>, from start: Int32, path startPath: String, creating: Bool
  ) throws(OwnedFileError) -> Int32 {
    var current = dup(start)
    guard current >= 0 else { throw .system(path: startPath, operation: "open the folder", code: errno) }
    var path = startPath
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    for name in names {
      path += path.hasSuffix("/") ? name : "/" + name
      var next = openat(current, name, flags)
      if next < 0, errno == ENOENT, creating {
        if mkdirat(current, name, 0o755) != 0, errno != EEXIST {
          let code = errno
          close(current)
          throw .system(path: path, operation: "create the folder", code: code)
        }
        next = openat(current, name, flags)
      }
      guard next >= 0 else {
        let error = classify(current, name, path: path, code: errno, operation: "open the folder", folder: true)
        close(current)
        throw error
      }
      close(current)
      current = next
    }
    return current
  }

  /// The folder holding `url`, opened, and the file's name in it.
  static func openParent(
    of url: URL, within root: URL, creating: Bool
  ) throws(OwnedFileError) -> (folder: Int32, name: String) {
    let names = try components(of: url, within: root)
    guard let name = names.last else { throw .notARegularFile(path: url.path) }
    let rootDescriptor = try openRoot(root, creating: creating)
    defer { close(rootDescriptor) }
    let folder = try descend(names.dropLast(), from: rootDescriptor, path: root.path, creating: creating)
    return (folder, name)
  }

  static func refuseLink(_ folder: Int32, _ name: String, path: String) throws(OwnedFileError) {
    var info = stat()
    if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
      throw .symbolicLink(path: path)
    }
  }

  /// Says why opening `name` in `folder` failed: a link, the wrong kind of file, or `code`.
  static func classify(
    _ folder: Int32, _ name: String, path: String, code: Int32, operation: String, folder isFolder: Bool
  ) -> OwnedFileError {
    var info = stat()
    if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
      let type = info.st_mode & S_IFMT
      if type == S_IFLNK { return .symbolicLink(path: path) }
      if isFolder, type != S_IFDIR { return .notADirectory(path: path) }
      if !isFolder, type != S_IFREG { return .notARegularFile(path: path) }
    }
    return .system(path: path, operation: operation, code: code)
  }
}
