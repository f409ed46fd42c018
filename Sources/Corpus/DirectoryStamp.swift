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

/// A folder's modification time to the nanosecond, and its subfolders, read with the
/// system calls directly (FileManager's enumerator costs ten times as much).
enum DirectoryStamp {
  /// `seconds.nanoseconds` of the folder's last change, or nil when it is not a folder
  /// (a link to one is not followed).
  static func read(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
    #if canImport(Darwin)
      return "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
    #else
      return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    #endif
  }

  /// The folders directly inside `path`, hidden ones left out.
  static func subdirectories(of path: String) -> [String] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var folders: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let child = path + "/" + name
      if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
        folders.append(child)
      } else if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN), read(child) != nil {
        folders.append(child)
      }
    }
    return folders
  }
}
