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
  /// One entry found by `entries(in:within:)`: links are reported, never followed.
  public struct Entry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
      case file
      case folder
      case symbolicLink
      /// A pipe, socket or device.
      case other
    }

    /// The path below the listed folder, `/`-separated: `tech-talks/111466.json`.
    public var relativePath: String
    public var url: URL
    public var kind: Kind
    public var size: Int
    public var modifiedNanoseconds: Int64
  }

  /// Folders deeper than this below the listed one are not entered (a hostile tree).
  public static let maximumListingDepth = 32

  /// Every entry in `folder` and (when `recursive`) the folders below it, never below a
  /// link, sorted by path; names starting with `.` are left out unless `includingHidden`.
  /// Empty when the folder does not exist.
  public static func entries(
    in folder: URL, within root: URL, includingHidden: Bool = false, recursive: Bool = true
  ) throws(OwnedFileError) -> [Entry] {
    let names = try components(of: folder, within: root)
    let rootDescriptor: Int32
    do {
      rootDescriptor = try openRoot(root, creating: false)
    } catch {
      if error.systemCode == ENOENT { return [] }
      throw error
    }
    defer { close(rootDescriptor) }
    let top: Int32
    do {
      top = try descend(names[...], from: rootDescriptor, path: root.path, creating: false)
    } catch {
      if error.systemCode == ENOENT { return [] }
      throw error
    }
    defer { close(top) }
    var found: [Entry] = []
    var pending: [[String]] = [[]]
    while let relative = pending.popLast() {
      let descriptor = try descend(relative[...], from: top, path: folder.path, creating: false)
      defer { close(descriptor) }
      for (name, info) in list(descriptor) where includingHidden || !name.hasPrefix(".") {
        let path = relative + [name]
        let kind = kind(of: info)
        found.append(
          Entry(
            relativePath: path.joined(separator: "/"),
            url: folder.appendingPathComponent(path.joined(separator: "/"), isDirectory: kind == .folder),
            kind: kind, size: Int(info.st_size), modifiedNanoseconds: modified(info)))
        if recursive, kind == .folder, path.count < maximumListingDepth { pending.append(path) }
      }
    }
    return found.sorted { $0.relativePath < $1.relativePath }
  }

  /// Removes a folder and everything in it below `root`; links inside are removed
  /// themselves, never followed. Nothing happens when it does not exist.
  public static func removeTree(_ folder: URL, within root: URL) throws(OwnedFileError) {
    let parent: (folder: Int32, name: String)
    do {
      parent = try openParent(of: folder, within: root, creating: false)
    } catch {
      if error.systemCode == ENOENT { return }
      throw error
    }
    defer { close(parent.folder) }
    try removeContents(of: parent.name, in: parent.folder, path: folder.path, depth: 0)
  }

  private static func removeContents(
    of name: String, in parent: Int32, path: String, depth: Int
  ) throws(OwnedFileError) {
    var info = stat()
    guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      guard depth < maximumListingDepth * 2 else { throw .system(path: path, operation: "remove", code: ELOOP) }
      let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { throw .system(path: path, operation: "open the folder", code: errno) }
      defer { close(descriptor) }
      for (child, _) in list(descriptor) {
        try removeContents(of: child, in: descriptor, path: path + "/" + child, depth: depth + 1)
      }
      guard unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
        throw .system(path: path, operation: "remove", code: errno)
      }
    } else if unlinkat(parent, name, 0) != 0, errno != ENOENT {
      throw .system(path: path, operation: "remove", code: errno)
    }
  }

  /// The names in an open folder (not `.` and `..`) with what `fstatat` says of each,
  /// links not followed. The descriptor stays open.
  static func list(_ folder: Int32) -> [(name: String, info: stat)] {
    let copy = dup(folder)
    guard copy >= 0, let stream = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return []
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var found: [(String, stat)] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var info = stat()
      guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      found.append((name, info))
    }
    return found
  }

  static func kind(of info: stat) -> Entry.Kind {
    switch info.st_mode & S_IFMT {
    case S_IFREG: .file
    case S_IFDIR: .folder
    case S_IFLNK: .symbolicLink
    default: .other
    }
  }

  static func modified(_ info: stat) -> Int64 {
    #if canImport(Darwin)
      let (seconds, nanoseconds) = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
    #else
      let (seconds, nanoseconds) = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
    #endif
    // Saturated: a time past the year 2262 has more nanoseconds than Int64 holds.
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? Int64.min : Int64.max }
    let (sum, carried) = scaled.addingReportingOverflow(nanoseconds)
    return carried ? Int64.max : sum
  }
}
