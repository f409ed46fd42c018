import Foundation
import JSON

extension IndexManifest {
  /// What the bytes of a manifest hold.
  enum Reading: Equatable {
    case manifest(IndexManifest)
    /// An index manifest of another format version (its other fields left unread: an
    /// older one has others).
    case version(Int)
    /// Not JSON, not an index manifest, or a field missing or of the wrong type.
    case notAManifest
  }

  /// Reads a manifest with `JSONValue(parsing:)`, not Foundation's decoder: every search
  /// opens one, and with that decoder's first use in the process reading it took 0.43 ms
  /// of a 3.5 ms `duo-kb search` (0.15 ms now).
  static func read(_ data: Data) -> Reading {
    guard let json = try? JSONValue(parsing: data), json["format"]?.stringValue == formatName,
      let version = json["version"]?.intValue
    else { return .notAManifest }
    guard version == Int(IndexFile.version) else { return .version(version) }
    guard let manifest = IndexManifest(json) else { return .notAManifest }
    return .manifest(manifest)
  }

  /// The manifest of `read`, or nil for any other reading (for tests and tools).
  static func decode(_ data: Data) -> IndexManifest? {
    if case .manifest(let manifest) = read(data) { manifest } else { nil }
  }

  private init?(_ json: JSONValue) {
    guard let format = json["format"]?.stringValue, let version = json["version"]?.intValue,
      let corpusFingerprint = json["corpusFingerprint"]?.stringValue, let documents = json["documents"]?.intValue,
      let passages = json["passages"]?.intValue, let terms = json["terms"]?.intValue,
      let analyzer = json["analyzer"], let splitsIdentifiers = analyzer["splitsIdentifiers"]?.boolValue,
      let foldsPlurals = analyzer["foldsPlurals"]?.boolValue,
      let joinsCompounds = analyzer["joinsCompounds"]?.boolValue, let segmentValues = json["segments"]?.arrayValue
    else { return nil }
    var segments: [Segment] = []
    for value in segmentValues {
      guard let segment = Segment(value) else { return nil }
      segments.append(segment)
    }
    var skipped: [SkippedDocument]?
    switch json["skipped"] {
    case nil, .null?: skipped = nil
    case .array(let values)?:
      skipped = []
      for value in values {
        guard let id = value["id"]?.stringValue, let reason = value["reason"]?.stringValue else { return nil }
        skipped?.append(SkippedDocument(id: id, reason: reason))
      }
    default: return nil
    }
    self.init(
      format: format, version: version, corpusFingerprint: corpusFingerprint, documents: documents,
      passages: passages, terms: terms,
      analyzer: AnalyzerOptions(
        splitsIdentifiers: splitsIdentifiers, foldsPlurals: foldsPlurals, joinsCompounds: joinsCompounds),
      segments: segments, skipped: skipped)
  }
}

extension IndexManifest.Segment {
  fileprivate init?(_ json: JSONValue) {
    guard let name = json["name"]?.stringValue, let documents = json["documents"]?.intValue,
      let passages = json["passages"]?.intValue, let terms = json["terms"]?.intValue,
      let totalWords = json["totalWords"]?.intValue, let fileValues = json["files"]?.objectValue,
      let deletedValues = json["deleted"]?.arrayValue
    else { return nil }
    var files: [String: IndexManifest.FileEntry] = [:]
    for (file, value) in fileValues {
      guard let bytes = value["bytes"]?.intValue, let checksum = value["crc32"]?.intValue,
        let crc32 = UInt32(exactly: checksum)
      else { return nil }
      files[file] = IndexManifest.FileEntry(bytes: bytes, crc32: crc32)
    }
    var deleted: [Int] = []
    for value in deletedValues {
      guard let document = value.intValue else { return nil }
      deleted.append(document)
    }
    self.init(
      name: name, documents: documents, passages: passages, terms: terms, totalWords: totalWords, files: files,
      deleted: deleted)
  }
}
