import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Normalize
import Testing

/// A corpus of documents in the format before cue starts were stored (3) indexes byte for
/// byte as the same talks stored in format 4: the knowledge base finds their cue starts
/// again before the index reads them, so no talk has to be harvested again.
@Suite struct OlderFormatIndexTests {
  /// The sample corpus the repository ships, each talk with its cue starts.
  static func sampleTalks() throws -> [Document] {
    let folder = ConformanceData.repositoryRoot.appendingPathComponent("Corpus/documents")
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
    return try files.map { TalkDocument.completingCueStarts(try DocumentFormat.decode(Data(contentsOf: $0))) }
  }

  /// A home whose corpus holds `files` (document id → file bytes), with its index built.
  static func indexFiles(_ files: [(id: String, bytes: Data)]) throws -> [String: Data] {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-older-format-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let documents = home.appendingPathComponent("Corpus/documents")
    for file in files {
      let url = documents.appendingPathComponent(file.id + ".json")
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try file.bytes.write(to: url)
    }
    let base = KnowledgeBase(home: home)
    try base.rebuild(fingerprint: "same")
    let segment = try IndexFiles.current("store.dki", in: base.indexDirectory).deletingLastPathComponent()
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: segment.path) {
      result[name] = try Data(contentsOf: segment.appendingPathComponent(name))
    }
    return result
  }

  @Test func formatThreeIndexesAsFormatFour() throws {
    let talks = try Self.sampleTalks()
    let marked = talks.flatMap(\.passages).filter { !($0.cueStarts ?? []).isEmpty }.count
    #expect(marked > 0, "the sample corpus has passages of several cues")
    let current = try Self.indexFiles(talks.map { ($0.id, DocumentFormat.encode($0)) })
    let older = try Self.indexFiles(talks.map { ($0.id, DocumentFormat.encode($0, formatVersion: 3)) })
    #expect(current.keys.contains("store.dki"))
    #expect(older == current)
    // Without their cue starts the same talks index otherwise: the test can fail.
    let unmarked = talks.map { talk in
      var talk = talk
      for index in talk.passages.indices where talk.passages[index].cueStarts != nil {
        talk.passages[index].cueStarts = []
      }
      return (talk.id, DocumentFormat.encode(talk))
    }
    #expect(try Self.indexFiles(unmarked)["store.dki"] != current["store.dki"])
  }
}
