import Foundation
import Testing

@testable import SearchIndex

/// `IndexManifest.read`: a manifest as the build writes it (Foundation's encoder) reads
/// back whole, another version is told apart, and anything else is not a manifest.
@Suite struct ManifestReadingTests {
  static let manifest = IndexManifest(
    format: IndexManifest.formatName, version: Int(IndexFile.version),
    corpusFingerprint: "fdb27d94a587ee3a\n.\nhig\n\"quoted\" \u{e9}", documents: 12, passages: 345, terms: 678,
    analyzer: AnalyzerOptions(splitsIdentifiers: true, foldsPlurals: false, joinsCompounds: true),
    segments: [
      IndexManifest.Segment(
        name: "segment-aa", documents: 10, passages: 300, terms: 600, totalWords: 4_000,
        files: [
          "postings.dki": .init(bytes: 1_234, crc32: 4_294_967_295), "store.dki": .init(bytes: 5_678, crc32: 0),
          "terms.dki": .init(bytes: 9, crc32: 17),
        ], deleted: [2, 7]),
      IndexManifest.Segment(
        name: "segment-bb", documents: 4, passages: 45, terms: 78, totalWords: 500,
        files: ["store.dki": .init(bytes: 1, crc32: 2)], deleted: []),
    ],
    skipped: [SkippedDocument(id: "wwdc2024/1", reason: "not JSON")])

  static func encoded(_ manifest: IndexManifest) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(manifest)
  }

  /// The JSON object of `manifest` with `change` made to it.
  static func changed(_ change: (inout [String: Any]) -> Void) throws -> Data {
    var object = try #require(JSONSerialization.jsonObject(with: encoded(manifest)) as? [String: Any])
    change(&object)
    return try JSONSerialization.data(withJSONObject: object)
  }

  @Test func aWrittenManifestReadsBackWhole() throws {
    #expect(IndexManifest.read(try Self.encoded(Self.manifest)) == .manifest(Self.manifest))
    var unskipped = Self.manifest
    unskipped.skipped = nil
    #expect(IndexManifest.read(try Self.encoded(unskipped)) == .manifest(unskipped))
    let nullSkipped = try Self.changed { $0["skipped"] = NSNull() }
    #expect(IndexManifest.read(nullSkipped) == .manifest(unskipped))
  }

  @Test func anotherVersionIsToldApartWithoutReadingTheRest() throws {
    let older = Data(#"{"format":"duo-kb-index","version":12,"files":{}}"#.utf8)
    #expect(IndexManifest.read(older) == .version(12))
  }

  @Test(
    "Anything else is not a manifest",
    arguments: [
      "not JSON", "format", "version as text", "missing terms", "analyzer flag as number", "segments not a list",
      "segment without files", "checksum past 32 bits", "negative checksum", "deletion as text", "skipped as text",
      "skipped without a reason",
    ])
  func anythingElseIsNotAManifest(_ label: String) throws {
    let data: Data
    switch label {
    case "not JSON": data = Data("{\"format\":".utf8)
    case "format": data = try Self.changed { $0["format"] = "other-index" }
    case "version as text": data = try Self.changed { $0["version"] = "13" }
    case "missing terms": data = try Self.changed { $0["terms"] = nil }
    case "analyzer flag as number": data = try Self.changed { $0["analyzer"] = ["splitsIdentifiers": 1] }
    case "segments not a list": data = try Self.changed { $0["segments"] = ["segment-aa": 1] }
    case "segment without files": data = try Self.changed { Self.changeSegment(&$0) { $0["files"] = nil } }
    case "checksum past 32 bits":
      data = try Self.changed {
        Self.changeSegment(&$0) { $0["files"] = ["store.dki": ["bytes": 1, "crc32": 1 << 32]] }
      }
    case "negative checksum":
      data = try Self.changed { Self.changeSegment(&$0) { $0["files"] = ["store.dki": ["bytes": 1, "crc32": -1]] } }
    case "deletion as text": data = try Self.changed { Self.changeSegment(&$0) { $0["deleted"] = ["2"] } }
    case "skipped as text": data = try Self.changed { $0["skipped"] = "none" }
    default: data = try Self.changed { $0["skipped"] = [["id": "x"]] }
    }
    #expect(IndexManifest.read(data) == .notAManifest, "\(label)")
  }

  /// Applies `change` to the first segment of a manifest's JSON object.
  static func changeSegment(_ object: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
    guard var segments = object["segments"] as? [[String: Any]], !segments.isEmpty else { return }
    change(&segments[0])
    object["segments"] = segments
  }
}
