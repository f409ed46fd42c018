import Foundation

/// Files of this repository (scripts, formula, manual), found from this source file.
enum RepositoryFile {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: url(path), encoding: .utf8)
  }
}
