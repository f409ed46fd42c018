import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// The open reads headers only; damage elsewhere is found by the first read of its chunk,
/// and reported as damage (never answered from, never a crash).
@Suite struct ChunkChecksumTests {
  /// An index of a few generated documents, so each file has many chunks.
  static func build() throws -> (documents: [Document], directory: URL, generation: URL) {
    var generator = CorpusGenerator(seed: 11)
    let documents = generator.documents(talks: 3, pages: 2, wordScale: 0.05)
    let (_, directory) = try IndexFixture.build(documents)
    return (documents, directory, try IndexDirectory.currentGeneration(in: directory))
  }

  /// Flips one bit of `file` at `offset`, which must lie past the chunk the open checks.
  static func flip(_ generation: URL, _ file: String, at offset: Int) throws {
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent(file)
    var bytes = try Data(contentsOf: url)
    #expect(offset >= IndexFile.chunkBytes && offset < bytes.count - 4)
    bytes[offset] ^= 0x04
    try bytes.write(to: url)
  }

  static func isCorrupt(_ error: any Error, in file: String) -> Bool {
    guard case .index(.corrupt(let name, _)) = error as? SearchError else { return false }
    return name == file
  }

  @Test func aWriteHasOneChecksumPerChunkAndTheSizesAddUp() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in IndexFormatTests.files {
      let bytes = try Data(contentsOf: IndexFixture.segmentFolder(generation).appendingPathComponent(name))
      let file = try MappedFile(
        url: IndexFixture.segmentFolder(generation).appendingPathComponent(name), within: directory, name: name)
      let layout = try #require(IndexFile.Layout(ByteReader(file.bytes, file: name)))
      #expect(layout.chunkBytes == IndexFile.chunkBytes)
      #expect(layout.chunkCount == (layout.coveredBytes + IndexFile.chunkBytes - 1) / IndexFile.chunkBytes)
      #expect(layout.chunkCount > 2, "\(name) has \(bytes.count) bytes")
      #expect(ChunkChecksums(file: file, layout: layout, damage: IndexDamage()).verifyAll() == 0)
    }
  }

  @Test func aDamagedTermIsFoundOnFirstUse() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    // The last term: a word (marked spaces sort first), its text at the end of the file.
    let last = index.dictionary.count - 1
    let word = String(decoding: index.dictionary.term(last), as: UTF8.self)
    #expect(try index.search(word, limit: 5, verbatim: true).total > 0)
    let textOffset = Int(index.dictionary.records.u32(at: last * PostingsWriter.termRecordLength))
    let fileOffset = IndexFile.headerLength + 8 + index.dictionary.records.count + textOffset
    try Self.flip(generation, "terms.dki", at: fileOffset)
    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    #expect(damaged.dictionary.find(Array(word.utf8)) == nil)
    #expect {
      _ = try damaged.search(word, limit: 5, verbatim: true)
    } throws: { error in
      Self.isCorrupt(error, in: "terms.dki")
    }
    // Once found, the index is not answered from, whatever the query.
    #expect(throws: IndexFormatError.self) { try damaged.throwIfDamaged() }
  }

  @Test func theDamagedPostingsOfARareTermAreFoundOnFirstUse() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let last = index.dictionary.count - 1
    let word = String(decoding: index.dictionary.term(last), as: UTF8.self)
    let entry = index.dictionary.entry(last)
    #expect(
      index.dictionary.postingsLength(last, postingsBytes: index.postings.count) <= SearchTuning.copiedPostingsBytes)
    try Self.flip(generation, "postings.dki", at: IndexFile.headerLength + entry.postingsOffset)
    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    #expect {
      _ = try damaged.search(word, limit: 5, verbatim: true)
    } throws: { error in
      Self.isCorrupt(error, in: "postings.dki")
    }
  }

  @Test func aDamagedTitleIsNeverShown() throws {
    let (documents, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let last = documents.count - 1
    #expect(index.document(last).title == documents[last].title)
    let titleId = Int(index.store.documentField(last, 1))
    let start = Int(index.store.stringOffsets.reader.u32(at: titleId * 4))
    try Self.flip(generation, "store.dki", at: index.store.strings.fileOffset + start)
    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    #expect(damaged.document(last).title.isEmpty)
    #expect(throws: IndexFormatError.self) { try damaged.throwIfDamaged() }
    #expect {
      _ = try damaged.search("anything", limit: 5)
    } throws: { error in
      Self.isCorrupt(error, in: "store.dki")
    }
  }

  @Test func aDamagedPassageRecordIsReportedNeverQuoted() throws {
    let (documents, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let doc = documents.count - 1
    let passage = documents[doc].passages.count - 1
    let id = try #require(index.passageId(doc: doc, passage: passage))
    #expect(try index.verifiedPassage(doc: doc, passage: passage).text == documents[doc].passages[passage].text)
    let phrase = "\"" + documents[doc].passages[passage].text.filter { $0 != "\"" } + "\""
    #expect(
      try index.search(phrase, limit: 10_000).hits.contains { $0.documentIndex == doc && $0.passageIndex == passage })
    // Its start time: a damaged one would be a wrong timestamp, so the record is refused.
    try Self.flip(generation, "store.dki", at: index.store.passages.fileOffset + id * Store.passageRecordLength + 7)
    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    // A search reading it as a hit (its own text as a phrase, found above), first of all
    // reads, fails rather than quote it.
    #expect {
      _ = try damaged.search(phrase, limit: 10_000)
    } throws: { error in
      Self.isCorrupt(error, in: "store.dki")
    }
    #expect(throws: IndexFormatError.self) { _ = try damaged.verifiedPassage(doc: doc, passage: passage) }
    #expect(damaged.passage(doc: doc, passage: passage).text.isEmpty)
    #expect(damaged.store.record(id).startMilliseconds == StoreWriter.none)
  }

  @Test("A damaged header is found at open", arguments: [17, 25, 29, IndexFile.headerLength + 2])
  func aDamagedHeaderIsFoundAtOpen(offset: Int) throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in IndexFormatTests.files {
      let url = IndexFixture.segmentFolder(generation).appendingPathComponent(name)
      let original = try Data(contentsOf: url)
      var bytes = original
      bytes[offset] ^= 0x10
      try bytes.write(to: url)
      #expect {
        _ = try SearchIndex.open(at: directory, verification: .structure)
      } throws: { error in
        guard case .corrupt(let file, _) = error as? IndexFormatError else { return false }
        return file == name
      }
      try original.write(to: url)
    }
  }

  /// The stored checksums lie together past the covered bytes and are read on their own
  /// (`pread`, one for each chunk a read checks first): a damaged one makes its chunk
  /// read as damaged, whichever way the chunk is read, from the map or with `pread`.
  @Test func aDamagedStoredChecksumMarksItsChunkDamaged() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    // From the map: the middle term's record, the first a lookup's binary search reads.
    let middle = index.dictionary.count / 2
    let word = Array(index.dictionary.term(middle))
    #expect(index.dictionary.find(word) == middle)
    let terms = index.dictionary.chunks.layout
    let record = IndexFile.headerLength + 8 + middle * PostingsWriter.termRecordLength
    try Self.flip(generation, "terms.dki", at: terms.coveredBytes + record / terms.chunkBytes * 4)
    // With `pread`: a passage record of the middle of the store.
    let passage = index.store.passageCount / 2
    #expect(index.store.record(passage).isIntact)
    let store = index.store.chunks.layout
    let passageOffset = index.store.passages.fileOffset + passage * Store.passageRecordLength
    try Self.flip(generation, "store.dki", at: store.coveredBytes + passageOffset / store.chunkBytes * 4)

    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    #expect(damaged.dictionary.find(word) == nil)
    #expect(!damaged.store.record(passage).isIntact)
    #expect(damaged.store.record(passage == 0 ? 1 : 0).isIntact)
    #expect(throws: IndexFormatError.self) { try damaged.throwIfDamaged() }
    let (report, checked) = IndexCheck.check(indexDirectory: directory)
    #expect(checked == nil)
    #expect(Set(report.findings.map(\.subject)) == ["terms.dki", "store.dki"])
  }

  @Test func theFullCheckFindsADamagedChunkThatNoReadTouched() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent("store.dki")
    let size = try Data(contentsOf: url).count
    try Self.flip(generation, "store.dki", at: size / 2)
    _ = try SearchIndex.open(at: directory, verification: .structure)
    #expect(throws: IndexFormatError.self) { _ = try SearchIndex.open(at: directory, verification: .full) }
    let (report, index) = IndexCheck.check(indexDirectory: directory)
    #expect(index == nil)
    #expect(report.findings.map(\.subject) == ["store.dki"])
    #expect(report.findings.first?.detail.contains("1 of its") == true)
  }
}
