import DocumentModel
import Foundation
import Testing

@testable import SearchIndex

/// `IndexCheck` reads every byte: it finds what the default open does not look at.
@Suite struct IndexCheckTests {
  @Test func aCleanIndexHasNoFindingsAndOpens() throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (report, index) = IndexCheck.check(indexDirectory: directory)
    #expect(report.findings == [])
    #expect(report.files.map(\.name) == ["terms.dki", "postings.dki", "store.dki"])
    #expect(report.files.allSatisfy { $0.isIntact })
    #expect(report.documents == IndexFixture.documents.count)
    #expect(index?.documentCount == IndexFixture.documents.count)
  }

  /// A large postings file is checked only as it is read (`.structure` skips the whole-file
  /// CRC-32 at every size, as `.standard` does above `wholeFileChecksumLimitBytes`).
  @Test("A flipped byte that the open does not look at is found", arguments: ["postings.dki", "store.dki"])
  func flippedByteTheOpenMissesIsFound(file: String) throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = IndexFixture.segmentFolder(try IndexDirectory.currentGeneration(in: directory)).appendingPathComponent(
      file)
    var bytes = try Data(contentsOf: url)
    bytes[bytes.count - 5] ^= 0x01  // the last byte before the trailer
    try bytes.write(to: url)
    _ = try SearchIndex.open(at: directory, verification: .structure)
    let (report, index) = IndexCheck.check(indexDirectory: directory)
    #expect(index == nil)
    #expect(report.findings.map(\.subject) == [file])
    #expect(report.findings.first?.detail.hasPrefix("checksum mismatch") == true)
  }

  @Test func aManifestThatDisagreesWithAFileIsFound() throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifestURL = try IndexDirectory.currentGeneration(in: directory).appendingPathComponent(IndexManifest.fileName)
    var manifest = try #require(IndexManifest.decode(Data(contentsOf: manifestURL)))
    manifest.segments[0].files["store.dki"]?.crc32 ^= 1
    try JSONEncoder().encode(manifest).write(to: manifestURL)
    let (report, _) = IndexCheck.check(indexDirectory: directory)
    #expect(report.findings.map(\.subject) == ["store.dki"])
    #expect(report.findings.first?.detail.hasPrefix("the manifest records checksum") == true)
  }

  @Test func aMissingFileIsUnreadable() throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.removeItem(
      at: IndexFixture.segmentFolder(try IndexDirectory.currentGeneration(in: directory)).appendingPathComponent(
        "terms.dki"))
    let (report, index) = IndexCheck.check(indexDirectory: directory)
    #expect(index == nil)
    #expect(report.findings.map(\.subject) == ["terms.dki"])
    #expect(report.findings.map(\.kind) == [.unreadable])
  }
}
