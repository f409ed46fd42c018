import DocumentModel
import DuoKBTestSupport
import Foundation
import Normalize
import Testing

@testable import SearchIndex

/// The reads of a hit (its record, and its entry: text and cue starts) and the headings of ranked
/// candidates go through `pread`, checked chunk by chunk on the bytes they return: they
/// answer what the map holds, and damage reads as absent and is reported.
@Suite struct StoreReadTests {
  /// The design talk (passages over several cues) among generated documents, so that the
  /// store has many chunks.
  static func build() throws -> (documents: [Document], directory: URL, generation: URL) {
    var generator = CorpusGenerator(seed: 5)
    // The fixture talk with its cue starts, as the harvest stores them.
    let documents =
      generator.documents(talks: 3, pages: 3, wordScale: 0.05)
      + [TalkDocument.completingCueStarts(CitationFixtures.designTalk())]
    let (_, directory) = try IndexFixture.build(documents)
    return (documents, directory, try IndexDirectory.currentGeneration(in: directory))
  }

  /// Where each further cue's words begin in passage `id`, read with its entry; none when
  /// out of range or damaged.
  static func cueStarts(_ store: Store, _ id: Int) -> [(utf8Offset: Int, startMilliseconds: Int)] {
    (try? store.verifiedEntry(id))?.cueStarts ?? []
  }

  static func designTalk(_ index: SearchIndex) throws -> Int {
    try #require((0..<index.documentCount).first { index.document($0).id == "tech-talks/900001" })
  }

  /// `read(_:into:)` of `count` bytes at `offset`, as an array; nil when it fails.
  static func readInto(_ chunks: ChunkChecksums, _ offset: Int, _ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { chunks.read(offset, into: $0) }
    return read ? buffer : nil
  }

  @Test func aCheckedReadReturnsTheFileBytesWhereverItFalls() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent("store.dki")
    let bytes = [UInt8](try Data(contentsOf: url))
    let file = try MappedFile(url: url, within: directory, name: "store.dki")
    let layout = try #require(IndexFile.Layout(ByteReader(file.bytes, file: "store.dki")))
    let chunks = ChunkChecksums(file: file, layout: layout, damage: IndexDamage())
    let chunk = layout.chunkBytes
    let covered = layout.coveredBytes
    // (offset, count): inside one chunk, on its edges, across several, the last covered
    // byte, the checksums past the covered part, the whole file, nothing.
    let reads = [
      (0, 1), (5, 20), (chunk - 4, 8), (chunk, chunk), (chunk - 1, 3 * chunk + 2), (covered - 1, 1),
      (covered - 3, 7), (covered, bytes.count - covered), (0, bytes.count), (bytes.count - 1, 1), (17, 0),
    ]
    for (offset, count) in reads {
      #expect(chunks.read(offset, count) == Array(bytes[offset..<(offset + count)]), "\(offset)+\(count)")
    }
    // Again, every chunk now checked: only the bytes asked for are read, the same ones.
    for (offset, count) in reads {
      #expect(chunks.read(offset, count) == Array(bytes[offset..<(offset + count)]), "again \(offset)+\(count)")
    }
    // Outside the file, or negative: nothing, never a crash.
    for (offset, count) in [(-1, 4), (0, -1), (bytes.count, 1), (bytes.count - 2, 3), (Int.max, 1), (1, Int.max)] {
      #expect(chunks.read(offset, count) == nil, "\(offset)+\(count)")
    }
    // Into a buffer: the same bytes, the first time (chunks checked on the way) and again.
    let fresh = ChunkChecksums(file: file, layout: layout, damage: IndexDamage())
    for pass in ["first", "again"] {
      for (offset, count) in reads {
        #expect(
          Self.readInto(fresh, offset, count) == Array(bytes[offset..<(offset + count)]), "\(pass) \(offset)+\(count)")
      }
    }
    for (offset, count) in [(-1, 4), (bytes.count, 1), (bytes.count - 2, 3), (Int.max, 1), (1, bytes.count)] {
      #expect(Self.readInto(fresh, offset, count) == nil, "\(offset)+\(count)")
    }
  }

  @Test func aCheckedReadOfADamagedChunkIsNoneAndReported() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let chunk = IndexFile.chunkBytes
    try ChunkChecksumTests.flip(generation, "store.dki", at: 3 * chunk + 10)
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent("store.dki")
    let bytes = [UInt8](try Data(contentsOf: url))
    let file = try MappedFile(url: url, within: directory, name: "store.dki")
    let layout = try #require(IndexFile.Layout(ByteReader(file.bytes, file: "store.dki")))
    let damage = IndexDamage()
    let chunks = ChunkChecksums(file: file, layout: layout, damage: damage)
    #expect(chunks.read(2 * chunk, chunk) == Array(bytes[(2 * chunk)..<(3 * chunk)]))
    #expect(damage.first == nil)
    #expect(chunks.read(3 * chunk + 100, 4) == nil)
    #expect(damage.first != nil)
    // A read that only spans it fails too, every time; the chunks around it stay readable.
    #expect(chunks.read(3 * chunk - 2, 4) == nil)
    #expect(chunks.read(3 * chunk + 100, 4) == nil)
    #expect(chunks.verify(3 * chunk, 1) == false)
    #expect(chunks.read(4 * chunk, 8) == Array(bytes[(4 * chunk)..<(4 * chunk + 8)]))
    // Into a buffer, likewise: the damaged chunk fails, whether checked by this read or before.
    let fresh = ChunkChecksums(file: file, layout: layout, damage: IndexDamage())
    #expect(Self.readInto(fresh, 3 * chunk + 100, 4) == nil)
    #expect(Self.readInto(fresh, 3 * chunk - 2, 4) == nil)
    #expect(Self.readInto(chunks, 3 * chunk + 100, 4) == nil)
    #expect(Self.readInto(fresh, 2 * chunk, 8) == Array(bytes[(2 * chunk)..<(2 * chunk + 8)]))
  }

  /// In a corpus of documents very unlike in length (one passage, hundreds, one again),
  /// `document(ofPassage:)` finds every passage in the document that holds it, as a walk
  /// over the document table finds it; passages past the last belong to the last document.
  @Test func everyPassageIsFoundInItsDocumentHoweverUnevenTheirLengths() throws {
    let lengths = [1, 1, 700, 1, 3, 1, 1, 250, 2, 1, 1, 1, 1, 90, 1, 400, 1, 1, 5, 1]
    let documents = lengths.enumerated().map { number, length in
      Document(
        id: "hig/uneven-\(number)", kind: .hig, title: "Page \(number)", url: "https://example.com/\(number)",
        passages: (0..<length).map { Passage(kind: .text, text: "word\(number) line \($0).") })
    }
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = index.first.store
    var expected: [Int] = []
    for document in 0..<store.documentCount {
      expected += Array(repeating: document, count: Int(store.documentField(document, 6)))
    }
    #expect(expected.count == lengths.reduce(0, +))
    for passage in expected.indices {
      #expect(store.document(ofPassage: passage) == expected[passage], "passage \(passage)")
      #expect(store.searchDocument(ofPassage: passage) == expected[passage], "search, passage \(passage)")
    }
    for outside in [expected.count, expected.count + 5, Int(UInt32.max) + 1] {
      #expect(store.document(ofPassage: outside) == store.documentCount - 1, "\(outside)")
    }
  }

  /// The records that name a passage's document cannot mislead its lookup: a record that
  /// names another document (checksums right: a hostile or miswritten file), or one that
  /// does not match its checksum, leaves it to the document table, which finds the right
  /// one.
  @Test(arguments: ["another document", "damaged"])
  func aPassageIsFoundInItsDocumentWhateverItsRecordsSay(_ change: String) throws {
    let documents = (0..<6).map { number in
      Document(
        id: "hig/page-\(number)", kind: .hig, title: "Page \(number)", url: "https://example.com/\(number)",
        passages: (0..<(40 + number)).map { Passage(kind: .text, text: "word\(number) line \($0).") })
    }
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let generation = try IndexDirectory.currentGeneration(in: directory)
    let store = index.first.store
    // Past the first chunk (which the open checks, and a flip there would fail it).
    let passage = try #require(index.passageId(doc: 2, passage: 3))
    let elsewhere = try #require(index.passageId(doc: 4, passage: 0))
    let recordOffset = store.passages.fileOffset + passage * Store.passageRecordLength
    #expect(store.document(ofPassage: passage) == 2)
    if change == "damaged" {
      try ChunkChecksumTests.flip(generation, "store.dki", at: recordOffset + 12)
    } else {
      let url = IndexFixture.segmentFolder(generation).appendingPathComponent("store.dki")
      let original = [UInt8](try Data(contentsOf: url))
      let bodyLength = original[16..<24].reduce(0) { $0 << 8 | Int($1) }
      var writer = ByteWriter()
      writer.bytes = Array(original[..<(IndexFile.headerLength + bodyLength)])
      writer.patchU32(at: recordOffset + 12, UInt32(store.record(elsewhere).attribute))
      IndexFile.finish(&writer)
      try Data(writer.bytes).write(to: url)
    }
    let changed = try SearchIndex.open(at: directory, verification: .structure).first.store
    #expect(changed.record(passage).isIntact == (change != "damaged"))
    #expect(changed.document(ofPassage: passage) == 2)
    #expect(changed.document(ofPassage: passage + 1) == 2)
    #expect(changed.document(ofPassage: elsewhere) == 4)
  }

  @Test func cueStartsAreReadAsTheBuildWroteThem() throws {
    let (documents, directory, _) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    var seen = 0
    for doc in 0..<index.documentCount {
      let document = try #require(documents.first { $0.id == index.document(doc).id })
      let expected = PassageCueStarts.of(document)
      for passage in document.passages.indices {
        let id = try #require(index.passageId(doc: doc, passage: passage))
        let read = Self.cueStarts(index.store, id).map {
          PassageCueStarts.Start(utf8Offset: $0.0, startMilliseconds: $0.1)
        }
        #expect(read == expected[passage], "\(document.id) passage \(passage)")
        seen += read.count
      }
    }
    #expect(seen > 0)
    for outside in [-1, index.store.passageCount, Int.max / 2, Int.min] {
      #expect(Self.cueStarts(index.store, outside).isEmpty && !index.store.record(outside).isIntact, "\(outside)")
    }
  }

  /// A record whose text runs past its entry, or whose entry runs past the next one's or
  /// the table, with every checksum right (a hostile or miswritten file): read as
  /// damaged, in bounds, never quoted.
  @Test(arguments: [(20, 1), (0, 7)])
  func aRecordPlacingItsTextOutsideItsEntryReadsAsDamaged(field: Int, excess: Int) throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let talk = try Self.designTalk(index)
    let id = try #require(index.passageId(doc: talk, passage: 1))
    let record = index.store.record(id)
    #expect(record.isIntact && record.entryLength > record.textLength)
    // The text length past the entry's end, or the entry's offset past the next's.
    let value = field == 20 ? record.entryLength + excess : record.entryOffset + record.entryLength + excess
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent("store.dki")
    let original = [UInt8](try Data(contentsOf: url))
    let bodyLength = original[16..<24].reduce(0) { $0 << 8 | Int($1) }
    let covered = IndexFile.headerLength + bodyLength
    var writer = ByteWriter()
    writer.bytes = Array(original[..<covered])
    writer.patchU32(at: index.store.passages.fileOffset + id * Store.passageRecordLength + field, UInt32(value))
    IndexFile.finish(&writer)
    try Data(writer.bytes).write(to: url)
    let hostile = try SearchIndex.open(at: directory, verification: .structure)
    #expect(!hostile.store.record(id).isIntact)
    #expect(throws: IndexFormatError.self) { _ = try hostile.verifiedPassage(doc: talk, passage: 1) }
    #expect(hostile.passage(doc: talk, passage: 1).text.isEmpty)
    #expect(Self.cueStarts(hostile.store, id).isEmpty)
  }

  @Test func damagedCueStartsGiveNoTimeAndFailTheSearch() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let talk = try Self.designTalk(index)
    let id = try #require(index.passageId(doc: talk, passage: 1))
    #expect(try index.search("\"the controls that move\"", limit: 1).hits.first?.matchStartMilliseconds == 13_000)
    // The cue starts follow the passage's text in its entry.
    let record = index.store.record(id)
    #expect(record.isIntact && record.entryLength > record.textLength)
    try ChunkChecksumTests.flip(
      generation, "store.dki", at: index.store.entries.fileOffset + record.entryOffset + record.textLength)
    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    #expect(Self.cueStarts(damaged.store, id).isEmpty)
    // Never a wrong time: the answer is refused.
    #expect {
      _ = try damaged.search("\"the controls that move\"", limit: 1)
    } throws: { error in
      ChunkChecksumTests.isCorrupt(error, in: "store.dki")
    }
  }

  /// The heading of every passage read one by one from the map.
  static func headingsFromTheMap(_ store: Store, _ passages: [UInt32]) -> [UInt32] {
    passages.map { store.passageField(Int($0), 6) }
  }

  @Test func headingsInRunsAreEachPassagesHeading() throws {
    let (_, directory, _) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let store = index.store
    let all = (0..<UInt32(store.passageCount)).map { $0 }
    let headings = store.headings(of: all)
    #expect(headings == Self.headingsFromTheMap(store, all))
    #expect(headings.contains { $0 != StoreWriter.none })
    // Sparse sets: runs with gaps below and above the run gap, lone passages, the ends.
    var random = SplitMix64(seed: 3)
    for stride in [1, 2, 31, 32, 33, 97, 1_000] {
      var passages: [UInt32] = []
      var passage = UInt32(random.next() % 5)
      while passage < store.passageCount {
        passages.append(passage)
        passage += UInt32(1 + random.next() % UInt64(stride))
      }
      passages.append(UInt32(store.passageCount - 1))
      passages = Array(Set(passages)).sorted()
      #expect(store.headings(of: passages) == Self.headingsFromTheMap(store, passages), "stride \(stride)")
    }
    #expect(store.headings(of: []).isEmpty)
    #expect(store.headings(of: [UInt32(store.passageCount)]) == [StoreWriter.none])
    try index.throwIfDamaged()
  }

  @Test func aDamagedRecordLeavesItsRunWithoutHeadingsAndIsReported() throws {
    let (_, directory, generation) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try SearchIndex.open(at: directory, verification: .structure)
    let store = index.store
    let target = store.passageCount / 2
    try ChunkChecksumTests.flip(
      generation, "store.dki", at: store.passages.fileOffset + target * Store.passageRecordLength + 2)
    let damaged = try SearchIndex.open(at: directory, verification: .structure)
    let far = UInt32(min(store.passageCount - 1, target + 1_000))
    let headings = damaged.store.headings(of: [UInt32(target - 1), UInt32(target), far])
    #expect(headings[0] == StoreWriter.none && headings[1] == StoreWriter.none)
    #expect(headings[2] == Self.headingsFromTheMap(store, [far])[0])
    #expect(throws: IndexFormatError.self) { try damaged.throwIfDamaged() }
  }
}
