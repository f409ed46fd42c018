import Foundation
import Normalize

/// The generations of an index directory.
///
/// Each build writes a complete generation into `.build-<uuid>/`, renames it to
/// `generation-<n>/` (a rename of a fresh name cannot meet an existing directory), then
/// points the `CURRENT` file at it by writing `CURRENT.tmp` and renaming it over `CURRENT`.
/// A reader resolves `CURRENT` once and maps that generation's files, so it sees the old
/// index or the new one, never a mixture. Older generations but the previous one are
/// removed after the swap (the previous one stays for readers that resolved `CURRENT`
/// just before it changed).
enum IndexDirectory {
  static let pointerName = "CURRENT"
  static let generationPrefix = "generation-"

  static func currentGeneration(in directory: URL) throws(IndexFormatError) -> URL {
    let pointer = directory.appendingPathComponent(pointerName)
    guard let data = try? Data(contentsOf: pointer) else {
      throw .unreadable(file: pointerName, reason: "no index at \(directory.path)")
    }
    guard data.count <= 200, let name = String(data: data, encoding: .utf8)?
      .trimmingCharacters(in: .whitespacesAndNewlines),
      name.hasPrefix(generationPrefix), !name.contains("/"), !name.contains("..")
    else {
      throw .corrupt(file: pointerName, reason: "does not name a generation")
    }
    return directory.appendingPathComponent(name)
  }

  /// Largest generation number taken as ours; a folder numbered past it (written by
  /// hand, or by something else) is left alone, so the next number cannot overflow.
  static let maxGenerationNumber = 1 << 48

  static func generations(in directory: URL) -> [(number: Int, url: URL)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.compactMap { name in
      let digits = name.dropFirst(generationPrefix.count)
      guard name.hasPrefix(generationPrefix), !digits.isEmpty, digits.count <= 15,
        digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(digits), number <= maxGenerationNumber
      else { return nil }
      return (number, directory.appendingPathComponent(name))
    }.sorted { $0.number < $1.number }
  }

  /// Removes what builders killed midway left behind: `.build-*` staging folders and
  /// `CURRENT.tmp-*` pointers older than `age` (a live build takes seconds, so an old one
  /// is abandoned; a younger one may belong to a build running now and is left alone).
  static func sweepAbandoned(in directory: URL, olderThan age: TimeInterval = 3600, now: Date = Date()) {
    let fileManager = FileManager.default
    let names = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(".build-") || name.hasPrefix("\(pointerName).tmp-") {
      let url = directory.appendingPathComponent(name)
      guard let modified = (try? fileManager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
        now.timeIntervalSince(modified) > age
      else { continue }
      try? fileManager.removeItem(at: url)
    }
  }

  /// Moves the finished `staging` directory in as the newest generation and points
  /// `CURRENT` at it.
  static func publish(_ staging: URL, in directory: URL) throws(IndexBuildError) -> URL {
    let fileManager = FileManager.default
    var number = (generations(in: directory).last?.number ?? 0) + 1
    var target: URL
    while true {
      target = directory.appendingPathComponent("\(generationPrefix)\(number)")
      do {
        try fileManager.moveItem(at: staging, to: target)
        break
      } catch {
        // Another builder took this number, or a stray directory has it: try the next.
        guard !fileManager.fileExists(atPath: staging.path) || number > 1_000_000 else {
          number += 1
          continue
        }
        throw .io(path: target.path, reason: "cannot move the new generation in: \(ErrorReason.of(error))")
      }
    }
    let pointer = directory.appendingPathComponent(pointerName)
    let temporary = directory.appendingPathComponent("\(pointerName).tmp-\(UUID().uuidString)")
    do {
      try Data((target.lastPathComponent + "\n").utf8).write(to: temporary)
      guard rename(temporary.path, pointer.path) == 0 else {
        throw IndexBuildError.io(path: pointer.path, reason: "rename failed (errno \(errno))")
      }
    } catch let error as IndexBuildError {
      throw error
    } catch {
      throw .io(path: temporary.path, reason: "cannot write the pointer: \(ErrorReason.of(error))")
    }
    for old in generations(in: directory) where old.number < number - 1 {
      try? fileManager.removeItem(at: old.url)
    }
    return target
  }
}
