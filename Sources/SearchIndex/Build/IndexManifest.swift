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
}
