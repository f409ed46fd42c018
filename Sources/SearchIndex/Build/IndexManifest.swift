/// `manifest.json`, written last into each generation: the segments it is made of, in
/// order, each with the documents later updates deleted from it (FORMAT.md). Written with
/// Foundation's encoder, read by `read(_:)`.
struct IndexManifest: Encodable, Equatable {
  static let fileName = "manifest.json"
  static let formatName = "duo-kb-index"
  /// The builder's caller's note of each indexed document's version (id -> stamp).
  static let stampsFileName = "stamps.json"

  struct FileEntry: Encodable, Equatable {
    var bytes: Int
    var crc32: UInt32
  }

  /// One segment: its folder below `segments/`, its counts, files and deletions.
  struct Segment: Encodable, Equatable {
    var name: String
    var documents: Int
    var passages: Int
    var terms: Int
    /// Words of all its passages, each counted as stored (at most 65,535).
    var totalWords: Int
    var files: [String: FileEntry]
    /// Its documents (numbered within it, ascending) replaced or removed since.
    var deleted: [Int]
    /// Passages of its live documents, known to an update (not recorded: a reader counts
    /// them from the store).
    var livePassages: Int? = nil

    enum CodingKeys: String, CodingKey {
      case name, documents, passages, terms, totalWords, files, deleted
    }

    var withoutLivePassages: Segment {
      var copy = self
      copy.livePassages = nil
      return copy
    }
  }

  var format: String
  var version: Int
  var corpusFingerprint: String
  /// Live documents and passages, over all segments.
  var documents: Int
  var passages: Int
  var terms: Int
  var analyzer: AnalyzerOptions
  var segments: [Segment]
  /// Corpus documents the build could not read and left out (absent when none).
  var skipped: [SkippedDocument]?

  /// Whether `name` may name a segment folder: `segment-` and letters, digits and hyphens
  /// (no `..`, no `/`).
  static func isSegmentName(_ name: String) -> Bool {
    guard name.hasPrefix("segment-"), name.count <= 80 else { return false }
    return name.dropFirst(8).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      && name.count > 8
  }
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
