import Citations
import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import SearchIndex
import Testing

/// The check a refresh runs after an update reads what the update wrote: its new segments
/// whole and their documents against the corpus; older segments were checked when written.
@Suite struct LatestUpdateCheckTests {
  /// A corpus of three documents with an updated index of two segments: the first from the
  /// build, the second holding the changed design talk.
  func updatedCorpus() throws -> TestCorpus {
    let corpus = try TestCorpus()
    _ = try corpus.index()
    try corpus.base.corpus.write(TestCorpus.designTalk(scrolling: "Endless marmalade scrolling"))
    let keeps = MergePolicy(maximumTailShare: 100, maximumDeletedShare: 100, rebuildsPastBaseAverage: false)
    try corpus.base.update(policy: keeps)
    #expect(try SearchIndex.open(at: corpus.base.indexDirectory).segmentCount == 2)
    return corpus
  }

  /// File `name` of segment `ordinal` of the current generation.
  func segmentFile(_ name: String, ordinal: Int, in corpus: TestCorpus) throws -> URL {
    let index = try SearchIndex.open(at: corpus.base.indexDirectory)
    return corpus.base.indexDirectory.appendingPathComponent("segments")
      .appendingPathComponent(index.segmentNames[ordinal]).appendingPathComponent(name)
  }

  func flipByte(at offset: Int, of url: URL) throws {
    var bytes = try Data(contentsOf: url)
    bytes[offset] ^= 0xFF
    try bytes.write(to: url)
  }

  @Test func anUpdateChecksCleanAndNamesOnlyTheNewSegment() throws {
    let corpus = try updatedCorpus()
    let index = try SearchIndex.open(at: corpus.base.indexDirectory)
    #expect(SearchIndex.segmentsNewInCurrentGeneration(of: corpus.base.indexDirectory) == [index.segmentNames[1]])
    let report = try corpus.base.checkLatestUpdate()
    #expect(report.isClean, "\(report.findings)")
    #expect(report.index.files.count == 3, "the new segment's three files, not the first segment's")
    #expect(report.corpusDocuments == 3)
  }

  @Test func damageInTheNewSegmentIsFound() throws {
    let corpus = try updatedCorpus()
    let store = try segmentFile("store.dki", ordinal: 1, in: corpus)
    let size = try Data(contentsOf: store).count
    try flipByte(at: size - 40, of: store)
    let report = try corpus.base.checkLatestUpdate()
    #expect(report.findings.contains { $0.subject == "store.dki" && $0.kind == .damaged })
  }

  @Test func anOlderSegmentIsLeftToTheFullCheck() throws {
    let corpus = try updatedCorpus()
    let store = try segmentFile("store.dki", ordinal: 0, in: corpus)
    let size = try Data(contentsOf: store).count
    try flipByte(at: size - 40, of: store)
    let latest = try corpus.base.checkLatestUpdate()
    #expect(latest.isClean, "written and checked by an earlier build: \(latest.findings)")
    #expect(try corpus.base.check().findings.contains { $0.subject == "store.dki" && $0.kind == .damaged })
  }

  @Test func aDocumentOfTheNewSegmentThatDiffersFromTheCorpusIsFound() throws {
    let corpus = try updatedCorpus()
    let fingerprint = try corpus.base.corpus.fingerprint()
    // Edited in place (not through the store): the fingerprint does not see it, the check does.
    let file = try #require(try corpus.base.corpus.documentFiles().first { $0.id == TestCorpus.designTalk().id })
    let text = try String(contentsOf: file.url, encoding: .utf8)
    try text.replacingOccurrences(of: "marmalade", with: "marmalady").write(
      to: file.url, atomically: false, encoding: .utf8)
    #expect(corpus.base.corpus.matchesFingerprint(fingerprint))
    let findings = try corpus.base.checkLatestUpdate().findings
    #expect(findings.contains { $0.subject == TestCorpus.designTalk().id })
  }

  @Test func withoutAnEarlierGenerationItIsTheFullCheck() throws {
    let corpus = try TestCorpus()
    _ = try corpus.index()
    #expect(SearchIndex.segmentsNewInCurrentGeneration(of: corpus.base.indexDirectory) == nil)
    #expect(try corpus.base.checkLatestUpdate() == corpus.base.check())
  }
}
