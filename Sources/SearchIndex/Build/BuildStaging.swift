import OwnedFiles

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

/// The folder a build writes its generation into, `.build-<uuid>/`, and the proof that a
/// live build owns it: `.build-<uuid>.owner` beside it, `flock`ed by the build for as long
/// as it runs. The kernel drops the lock when the process ends, however it ends (SIGKILL
/// too), so a staging folder whose owner file can be locked, or that has none, was left
/// by a build that is gone, and the next build removes it (`sweep`), whatever its age.
///
/// The owner file is locked before the folder is made and removed after the folder is
/// gone (published or removed), so a folder never exists without a locked owner file
/// while its build runs.
final class BuildStaging {
  static let prefix = ".build-"
  static let ownerSuffix = ".owner"

  /// The staging folder.
  let url: URL
  private let owner: URL
  private let root: URL
  private var descriptor: Int32

  private init(url: URL, owner: URL, root: URL, descriptor: Int32) {
    self.url = url
    self.owner = owner
    self.root = root
    self.descriptor = descriptor
  }

  deinit { end() }

  /// Claims a new staging folder in `directory`.
  static func begin(in directory: URL, within root: URL) throws(IndexBuildError) -> BuildStaging {
    // A sweeper may unlink an owner file between its creation and its lock: then again.
    for _ in 0..<8 {
      let id = UUID().uuidString
      let owner = directory.appendingPathComponent(prefix + id + ownerSuffix)
      let descriptor: Int32
      do { descriptor = try OwnedFile.open(owner, within: root, for: .updating) } catch {
        throw IndexBuildError(error)
      }
      var info = stat()
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &info) == 0, info.st_nlink > 0 else {
        close(descriptor)
        continue
      }
      let folder = directory.appendingPathComponent(prefix + id)
      let staging = BuildStaging(url: folder, owner: owner, root: root, descriptor: descriptor)
      do { try OwnedFile.createDirectory(folder, within: root) } catch { throw IndexBuildError(error) }
      return staging
    }
    throw .io(path: directory.path, reason: "cannot claim a staging folder")
  }

  /// Gives up ownership: the folder must be gone (published or removed) by now.
  func end() {
    guard descriptor >= 0 else { return }
    try? OwnedFile.remove(owner, within: root)
    close(descriptor)
    descriptor = -1
  }

  /// Removes the staging folders (and owner files) of `directory` that no live build owns.
  static func sweep(in directory: URL, within root: URL) {
    let entries = (try? OwnedFile.entries(in: directory, within: root, includingHidden: true, recursive: false)) ?? []
    var ids = Set<String>()
    for entry in entries where entry.relativePath.hasPrefix(prefix) {
      let name = entry.relativePath.dropFirst(prefix.count)
      if entry.kind == .folder {
        ids.insert(String(name))
      } else if entry.kind == .file, name.hasSuffix(ownerSuffix) {
        ids.insert(String(name.dropLast(ownerSuffix.count)))
      }
    }
    for id in ids.sorted() { removeIfAbandoned(id, in: directory, within: root) }
  }

  /// Removes `.build-<id>/` and its owner file unless a live build holds the owner's lock.
  private static func removeIfAbandoned(_ id: String, in directory: URL, within root: URL) {
    let owner = directory.appendingPathComponent(prefix + id + ownerSuffix)
    // Created when missing: a folder without one (an older version's) is abandoned too.
    guard let descriptor = try? OwnedFile.open(owner, within: root, for: .updating) else { return }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
    try? OwnedFile.removeTree(directory.appendingPathComponent(prefix + id), within: root)
    try? OwnedFile.remove(owner, within: root)
  }
}
