/// `manifest.json`, written last into each generation.
struct IndexManifest: Codable, Equatable {
  static let fileName = "manifest.json"
  static let formatName = "duo-kb-index"

  struct FileEntry: Codable, Equatable {
    var bytes: Int
    var crc32: UInt32
  }

  var format: String
  var version: Int
  var corpusFingerprint: String
  var documents: Int
  var passages: Int
  var terms: Int
  var analyzer: AnalyzerOptions
  var files: [String: FileEntry]
  /// Corpus documents the build could not read and left out (absent when none).
  var skipped: [SkippedDocument]?
}

/// A corpus document a build left out because it could not be read, and why.
public struct SkippedDocument: Codable, Sendable, Equatable {
  public var id: String
  public var reason: String

  public init(id: String, reason: String) {
    self.id = id
    self.reason = reason
  }
}
