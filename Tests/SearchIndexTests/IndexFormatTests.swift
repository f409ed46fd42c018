import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

@Suite struct IndexFormatTests {
  static let files = ["terms.dki", "postings.dki", "store.dki"]

  static func generation(_ directory: URL) throws -> URL {
    try IndexDirectory.currentGeneration(in: directory)
  }

  static func number(_ generation: URL) -> Int {
    Int(generation.lastPathComponent.dropFirst(IndexDirectory.generationPrefix.count)) ?? -1
  }

  @Test func roundTripsEveryPassageAndDocument() throws {
    var generator = CorpusGenerator(seed: 5)
    let documents = generator.documents(talks: 3, pages: 2, wordScale: 0.05)
    let (index, directory) = try IndexFixture.build(documents, fingerprint: "sha256:abc")
    defer { try? FileManager.default.removeItem(at: directory) }
    try index.verify()
    #expect(index.corpusFingerprint == "sha256:abc")
    #expect(index.documentCount == documents.count)
    for (number, document) in documents.enumerated() {
      let stored = index.document(number)
      #expect(stored.id == document.id && stored.title == document.title && stored.url == document.url)
      #expect(stored.event == document.event && stored.year == document.year && stored.kind == document.kind)
      for (passageNumber, passage) in document.passages.enumerated() {
        let read = index.passage(doc: number, passage: passageNumber)
        #expect(read.text == passage.text && read.kind == passage.kind)
        #expect(read.startMilliseconds == passage.startMilliseconds && read.endMilliseconds == passage.endMilliseconds)
        #expect(read.anchor == passage.anchor && read.heading == passage.heading && read.speaker == passage.speaker)
      }
    }
  }

  /// `TermDictionary.range(prefix:)` finds both ends by binary search: it must give the
  /// terms a walk of the whole dictionary finds, for prefixes of none, one, many and every
  /// term, at either end of the dictionary and past it.
  @Test func aPrefixRangeHoldsEveryTermStartingWithIt() throws {
    var generator = CorpusGenerator(seed: 17)
    let (index, directory) = try IndexFixture.build(
      generator.documents(talks: 2, pages: 2, wordScale: 0.05), fingerprint: "range")
    defer { try? FileManager.default.removeItem(at: directory) }
    let dictionary = try #require(index.segments.first).dictionary
    let terms = (0..<dictionary.count).map { Array(dictionary.term($0)) }
    var prefixes: [[UInt8]] = [[], [0x00], [0xFF], [0xFF, 0xFF], Array("zzzzzz".utf8), Array("a".utf8)]
    prefixes += [terms[0], terms[terms.count - 1], terms[terms.count - 1] + [0x00], terms[terms.count / 2] + [0xFF]]
    for term in terms where term.count > 1 { prefixes += [Array(term.prefix(1)), Array(term.prefix(2))] }
    for prefix in Set(prefixes) {
      let walked = terms.indices.filter { terms[$0].starts(with: prefix) }
      let range = dictionary.range(prefix: prefix)
      #expect(Array(range) == walked, "\(prefix)")
      #expect(range.lowerBound == dictionary.lowerBound(prefix))
    }
  }

  @Test("A flipped byte is found", arguments: files)
  func flippedByteIsCorrupt(file: String) throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = IndexFixture.segmentFolder(try Self.generation(directory)).appendingPathComponent(file)
    var bytes = try Data(contentsOf: url)
    bytes[bytes.count / 2] ^= 0x20
    try bytes.write(to: url)
    #expect {
      _ = try SearchIndex.open(at: directory, verification: .full)
    } throws: { error in
      guard case .corrupt(let name, _) = error as? IndexFormatError else { return false }
      return name == file
    }
  }

  @Test("A truncated file is found", arguments: files)
  func truncatedIsCorrupt(file: String) throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let generation = try Self.generation(directory)
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent(file)
    let bytes = try Data(contentsOf: url)
    for length in [0, 10, bytes.count / 2, bytes.count - 1] {
      try bytes.prefix(length).write(to: url)
      #expect(throws: IndexFormatError.self) { _ = try SearchIndex.open(at: directory) }
      // Even without the manifest's sizes, the file's own structure gives it away.
      #expect(throws: IndexFormatError.self) {
        _ = try SearchIndex(generation: generation, verification: .full)
      }
    }
  }

  @Test func damagedStructureNeverCrashes() throws {
    // Flip every 97th byte of the postings one at a time; searches must not crash.
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = IndexFixture.segmentFolder(try Self.generation(directory)).appendingPathComponent("postings.dki")
    let original = try Data(contentsOf: url)
    // The open finds damage in the header's chunk, a search in a chunk it reads whole (the
    // postings of a rare term): both as damage, never a crash.
    var opened = 0
    for offset in stride(from: IndexFile.headerLength, to: original.count - 4, by: 97) {
      var bytes = original
      bytes[offset] ^= 0xFF
      try bytes.write(to: url)
      let index: SearchIndex
      do {
        index = try SearchIndex.open(at: directory, verification: .structure)
      } catch {
        guard case .corrupt("postings.dki", _) = error else { throw error }
        continue
      }
      opened += 1
      for query in ["toolbar", "\"toolbar vertical behavior\"", "cat OR cafe", "toolb*", "the -cat"] {
        do {
          _ = try index.search(query, limit: 5)
        } catch {
          guard case .index(.corrupt("postings.dki", _)) = error else { throw error }
        }
      }
    }
    #expect(opened > 0)
  }

  @Test func wrongVersionIsUnsupported() throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let generation = try Self.generation(directory)
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent("terms.dki")
    var bytes = try Data(contentsOf: url)
    bytes[15] = UInt8(IndexFile.version + 1)
    try bytes.write(to: url)
    #expect(
      throws: IndexFormatError.unsupportedVersion(
        file: "terms.dki", found: IndexFile.version + 1, supported: IndexFile.version)
    ) {
      _ = try SearchIndex.open(at: directory)
    }
    let manifestURL = generation.appendingPathComponent("manifest.json")
    let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
    try manifest.replacingOccurrences(
      of: "\"version\" : \(IndexFile.version)", with: "\"version\" : \(IndexFile.version + 1)"
    )
    .write(to: manifestURL, atomically: true, encoding: .utf8)
    #expect(
      throws: IndexFormatError.unsupportedVersion(
        file: "manifest.json", found: IndexFile.version + 1, supported: IndexFile.version)
    ) {
      _ = try SearchIndex.open(at: directory)
    }
  }

  @Test func emptyAndOddCorporaBuild() throws {
    let (empty, emptyDirectory) = try IndexFixture.build([])
    defer { try? FileManager.default.removeItem(at: emptyDirectory) }
    #expect(try empty.search("anything", limit: 10).total == 0)
    #expect(empty.document(0).id.isEmpty)
    let odd = [
      Document(id: "x", kind: .hig, title: "", url: "", passages: []),
      Document(
        id: "y", kind: .talk, title: "—", url: "",
        passages: [
          Passage(kind: .speech, text: ""), Passage(kind: .speech, text: "…  ·  "),
          Passage(kind: .speech, text: String(repeating: "a-", count: 400) + "end"),
        ]),
    ]
    let (index, directory) = try IndexFixture.build(odd)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try index.search("end", limit: 10).total == 1)
    #expect(index.passage(doc: 1, passage: 0).text.isEmpty)
    #expect(index.passage(doc: 1, passage: 1).text == "…  ·  ")
  }

  @Test func missingIndexIsUnreadable() {
    #expect(throws: IndexFormatError.self) {
      _ = try SearchIndex.open(at: IndexFixture.temporaryDirectory())
    }
  }

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The directory of the frozen version-14 index, written once by this build from
  /// `IndexFixture.documents` (`DUOKB_RECORD_FIXTURE=1` rewrites it: only with a new version).
  static let frozenDirectory = fixtures.appendingPathComponent("index-v14")

  /// Version 4 kept one set of files per generation; version 5 had no description space,
  /// so it would answer but rank without descriptions; version 6 kept word counts in two
  /// bytes; version 7 kept cue starts in tables of their own, apart from the texts; version
  /// 8 had no part phrases, so it would answer but walk identifiers' parts; version 9 had
  /// no stored prefixes, so it would answer but merge every prefix's terms; version 10 kept
  /// each block's positions after it, so a block's positions would be read in the wrong
  /// place, version 11 had no group table before a block's positions, so they would be
  /// read from the wrong byte, and version 12 kept no word counts in its blocks, so a
  /// passage's length would be read from the next block's ids; version 13 folded terms with
  /// the platform's Foundation, whose folding differs between platforms and releases, so a
  /// word folded otherwise would be missed: all are refused, and rebuilt.
  @Test("Versions 4 to 13 are refused, never misread", arguments: [4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
  func theVersion4To13IndexesAreRefusedNeverMisread(version: UInt32) {
    #expect(
      throws: IndexFormatError.unsupportedVersion(file: "manifest.json", found: version, supported: IndexFile.version)
    ) {
      _ = try SearchIndex.open(at: Self.fixtures.appendingPathComponent("index-v\(version)"), verification: .full)
    }
  }

  /// The fixture's documents, the first with a description (the space version 6 added)
  /// and a word in more passages than a group of postings (its block has a group table:
  /// version 12), the last with a passage too long for a byte's word count (version 7,
  /// and its blocks' byte sends a reader to the long counts: version 13) and one of many
  /// words sharing a prefix (stored: version 10).
  static var frozenDocuments: [Document] {
    var documents = IndexFixture.documents
    documents[0].summary = "Keeping toolbars steady while a window resizes."
    documents[0].passages += (0..<Self.foxPassages).map { number in
      let foxes = Array(repeating: "fox", count: number % 4 + 1).joined(separator: " ")
      return Passage(kind: .text, text: "Round \(number): \(foxes) runs past the quickFox.")
    }
    documents[documents.count - 1].passages.append(
      Passage(kind: .text, text: Array(repeating: "long", count: 300).joined(separator: " ")))
    documents[documents.count - 1].passages.append(
      Passage(kind: .text, text: "Tinder, tinsel, tint, tiny tins tinker with tinned tines and tinfoil."))
    return documents
  }

  /// Passages of `fox` in the fixture: more than two groups of postings.
  static let foxPassages = 2 * PostingsWriter.positionGroup + 5

  @Test func reopensTheFrozenVersion14Index() throws {
    if ProcessInfo.processInfo.environment["DUOKB_RECORD_FIXTURE"] == "1" {
      try? FileManager.default.removeItem(at: Self.frozenDirectory)
      _ = try IndexBuilder().build(
        documents: Self.frozenDocuments, corpusFingerprint: "frozen-v14", into: Self.frozenDirectory)
    }
    let index = try SearchIndex.open(at: Self.frozenDirectory, verification: .full)
    #expect(index.corpusFingerprint == "frozen-v14")
    #expect(try index.verifiedPassage(doc: 0, passage: 1).text == IndexFixture.documents[0].passages[1].text)
    let results = try index.search("\"toolbar vertical behavior\"", limit: 10)
    #expect(Set(results.hits.map { "\($0.documentIndex).\($0.passageIndex)" }) == ["0.1", "1.0", "1.2"])
    // The identifier's phrase of parts, stored (the space version 9 added), and read.
    let phraseKey = try #require(PartPhrases.key(["toolbar", "vertical", "behavior"].map { Array($0.utf8) }))
    #expect(index.segments.first?.dictionary.find(phraseKey) != nil)
    #expect(try index.search("toolbarVerticalBehavior", limit: 10).total == 3)
    // The description's words, under their own space, list the document.
    let segment = try #require(index.segments.first)
    let term = try #require(segment.dictionary.find([TermSpace.descriptionMarker] + Array("steady".utf8)))
    var documents: [UInt32] = []
    segment.forEachFieldId(term, limit: segment.store.documentCount) { documents.append($0) }
    #expect(documents == [0])
    // A passage too long for a byte keeps its exact count, in the long counts.
    #expect(segment.store.wordCounts.longCount == 1)
    #expect(segment.store.wordCount(segment.store.passageCount - 2) == 300)
    // The prefix's merged list, stored (the space version 10 added), and read.
    #expect(segment.dictionary.find([TermSpace.storedPrefixMarker] + Array("tin".utf8)) != nil)
    let tin = try index.search("tin*", limit: 10)
    #expect(tin.total == 1)
    #expect(tin.hits.first?.matchedRanges.count == 9)
    #expect(segment.store.wordCount(0) == IndexFixture.documents[0].passages[0].text.split(separator: " ").count)
    // The positions of postings past the first group, read from the block's group table:
    // `fox runs` ends each run of foxes, after one to four of them.
    let foxes = try index.search("\"fox runs\"", limit: Self.foxPassages)
    #expect(foxes.total == Self.foxPassages)
    for hit in foxes.hits {
      let text = try index.verifiedPassage(doc: hit.documentIndex, passage: hit.passageIndex).text
      let run = try #require(text.range(of: "fox runs"))
      let start = text.utf8.distance(from: text.startIndex, to: run.lowerBound)
      #expect(hit.matchedRanges == [start..<(start + 3), (start + 4)..<(start + 8)], "\(text)")
    }
    // And words sharing the slots of an identifier (spans) after them.
    #expect(try index.search("\"past the quick fox\"", limit: 1).total == Self.foxPassages)
    // A passage term in at most an eighth of the passages keeps each posting's word count
    // byte in its blocks (version 13): 255 for the long passage, the store's elsewhere.
    let long = try #require(segment.dictionary.find(Array("long".utf8)))
    let cursor = PostingCursor(
      postings: segment.postings, entry: segment.dictionary.entry(long), idLimit: segment.passageCount)
    #expect(cursor.keepsWordCounts)
    #expect(Int(cursor.current) == segment.store.passageCount - 2)
    #expect(cursor.wordCountByte == WordCounts.longMarker)
    #expect(cursor.wordCount(in: segment.store) == 300)
    var keeping = 0
    var notKeeping = 0
    for term in 0..<segment.dictionary.count where !TermSpace.isFieldTerm(segment.dictionary.term(term)) {
      let entry = segment.dictionary.entry(term)
      #expect(
        entry.keepsWordCounts
          == TermFlags.keepsWordCounts(documentFrequency: entry.documentFrequency, passageCount: segment.passageCount))
      let walk = PostingCursor(postings: segment.postings, entry: entry, idLimit: segment.passageCount)
      while walk.current != PostingCursor.exhausted {
        let passage = Int(walk.current)
        #expect(walk.wordCount(in: segment.store) == segment.store.wordCount(passage))
        if walk.keepsWordCounts { #expect(walk.wordCountByte == segment.store.wordCounts.short.u8(at: passage)) }
        walk.next()
      }
      if entry.keepsWordCounts { keeping += 1 } else { notKeeping += 1 }
    }
    // `fox`, in 37 of the fixture's passages, keeps none.
    #expect(keeping > 0 && notKeeping > 0)
    let fox = try #require(segment.dictionary.find(Array("fox".utf8)))
    #expect(!segment.dictionary.entry(fox).keepsWordCounts)
  }

  /// Version 1 had no passage checksums, version 2 indexed a CJK run as one word, version 3
  /// had no chunk checksums (its open read the dictionary whole): all are refused, and the
  /// caller rebuilds.
  @Test("Older frozen indexes are unsupported", arguments: [1, 2, 3])
  func olderFrozenIndexesAreUnsupported(version: UInt32) {
    #expect(
      throws: IndexFormatError.unsupportedVersion(file: "manifest.json", found: version, supported: IndexFile.version)
    ) {
      _ = try SearchIndex.open(at: Self.fixtures.appendingPathComponent("index-v\(version)"))
    }
  }

  @Test func aDamagedPassageTextIsReportedNeverQuoted() throws {
    let (_, directory) = try IndexFixture.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = IndexFixture.segmentFolder(try Self.generation(directory)).appendingPathComponent("store.dki")
    var bytes = try Data(contentsOf: url)
    // The last text: past the first chunk, which the open checks.
    let text = IndexFixture.documents[2].passages[0].text
    let at = try #require(bytes.range(of: Data(text.utf8))).lowerBound + 2
    bytes[at] ^= 0x01
    try bytes.write(to: url)
    // The whole-file checksum finds it at a standard open of a small index ...
    #expect(throws: IndexFormatError.self) { _ = try SearchIndex.open(at: directory) }
    // ... and past it, the passage's own checksum does.
    let index = try SearchIndex.open(at: directory, verification: .structure)
    #expect(throws: IndexFormatError.self) { _ = try index.verifiedPassage(doc: 2, passage: 0) }
    #expect(index.passage(doc: 2, passage: 0).text.isEmpty)
    #expect(try index.verifiedPassage(doc: 0, passage: 0).text == IndexFixture.documents[0].passages[0].text)
    let word = String(text.split(separator: " ")[0])
    #expect {
      _ = try index.search("\"\(word)\"", limit: 100)
    } throws: { error in
      guard case .index(.corrupt(let file, _)) = error as? SearchError else { return false }
      return file == "store.dki"
    }
    #expect(throws: IndexFormatError.self) { _ = try index.verifiedPassage(doc: 0, passage: 999) }
    #expect(throws: IndexFormatError.self) { _ = try index.verifiedPassage(doc: -1, passage: 0) }
  }

  @Test func rebuildSwapsAtomically() throws {
    let directory = IndexFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // An unrelated file in the directory stays.
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: directory.appendingPathComponent("FORMAT.md"))
    let builder = IndexBuilder()
    _ = try builder.build(documents: IndexFixture.documents, corpusFingerprint: "one", into: directory)
    let old = try SearchIndex.open(at: directory)
    let second = try builder.build(
      documents: Array(IndexFixture.documents.prefix(1)), corpusFingerprint: "two", into: directory)
    _ = try builder.build(documents: IndexFixture.documents, corpusFingerprint: "three", into: directory)
    // The reader opened before keeps answering from its generation.
    #expect(old.corpusFingerprint == "one")
    #expect(try old.search("cat", limit: 10).total == 2)
    let new = try SearchIndex.open(at: directory)
    #expect(new.corpusFingerprint == "three")
    // Only the newest two generations remain; no staging directories are left.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == [".publish.lock", "CURRENT", "FORMAT.md", "generation-2", "generation-3", "segments"])
    #expect(second.generation.lastPathComponent == "generation-2")
  }

  @Test func aBuildSweepsWhatAKilledBuildLeftButNotARunningOne() throws {
    let directory = IndexFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fileManager = FileManager.default
    let root = directory.deletingLastPathComponent()
    // Builds killed a moment ago (their owner files unlocked; age does not matter), one of
    // an older version (no owner file), and a lone owner file.
    let killed = [".build-killed-1", ".build-killed-2", ".build-older"].map(directory.appendingPathComponent)
    for folder in killed {
      try fileManager.createDirectory(at: folder.appendingPathComponent("segment-x"), withIntermediateDirectories: true)
      try Data("partial".utf8).write(to: folder.appendingPathComponent("segment-x/terms.dki"))
    }
    for name in [".build-killed-1.owner", ".build-killed-2.owner", ".build-lone.owner"] {
      try Data().write(to: directory.appendingPathComponent(name))
    }
    // A build in progress: it holds its owner file's lock.
    let running = try BuildStaging.begin(in: directory, within: root)
    defer { running.end() }
    let pointer = directory.appendingPathComponent("CURRENT.tmp-abandoned")
    try Data("generation-9\n".utf8).write(to: pointer)
    try fileManager.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: pointer.path)
    _ = try IndexBuilder().build(documents: IndexFixture.documents, corpusFingerprint: "one", into: directory)
    let names = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
    let runningName = running.url.lastPathComponent
    #expect(
      names == [runningName, runningName + ".owner", ".publish.lock", "CURRENT", "generation-1", "segments"].sorted())
    running.end()
    try? fileManager.removeItem(at: running.url)
    // Nothing of a finished build stays behind.
    _ = try IndexBuilder().build(documents: IndexFixture.documents, corpusFingerprint: "two", into: directory)
    let after = try fileManager.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".build-") }
    #expect(after.isEmpty)
  }

  @Test func concurrentReadersSeeOldOrNew() async throws {
    let directory = IndexFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let small = Array(IndexFixture.documents.prefix(1))
    _ = try IndexBuilder().build(documents: small, corpusFingerprint: "small", into: directory)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for round in 0..<15 {
          let documents = round % 2 == 0 ? IndexFixture.documents : small
          _ = try IndexBuilder().build(
            documents: documents, corpusFingerprint: round % 2 == 0 ? "full" : "small", into: directory)
        }
      }
      group.addTask {
        for _ in 0..<150 {
          // A reader may lose a race with the pruning of a generation two builds old
          // (then `unreadable`): it retries; it never sees a mixture.
          guard let index = try? SearchIndex.open(at: directory) else { continue }
          let total = try index.search("toolbar", limit: 10).total
          #expect(index.corpusFingerprint == "full" ? total == 5 : total == 2)
        }
      }
      try await group.waitForAll()
    }
  }

  /// Two builders publishing at once (a refresh and a server rebuilding a stale index) swap
  /// one after the other: the index ends with the newest generation current and the one
  /// before it kept, every generation complete, nothing of either build left behind.
  @Test func concurrentBuildersPublishOneAfterTheOther() async throws {
    let directory = IndexFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IndexBuilder().build(documents: IndexFixture.documents, corpusFingerprint: "start", into: directory)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for builder in 0..<2 {
        group.addTask {
          for round in 0..<8 {
            _ = try IndexBuilder().build(
              documents: IndexFixture.documents, corpusFingerprint: "\(builder)-\(round)", into: directory)
          }
        }
      }
      group.addTask {
        for _ in 0..<400 {
          // A generation just made current is never removed by the next publish (it keeps
          // the one it replaces): a reader loses its generation only after two more.
          let generation = try IndexDirectory.currentGeneration(in: directory)
          do {
            let index = try SearchIndex(generation: generation, verification: .full)
            #expect(try index.search("toolbar", limit: 10).total == 5)
          } catch {
            let now = try IndexDirectory.currentGeneration(in: directory)
            #expect(
              Self.number(now) >= Self.number(generation) + 2,
              "\(generation.lastPathComponent) was removed while \(now.lastPathComponent) is current")
          }
        }
      }
      try await group.waitForAll()
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == [".publish.lock", "CURRENT", "generation-16", "generation-17", "segments"])
    #expect(try IndexDirectory.currentGeneration(in: directory).lastPathComponent == "generation-17")
  }
}
