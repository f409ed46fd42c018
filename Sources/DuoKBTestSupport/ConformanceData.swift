import Foundation

/// Locates the third-party conformance data, which tests read in place and never copy.
///
/// Looked up in `DUOKB_CONFORMANCE_DIR`, else `../shared/conformance` beside the
/// repository. Where it is absent (as on a user's machine) the conformance tests skip
/// with a visible notice; with `DUOKB_REQUIRE_CONFORMANCE=1` (as CI sets) they fail.
public enum ConformanceData {
  public struct Missing: Error, CustomStringConvertible {
    public let searched: [String]
    public var description: String {
      "conformance data not found (searched: \(searched.joined(separator: ", "))); "
        + "set DUOKB_CONFORMANCE_DIR or unset DUOKB_REQUIRE_CONFORMANCE"
    }
  }

  /// The repository root: the nearest directory above this file that has Package.swift.
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
      url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  static var candidates: [URL] {
    var result: [URL] = []
    if let dir = ProcessInfo.processInfo.environment["DUOKB_CONFORMANCE_DIR"], !dir.isEmpty {
      result.append(URL(fileURLWithPath: dir))
    }
    result.append(
      repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance"))
    return result
  }

  /// The conformance directory, when present.
  public static var directory: URL? {
    candidates.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.json").path)
    }
  }

  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["DUOKB_REQUIRE_CONFORMANCE"] == "1"
  }

  /// Whether conformance tests should run: the data is here, or CI demands it
  /// (then a missing directory fails the test instead of skipping it).
  public static var shouldRun: Bool { directory != nil || isRequired }

  /// The directory, or an error naming where it was looked for.
  public static func root() throws -> URL {
    guard let directory else { throw Missing(searched: candidates.map(\.path)) }
    return directory
  }

  /// `root()/relativePath`.
  public static func url(_ relativePath: String) throws -> URL {
    try root().appendingPathComponent(relativePath)
  }

  /// Every file under `root()/folder` whose name ends in `suffix`, sorted by path.
  public static func files(under folder: String, endingWith suffix: String) throws -> [URL] {
    let base = try url(folder)
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    else { return [] }
    var found: [URL] = []
    for case let file as URL in walker where file.lastPathComponent.hasSuffix(suffix) {
      found.append(file)
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The text of the write-up `shared/seeds/NUMBER_*.txt` beside the conformance data (the
  /// public write-ups the project grew from, read in place like the conformance data).
  public static func seed(_ number: String) throws -> String {
    let folder = try root().deletingLastPathComponent().appendingPathComponent("seeds")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    guard let name = names.sorted().first(where: { $0.hasPrefix(number + "_") }) else {
      throw Missing(searched: [folder.appendingPathComponent(number + "_*").path])
    }
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }
}
