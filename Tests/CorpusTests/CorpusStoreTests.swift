import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import Corpus

@Suite struct CorpusStoreTests {
  func scratch() throws -> URL {
    let url = ScratchFolder.unusedPath("corpus-store")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func sampleDocument(id: String = "tech-talks/111466") -> Document {
    Document(
      id: id, kind: .talk, title: "Design for iPhone Duo",
      url: "https://developer.apple.com/videos/play/\(id)/", event: "tech-talks", year: 2026,
      passages: [
        Passage(
          kind: .speech, text: "Avoid fixed widths.", startMilliseconds: 230_000,
          endMilliseconds: 232_500, speaker: "Vince", firstCue: 0, lastCue: 0)
      ],
      cues: [
        StoredCue(
          startMilliseconds: 230_000, endMilliseconds: 232_500, raw: "<v Vince>Avoid fixed widths.",
          text: "Avoid fixed widths.", voice: "Vince")
      ])
  }

  /// The head read without the text is the head of the whole document, whatever its text
  /// holds (quotes, brackets and braces in cues are skipped as strings).
  @Test func readsTheHeadOfADocumentWithoutItsText() throws {
    let store = CorpusStore(directory: try scratch())
    var document = sampleDocument()
    document.cues[0].raw = "<v Vince>\"fetch\": {\"etag\": \"x\"} ] } [ \\"
    document.fetch = FetchMetadata(
      sourceURL: document.url, etag: "\"v2\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT",
      fetchedAt: "2026-09-16T00:00:00Z")
    document.isRemovedUpstream = true
    try store.write(document)
    #expect(try store.readHead(id: document.id) == DocumentHead(document))
    #expect(try store.readHead(id: "tech-talks/1") == nil)
    let file = try store.fileURL(forDocument: document.id)
    try Data(#"{"id": "tech-talks/111466", "cues": [}"#.utf8).write(to: file)
    #expect(throws: CorpusError.self) { try store.readHead(id: document.id) }
  }

  @Test func writesAndReadsBackADocument() throws {
    let store = CorpusStore(directory: try scratch())
    let document = sampleDocument()
    try store.write(document)
    #expect(try store.read(id: document.id) == document)
    #expect(try store.readAll() == [document])
    let file = try store.fileURL(forDocument: document.id)
    #expect(file.path.hasSuffix("documents/tech-talks/111466.json"))
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("\n  \"id\" : \"tech-talks/111466\""), "one key a line, diff-friendly")
  }

  @Test func rewriteLeavesNoTemporaryFiles() throws {
    let store = CorpusStore(directory: try scratch())
    var document = sampleDocument()
    try store.write(document)
    document.title = "Changed"
    try store.write(document)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: store.documentsDirectory.appendingPathComponent("tech-talks").path)
    #expect(names == ["111466.json"])
    #expect(try store.read(id: document.id)?.title == "Changed")
  }

  @Test(
    "Refuses ids that are not safe file names",
    arguments: [
      "../../etc", "a/../b", "", "/abs", "a//b", ".hidden", "a/", "UPPER", "spa ce", "a\u{0}b",
      "caf\u{e9}", String(repeating: "a", count: 201), "a\\b",
    ])
  func refusesUnsafeIDs(id: String) throws {
    let store = CorpusStore(directory: try scratch())
    #expect(throws: CorpusError.invalidDocumentID(id)) { try store.write(sampleDocument(id: id)) }
    #expect(throws: CorpusError.invalidDocumentID(id)) { try store.read(id: id) }
  }

  @Test func fingerprintChangesWithEveryWriteAndRemovalAndOnlyThen() throws {
    let store = CorpusStore(directory: try scratch())
    var seen = [try store.fingerprint()]
    var document = sampleDocument()
    try store.write(document)
    seen.append(try store.fingerprint())
    #expect(try store.fingerprint() == seen.last, "stable while nothing changes")
    document.title = "Rewritten at once"
    try store.write(document)  // within the same tick of the file system's clock
    seen.append(try store.fingerprint())
    try store.write(sampleDocument(id: "wwdc2024/10173"))
    seen.append(try store.fingerprint())
    try store.remove(id: "wwdc2024/10173")
    seen.append(try store.fingerprint())
    #expect(Set(seen).count == seen.count, "\(seen)")
  }

  @Test func malformedDocumentIsReportedWithItsPath() throws {
    let store = CorpusStore(directory: try scratch())
    let file = try store.fileURL(forDocument: "wwdc2024/1")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"id\": 3".utf8).write(to: file)
    do {
      _ = try store.readAll()
      Issue.record("expected an error")
    } catch {
      guard case .malformed(let path, _) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(path == file.path)
    }
  }

  @Test func readableDocumentsAreReadAndTheOthersNamedWithWhy() throws {
    let base = try scratch()
    let store = CorpusStore(directory: base.appendingPathComponent("Corpus"))
    try store.write(sampleDocument(id: "wwdc2024/1"))
    let damaged = try store.fileURL(forDocument: "wwdc2024/2")
    try Data("{".utf8).write(to: damaged)
    let outside = base.appendingPathComponent("outside.json")
    try Data(try JSONEncoder().encode(sampleDocument(id: "wwdc2024/3"))).write(to: outside)
    let linked = try store.fileURL(forDocument: "wwdc2024/3")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outside)
    try FileManager.default.createSymbolicLink(
      at: store.documentsDirectory.appendingPathComponent("elsewhere"), withDestinationURL: base)

    let (documents, unreadable) = try store.readReadable()
    #expect(documents.map(\.id) == ["wwdc2024/1"])
    #expect(unreadable.map(\.id) == ["elsewhere", "wwdc2024/2", "wwdc2024/3"])
    #expect(
      unreadable[0].error == .symbolicLink(path: store.documentsDirectory.appendingPathComponent("elsewhere").path))
    guard case .malformed(let path, _) = unreadable[1].error else {
      Issue.record("wrong error \(unreadable[1].error)")
      return
    }
    #expect(path == damaged.path)
    #expect(unreadable[2].error == .symbolicLink(path: linked.path))
    #expect(throws: CorpusError.symbolicLink(path: linked.path)) { try store.read(id: "wwdc2024/3") }
  }

  @Test func missingDocumentIsNil() throws {
    let store = CorpusStore(directory: try scratch())
    #expect(try store.read(id: "wwdc2024/1") == nil)
    #expect(try store.readAll().isEmpty)
  }
}

@Suite struct SourceListTests {
  @Test func missingFileIsAnEmptyList() throws {
    let scratch = try ScratchFolder("source-list")
    let url = scratch.appending("sources.json")
    #expect(try SourceList.load(from: url) == SourceList())
  }

  @Test func roundTripsAndRefusesDuplicates() throws {
    let scratch = try ScratchFolder("source-list")
    let url = scratch.appending("sources.json")
    var list = SourceList(language: "en")
    try list.add(SourceEntry(kind: .talk, url: "https://developer.apple.com/videos/play/wwdc2024/10173/"))
    #expect(throws: CorpusError.self) {
      try list.add(SourceEntry(kind: .talk, url: "https://developer.apple.com/videos/play/wwdc2024/10173#t"))
    }
    try list.save(to: url)
    #expect(try SourceList.load(from: url) == list)
  }

  @Test func otherVersionIsRefused() throws {
    let scratch = try ScratchFolder("source-list")
    let url = scratch.appending("sources.json")
    try Data(#"{"version": 9, "sources": []}"#.utf8).write(to: url)
    #expect(throws: CorpusError.unsupportedSourcesVersion(path: url.path, found: 9, supported: 1)) {
      try SourceList.load(from: url)
    }
  }

  @Test(
    "Malformed sources files are errors, not empty lists",
    arguments: [
      "", "[]", "{\"version\": 1}", "<html>",
      "{\"version\": 1, \"sources\": [{\"kind\": \"podcast\", \"url\": \"x\"}]}",
    ])
  func malformedIsAnError(text: String) throws {
    let scratch = try ScratchFolder("source-list")
    let url = scratch.appending("sources.json")
    try Data(text.utf8).write(to: url)
    #expect(throws: CorpusError.self) { try SourceList.load(from: url) }
  }
}

@Suite struct AtomicFileTests {
  @Test func failsClearlyWhereItCannotWrite() {
    let url = URL(fileURLWithPath: "/proc/duo-kb-cannot-write/file.json")
    #expect(throws: CorpusError.self) { try AtomicFile.write(Data("x".utf8), to: url) }
  }
}
