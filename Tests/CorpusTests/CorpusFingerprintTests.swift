import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import Corpus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `matchesFingerprint` reads the change stamp and the listed folders' times only; these
/// are the changes it must still see.
@Suite struct CorpusFingerprintTests {
  static func store() throws -> CorpusStore {
    let url = ScratchFolder.unusedPath("corpus-fingerprint")
    let store = CorpusStore(directory: url.appendingPathComponent("Corpus"))
    for id in ["wwdc2024/10001", "wwdc2024/10002", "hig/components/buttons"] {
      try store.write(Document(id: id, kind: .talk, title: id, url: "", passages: []))
    }
    return store
  }

  /// Sets every folder's time an hour back, so that a change made now moves it whatever the
  /// resolution of the file system's clock.
  static func ageFolders(_ store: CorpusStore) throws {
    let hourAgo = Date().addingTimeInterval(-3600)
    let fileManager = FileManager.default
    var folders = [store.documentsDirectory]
    while let folder = folders.popLast() {
      try fileManager.setAttributes([.modificationDate: hourAgo], ofItemAtPath: folder.path)
      for child in try fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      where (try? child.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
        folders.append(child)
      }
    }
  }

  /// Each change, made after an aged fingerprint was taken, must be seen.
  static let changes: [(String, @Sendable (CorpusStore) throws -> Void)] = [
    (
      "a write through the store",
      { try $0.write(Document(id: "wwdc2024/10001", kind: .talk, title: "New", url: "", passages: [])) }
    ),
    ("a removal through the store", { try $0.remove(id: "wwdc2024/10002") }),
    (
      "a file added by hand, three folders down",
      { try Data("{}".utf8).write(to: $0.documentsDirectory.appendingPathComponent("hig/components/menus.json")) }
    ),
    (
      "a file removed by hand",
      { try FileManager.default.removeItem(at: $0.documentsDirectory.appendingPathComponent("wwdc2024/10001.json")) }
    ),
    (
      "a folder added by hand",
      {
        let folder = $0.documentsDirectory.appendingPathComponent("wwdc2025")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
    ),
    (
      "a file saved by an editor (written beside it, renamed over it)",
      {
        let file = $0.documentsDirectory.appendingPathComponent("wwdc2024/10002.json")
        let temporary = $0.documentsDirectory.appendingPathComponent("wwdc2024/.10002.json.swp")
        try Data("{}".utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
      }
    ),
  ]

  @Test("A change is seen without listing the corpus", arguments: changes.indices)
  func aChangeIsSeen(change: Int) throws {
    let store = try Self.store()
    defer { try? FileManager.default.removeItem(at: store.home) }
    try Self.ageFolders(store)
    let recorded = try store.fingerprint()
    #expect(store.matchesFingerprint(recorded), "unchanged")
    try Self.changes[change].1(store)
    #expect(!store.matchesFingerprint(recorded), "\(Self.changes[change].0)")
    #expect(store.matchesFingerprint(try store.fingerprint()))
  }

  @Test func theRecordedFingerprintListsTheFoldersItCovers() throws {
    let store = try Self.store()
    defer { try? FileManager.default.removeItem(at: store.home) }
    let lines = try store.fingerprint().split(separator: "\n").map(String.init)
    #expect(lines.dropFirst() == [".", "hig", "hig/components", "wwdc2024"])
  }

  @Test(
    "Anything but a fingerprint of this corpus does not match",
    arguments: ["", "0123456789abcdef", "bench", "0123456789abcdef\n.", "x\n../outside"])
  func foreignFingerprintsDoNotMatch(recorded: String) throws {
    let store = try Self.store()
    defer { try? FileManager.default.removeItem(at: store.home) }
    #expect(!store.matchesFingerprint(recorded))
  }

  @Test func aFolderThatIsGoneDoesNotMatch() throws {
    let store = try Self.store()
    defer { try? FileManager.default.removeItem(at: store.home) }
    let recorded = try store.fingerprint()
    try FileManager.default.removeItem(at: store.documentsDirectory.appendingPathComponent("hig"))
    #expect(!store.matchesFingerprint(recorded))
  }
}
