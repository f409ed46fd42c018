import Citations
import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex
import Testing

/// A stale index is brought up to date by an update: only the documents whose files
/// changed are read and indexed, as a new segment; the answers are those of a rebuild.
@Suite struct IndexUpdateTests {
  @Test func anUpdateIndexesOnlyWhatChangedAndAnswersAsARebuild() throws {
    let corpus = try TestCorpus()
    let before = try corpus.index()
    #expect(before.segmentCount == 1)
    try corpus.base.corpus.write(TestCorpus.designTalk(scrolling: "Endless marmalade scrolling"))
    try corpus.base.corpus.remove(id: TestCorpus.layoutPage().id)
    #expect(!corpus.base.isIndexCurrent())
    // A corpus of three: the standard policy would fold a tail this large into a rebuild.
    let keeps = MergePolicy(maximumTailShare: 100, maximumDeletedShare: 100, rebuildsPastBaseAverage: false)
    let summary = try corpus.base.update(policy: keeps)
    #expect(summary.documentCount == 2)
    let updated = try SearchIndex.open(at: corpus.base.indexDirectory)
    #expect(updated.segmentCount == 2, "the unchanged talk's segment is kept, the changed one added")
    #expect(corpus.base.isIndexCurrent())
    #expect(try updated.search("marmalade", limit: 5).total == 1)
    #expect(
      Set((0..<updated.documentCount).map { updated.document($0).id })
        == Set(
          [TestCorpus.designTalk().id, TestCorpus.toolbarTalk().id]))
    let rebuilt = try updated.search("scrolling content toolbar", limit: 10)
    try corpus.base.rebuild()
    let fromScratch = try SearchIndex.open(at: corpus.base.indexDirectory)
    #expect(fromScratch.segmentCount == 1)
    let expected = try fromScratch.search("scrolling content toolbar", limit: 10)
    #expect(rebuilt.total == expected.total)
    #expect(
      rebuilt.hits.map { updated.document($0.documentIndex).id + "#\($0.passageIndex)" }
        == expected.hits.map { fromScratch.document($0.documentIndex).id + "#\($0.passageIndex)" })
  }

  @Test func anUnchangedCorpusUpdatesWithoutANewSegment() throws {
    let corpus = try TestCorpus()
    try corpus.base.corpus.write(TestCorpus.toolbarTalk())
    try corpus.base.update()
    let updated = try SearchIndex.open(at: corpus.base.indexDirectory)
    #expect(corpus.base.isIndexCurrent())
    #expect(updated.documentCount == 3)
  }
}
