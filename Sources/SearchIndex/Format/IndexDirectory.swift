import DocumentModel
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

/// The generations of an index directory.
///
/// Each build writes a complete generation into `.build-<uuid>/` (owned while it runs:
/// `BuildStaging`), renames it to
/// `generation-<n>/` (a rename of a fresh name cannot meet an existing directory), then
/// points the `CURRENT` file at it by writing a temporary file and renaming it over
/// `CURRENT`. A reader resolves `CURRENT` once and maps that generation's files, so it sees
/// the old index or the new one, never a mixture. After the swap every older generation is
/// removed but the one `CURRENT` named before (it stays for readers that resolved `CURRENT`
/// just before it changed). Publishing holds an exclusive `flock` on `.publish.lock`, so
/// that two builders (a refresh and a server rebuilding a stale index) swap one after the
/// other: each reads the `CURRENT` it replaces under the lock, and never removes the
/// generation the other has just made current while a reader may be opening it. No file
/// is opened through a symbolic link below the folder that holds the index directory, the
/// home (`OwnedFile`).
enum IndexDirectory {
  static let pointerName = "CURRENT"
  static let publishLockName = ".publish.lock"
  static let generationPrefix = "generation-"
  /// Segment folders, shared by the generations whose manifests name them.
  static let segmentsFolderName = "segments"

  static func segmentDirectory(_ name: String, in directory: URL) -> URL {
    directory.appendingPathComponent(segmentsFolderName).appendingPathComponent(name)
  }
  /// Generation numbers above this are not ours (a stray folder): never counted on.
  static let largestGeneration = 1 << 40

  static func currentGeneration(in directory: URL) throws(IndexFormatError) -> URL {
    let pointer = directory.appendingPathComponent(pointerName)
    let read: Data?
    do {
      read = try OwnedFile.read(pointer, within: directory.deletingLastPathComponent(), limit: 4096)
    } catch {
      throw IndexFormatError(error, file: pointerName)
    }
    guard let data = read else {
      throw .unreadable(file: pointerName, reason: "no index at \(directory.path)")
    }
    guard data.count <= 200, let name = pointedName(data),
      name.hasPrefix(generationPrefix), !name.contains("/"), !name.contains("..")
    else {
      throw .corrupt(file: pointerName, reason: "does not name a generation")
    }
    return directory.appendingPathComponent(name)
  }

  /// The pointer's text without the ASCII spaces, tabs and line breaks around it; nil when
  /// it is not UTF-8. (Bytes, not Foundation's decoding and Unicode's whitespace: a one-off
  /// search reads nothing else that needs them, and the first use of each costs the process.)
  static func pointedName(_ data: Data) -> String? {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let first = data.firstIndex(where: { !isSpace($0) }), let last = data.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(validating: data[first...last], as: UTF8.self)
  }

  /// The generation folders (links to folders are not generations), oldest first.
  static func generations(in directory: URL) -> [(number: Int, url: URL)] {
    let entries =
      (try? OwnedFile.entries(in: directory, within: directory.deletingLastPathComponent(), recursive: false)) ?? []
    return entries.compactMap { entry in
      let name = entry.relativePath
      guard entry.kind == .folder, name.hasPrefix(generationPrefix),
        let number = Int(name.dropFirst(generationPrefix.count)), number >= 0, number <= largestGeneration
      else { return nil }
      return (number, entry.url)
    }.sorted { $0.number < $1.number }
  }

  /// Removes what builders killed midway left behind: `.build-*` staging folders no live
  /// build owns (`BuildStaging`), and temporary pointers older than `age` (a live build
  /// writes one for a moment, so an old one is abandoned).
  static func sweepAbandoned(
    in directory: URL, within root: URL, olderThan age: TimeInterval = 3600, now: Date = Date()
  ) {
    BuildStaging.sweep(in: directory, within: root)
    let entries = (try? OwnedFile.entries(in: directory, within: root, includingHidden: true, recursive: false)) ?? []
    let nowNanoseconds = Int64(now.timeIntervalSince1970 * 1e9)
    for entry in entries {
      let name = entry.relativePath
      guard name.hasPrefix("\(pointerName).tmp-") || name.hasPrefix(".\(pointerName).") else { continue }
      guard Double(nowNanoseconds &- entry.modifiedNanoseconds) / 1e9 > age else { continue }
      try? OwnedFile.removeTree(entry.url, within: root)
    }
  }

  /// Moves the finished `staging` directory in as the newest generation and points
  /// `CURRENT` at it. `newSegments` (folders of `staging`) move to `segments/` first;
  /// `reusedSegments` must still be there (a concurrent build may have swept them: then
  /// `.io`, and nothing is published).
  static func publish(
    _ staging: URL, newSegments: [String] = [], reusedSegments: [String] = [], in directory: URL, within root: URL
  ) throws(IndexBuildError) -> URL {
    let lock = directory.appendingPathComponent(publishLockName)
    let descriptor: Int32
    do {
      descriptor = try OwnedFile.open(lock, within: root, for: .updating)
    } catch {
      throw IndexBuildError(error)
    }
    defer { close(descriptor) }
    // Blocking: another builder holds it only for its rename, pointer write and sweep.
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw .io(path: lock.path, reason: String(cString: strerror(errno)))
      }
    }
    defer { _ = flock(descriptor, LOCK_UN) }
    let segments = directory.appendingPathComponent(segmentsFolderName)
    do { try OwnedFile.createDirectory(segments, within: root) } catch { throw IndexBuildError(error) }
    let present = Set(segmentNames(in: directory))
    for name in reusedSegments where !present.contains(name) {
      throw .io(path: segmentDirectory(name, in: directory).path, reason: "removed by a concurrent build")
    }
    for name in newSegments {
      do {
        try OwnedFile.rename(
          staging.appendingPathComponent(name), to: segments.appendingPathComponent(name), within: root)
      } catch {
        throw IndexBuildError(error)
      }
    }
    let published = try publishLocked(staging, in: directory, within: root)
    sweepSegments(in: directory, within: root)
    return published
  }

  /// The segment folders (links are not segments).
  static func segmentNames(in directory: URL) -> [String] {
    let segments = directory.appendingPathComponent(segmentsFolderName)
    let entries =
      (try? OwnedFile.entries(in: segments, within: directory.deletingLastPathComponent(), recursive: false)) ?? []
    return entries.filter { $0.kind == .folder }.map(\.relativePath)
  }

  /// Removes the segment folders that no remaining generation's manifest names; nothing
  /// when a manifest cannot be read (its segments might be among them). Called under the
  /// publish lock, so no build is moving segments in meanwhile.
  static func sweepSegments(in directory: URL, within root: URL) {
    var named = Set<String>()
    for generation in generations(in: directory) {
      guard
        let data = try? OwnedFile.read(
          generation.url.appendingPathComponent(IndexManifest.fileName), within: root, limit: 16 << 20)
      else { return }
      switch IndexManifest.read(data) {
      case .manifest(let manifest): named.formUnion(manifest.segments.map(\.name))
      // A generation of an older format (its own files, no segments) names none.
      case .version: continue
      case .notAManifest: return
      }
    }
    for name in segmentNames(in: directory) where !named.contains(name) {
      try? OwnedFile.removeTree(segmentDirectory(name, in: directory), within: root)
    }
  }

  private static func publishLocked(_ staging: URL, in directory: URL, within root: URL) throws(IndexBuildError) -> URL
  {
    var number = (generations(in: directory).last?.number ?? 0) + 1
    var target: URL
    while true {
      target = directory.appendingPathComponent("\(generationPrefix)\(number)")
      do {
        try OwnedFile.rename(staging, to: target, within: root)
        break
      } catch {
        // Another builder took this number, or a stray entry has it: try the next.
        let taken = [EEXIST, ENOTEMPTY, ENOTDIR, EISDIR].contains(error.systemCode ?? 0)
        if case .symbolicLink = error {
          number += 1
          continue
        }
        guard taken, number <= largestGeneration else { throw IndexBuildError(error) }
        number += 1
      }
    }
    let pointer = directory.appendingPathComponent(pointerName)
    let previous = try? currentGeneration(in: directory)
    do {
      try OwnedFile.write(Data((target.lastPathComponent + "\n").utf8), to: pointer, within: root)
    } catch {
      // Not current, so never read: take it out again rather than leave one per attempt.
      try? OwnedFile.removeTree(target, within: root)
      throw IndexBuildError(error)
    }
    // Keep the new generation and the one CURRENT named until now (not simply number - 1:
    // a builder killed after its move leaves a generation that was never current).
    let keep = [target.lastPathComponent, previous?.lastPathComponent]
    for old in generations(in: directory) where old.number < number && !keep.contains(old.url.lastPathComponent) {
      try? OwnedFile.removeTree(old.url, within: root)
    }
    return target
  }
}
