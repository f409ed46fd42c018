import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// Reads a manifest with the strict pull reader documents are read with
  /// (`JSONByteReader`), not Foundation's decoder: every search opens one, and with that
  /// decoder's first use in the process reading it took 0.43 ms of a 3.5 ms
  /// `duo-kb search` (0.15 ms now). Format and version are read first, the other
  /// members skipped; the fields only from a manifest of this version.
  static func read(_ data: Data) -> Reading {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard let (format, version) = try? head(bytes), format == formatName, let version else { return .notAManifest }
      guard version == Int(IndexFile.version) else { return .version(version) }
      var reader = JSONByteReader(bytes, maximumDepth: maximumDepth)
      guard let manifest = try? IndexManifest(&reader) else { return .notAManifest }
      return .manifest(manifest)
    }
  }

  /// The manifest of `read`, or nil for any other reading (for tests and tools).
  static func decode(_ data: Data) -> IndexManifest? {
    if case .manifest(let manifest) = read(data) { manifest } else { nil }
  }

  /// A manifest nests four levels (object, segments, a segment, its files).
  private static let maximumDepth = 8

  /// The top-level `format` and `version`, every other member skipped (checked as strictly).
  private static func head(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentModelError) -> (String?, Int?) {
    var reader = JSONByteReader(bytes, maximumDepth: maximumDepth)
    var format: String?
    var version: Int?
    var object = try reader.beginObject()
    while let key = try reader.nextKey(&object) {
      switch key {
      case "format": format = try reader.string()
      case "version": version = try reader.integer()
      default: try reader.skipValue()
      }
    }
    try reader.end()
    return (format, version)
  }

  private init(_ reader: inout JSONByteReader) throws {
    var (format, version, fingerprint): (String?, Int?, String?) = (nil, nil, nil)
    var (documents, passages, terms): (Int?, Int?, Int?) = (nil, nil, nil)
    var analyzer: AnalyzerOptions?
    var segments: [Segment]?
    var skipped: [SkippedDocument]?
    var object = try reader.beginObject()
    while let key = try reader.nextKey(&object) {
      switch key {
      case "format": format = try reader.string()
      case "version": version = try reader.integer()
      case "corpusFingerprint": fingerprint = try reader.string()
      case "documents": documents = try reader.integer()
      case "passages": passages = try reader.integer()
      case "terms": terms = try reader.integer()
      case "analyzer": analyzer = try Self.analyzer(&reader)
      case "segments":
        var list: [Segment] = []
        var array = try reader.beginArray()
        while try reader.nextElement(&array) { list.append(try Segment(&reader)) }
        segments = list
      case "skipped":
        if try reader.readNull() {
          skipped = nil
          continue
        }
        var list: [SkippedDocument] = []
        var array = try reader.beginArray()
        while try reader.nextElement(&array) {
          var (id, reason): (String?, String?) = (nil, nil)
          var member = try reader.beginObject()
          while let key = try reader.nextKey(&member) {
            switch key {
            case "id": id = try reader.string()
            case "reason": reason = try reader.string()
            default: try reader.skipValue()
            }
          }
          guard let id, let reason else { throw ManifestFieldMissing() }
          list.append(SkippedDocument(id: id, reason: reason))
        }
        skipped = list
      default: try reader.skipValue()
      }
    }
    try reader.end()
    guard let format, let version, let fingerprint, let documents, let passages, let terms, let analyzer,
      let segments
    else { throw ManifestFieldMissing() }
    self.init(
      format: format, version: version, corpusFingerprint: fingerprint, documents: documents, passages: passages,
      terms: terms, analyzer: analyzer, segments: segments, skipped: skipped)
  }

  private static func analyzer(_ reader: inout JSONByteReader) throws -> AnalyzerOptions {
    var (splits, folds, joins): (Bool?, Bool?, Bool?) = (nil, nil, nil)
    var object = try reader.beginObject()
    while let key = try reader.nextKey(&object) {
      switch key {
      case "splitsIdentifiers": splits = try reader.bool()
      case "foldsPlurals": folds = try reader.bool()
      case "joinsCompounds": joins = try reader.bool()
      default: try reader.skipValue()
      }
    }
    guard let splits, let folds, let joins else { throw ManifestFieldMissing() }
    return AnalyzerOptions(splitsIdentifiers: splits, foldsPlurals: folds, joinsCompounds: joins)
  }
}

extension IndexManifest.Segment {
  fileprivate init(_ reader: inout JSONByteReader) throws {
    var name: String?
    var (documents, passages, terms, totalWords): (Int?, Int?, Int?, Int?) = (nil, nil, nil, nil)
    var files: [String: IndexManifest.FileEntry]?
    var deleted: [Int]?
    var object = try reader.beginObject()
    while let key = try reader.nextKey(&object) {
      switch key {
      case "name": name = try reader.string()
      case "documents": documents = try reader.integer()
      case "passages": passages = try reader.integer()
      case "terms": terms = try reader.integer()
      case "totalWords": totalWords = try reader.integer()
      case "files":
        var entries: [String: IndexManifest.FileEntry] = [:]
        var filesObject = try reader.beginObject()
        while let file = try reader.nextKey(&filesObject) {
          var (bytes, checksum): (Int?, Int?) = (nil, nil)
          var entry = try reader.beginObject()
          while let key = try reader.nextKey(&entry) {
            switch key {
            case "bytes": bytes = try reader.integer()
            case "crc32": checksum = try reader.integer()
            default: try reader.skipValue()
            }
          }
          guard let bytes, let checksum, let crc32 = UInt32(exactly: checksum) else { throw ManifestFieldMissing() }
          entries[file] = IndexManifest.FileEntry(bytes: bytes, crc32: crc32)
        }
        files = entries
      case "deleted":
        var list: [Int] = []
        var array = try reader.beginArray()
        while try reader.nextElement(&array) { list.append(try reader.integer()) }
        deleted = list
      default: try reader.skipValue()
      }
    }
    guard let name, let documents, let passages, let terms, let totalWords, let files, let deleted else {
      throw ManifestFieldMissing()
    }
    self.init(
      name: name, documents: documents, passages: passages, terms: terms, totalWords: totalWords, files: files,
      deleted: deleted)
  }
}

/// A field of a manifest missing, or of a type its reader did not throw for.
private struct ManifestFieldMissing: Error {}
