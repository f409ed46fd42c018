import DuoKBTestSupport
import Foundation
import Testing

@testable import OwnedFiles

/// A home with a folder outside it that a link inside points at; the files outside must
/// come out of every operation unchanged.
final class LinkedHome {
  let scratch: ScratchFolder
  var base: URL { scratch.url }
  var home: URL { base.appendingPathComponent("home", isDirectory: true) }
  var outside: URL { base.appendingPathComponent("outside", isDirectory: true) }
  let outsideFile: URL
  static let outsideText = "outside the home: must stay as it is\n"

  init() throws {
    scratch = try ScratchFolder("owned-files")
    let base = scratch.url
    try FileManager.default.createDirectory(at: base.appendingPathComponent("home"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
    outsideFile = base.appendingPathComponent("outside/target.txt")
    try Data(Self.outsideText.utf8).write(to: outsideFile)
  }

  /// Makes `relativePath` in the home a link to `destination`.
  func link(_ relativePath: String, to destination: URL) throws {
    let url = home.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: destination)
  }

  /// The files outside, by name, with their contents.
  func outsideContents() throws -> [String: String] {
    var found: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: outside.path) {
      found[name] = try String(contentsOf: outside.appendingPathComponent(name), encoding: .utf8)
    }
    return found
  }
}

@Suite struct OwnedFileTests {
  @Test func writesReadsAndListsInsideTheHome() throws {
    let home = try LinkedHome()
    let file = home.home.appendingPathComponent("Corpus/documents/a/b.json")
    try OwnedFile.write(Data("one".utf8), to: file, within: home.home)
    try OwnedFile.write(Data("two".utf8), to: file, within: home.home)
    #expect(try OwnedFile.read(file, within: home.home) == Data("two".utf8))
    #expect(try OwnedFile.read(home.home.appendingPathComponent("Corpus/none.json"), within: home.home) == nil)
    #expect(try OwnedFile.read(home.home.appendingPathComponent("none/none.json"), within: home.home) == nil)
    let entries = try OwnedFile.entries(in: home.home.appendingPathComponent("Corpus"), within: home.home)
    #expect(entries.map(\.relativePath) == ["documents", "documents/a", "documents/a/b.json"])
    #expect(entries.map(\.kind) == [.folder, .folder, .file])
    #expect(entries.last?.size == 3)
  }

  @Test func atomicWriteThroughALinkedFileIsRefused() throws {
    let home = try LinkedHome()
    try home.link("Corpus/sources.json", to: home.outsideFile)
    let target = home.home.appendingPathComponent("Corpus/sources.json")
    #expect(throws: OwnedFileError.symbolicLink(path: target.path)) {
      try OwnedFile.write(Data("x".utf8), to: target, within: home.home)
    }
    #expect(try home.outsideContents() == ["target.txt": LinkedHome.outsideText])
    let names = try FileManager.default.contentsOfDirectory(atPath: home.home.appendingPathComponent("Corpus").path)
    #expect(names == ["sources.json"], "no temporary file left behind")
  }

  @Test(
    "A linked folder on the way is refused", arguments: ["Corpus", "Corpus/documents", "Corpus/documents/tech-talks"])
  func linkedFolderIsRefused(linked: String) throws {
    let home = try LinkedHome()
    try home.link(linked, to: home.outside)
    let file = home.home.appendingPathComponent("Corpus/documents/tech-talks/1.json")
    let link = home.home.appendingPathComponent(linked).path
    #expect(throws: OwnedFileError.symbolicLink(path: link)) {
      try OwnedFile.write(Data("x".utf8), to: file, within: home.home)
    }
    #expect(throws: OwnedFileError.symbolicLink(path: link)) { try OwnedFile.read(file, within: home.home) }
    #expect(throws: OwnedFileError.symbolicLink(path: link)) {
      try OwnedFile.createDirectory(file.deletingLastPathComponent(), within: home.home)
    }
    #expect(try home.outsideContents() == ["target.txt": LinkedHome.outsideText])
  }

  @Test(
    "Opening a linked file to append or update is refused",
    arguments: [OwnedFile.Access.appending, .updating, .reading])
  func openThroughLinkIsRefused(access: OwnedFile.Access) throws {
    let home = try LinkedHome()
    try home.link(".refresh.lock", to: home.outsideFile)
    let lock = home.home.appendingPathComponent(".refresh.lock")
    #expect(throws: OwnedFileError.symbolicLink(path: lock.path)) {
      _ = try OwnedFile.open(lock, within: home.home, for: access)
    }
    #expect(try home.outsideContents() == ["target.txt": LinkedHome.outsideText])
  }

  @Test func aFolderWhereAFileShouldBeIsNotARegularFile() throws {
    let home = try LinkedHome()
    let file = home.home.appendingPathComponent("Corpus/documents/x.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    #expect(throws: OwnedFileError.notARegularFile(path: file.path)) { try OwnedFile.read(file, within: home.home) }
  }

  @Test func aFileWhereAFolderShouldBeIsNotAFolder() throws {
    let home = try LinkedHome()
    let folder = home.home.appendingPathComponent("Index")
    try Data("x".utf8).write(to: folder)
    let file = folder.appendingPathComponent("CURRENT")
    #expect(throws: OwnedFileError.notADirectory(path: folder.path)) {
      try OwnedFile.write(Data("x".utf8), to: file, within: home.home)
    }
  }

  @Test func listingReportsLinksAndDoesNotEnterThem() throws {
    let home = try LinkedHome()
    try home.link("documents/evil", to: home.outside)
    try home.link("documents/evil.json", to: home.outsideFile)
    let entries = try OwnedFile.entries(in: home.home.appendingPathComponent("documents"), within: home.home)
    #expect(entries.map(\.relativePath) == ["evil", "evil.json"])
    #expect(entries.allSatisfy { $0.kind == .symbolicLink })
  }

  @Test func removingATreeRemovesLinksNotTheirTargets() throws {
    let home = try LinkedHome()
    let folder = home.home.appendingPathComponent("Index/generation-1")
    try OwnedFile.write(Data("x".utf8), to: folder.appendingPathComponent("a/b"), within: home.home)
    try home.link("Index/generation-1/out", to: home.outside)
    try home.link("Index/generation-1/file", to: home.outsideFile)
    try OwnedFile.removeTree(folder, within: home.home)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    #expect(try home.outsideContents() == ["target.txt": LinkedHome.outsideText])
  }

  @Test func renameOntoALinkIsRefused() throws {
    let home = try LinkedHome()
    let source = home.home.appendingPathComponent("Index/.build-1")
    try OwnedFile.createDirectory(source, within: home.home)
    try home.link("Index/generation-1", to: home.outside)
    let target = home.home.appendingPathComponent("Index/generation-1")
    #expect(throws: OwnedFileError.symbolicLink(path: target.path)) {
      try OwnedFile.rename(source, to: target, within: home.home)
    }
  }

  @Test func pathsOutsideTheRootAreRefused() throws {
    let home = try LinkedHome()
    let escape = home.home.appendingPathComponent("../outside/target.txt")
    #expect(throws: OwnedFileError.self) { try OwnedFile.write(Data("x".utf8), to: escape, within: home.home) }
    #expect(try home.outsideContents() == ["target.txt": LinkedHome.outsideText])
  }

  @Test func readsRefuseMoreThanTheLimit() throws {
    let home = try LinkedHome()
    let file = home.home.appendingPathComponent("big")
    try OwnedFile.write(Data(count: 100), to: file, within: home.home)
    #expect(throws: OwnedFileError.self) { try OwnedFile.read(file, within: home.home, limit: 99) }
    #expect(try OwnedFile.read(file, within: home.home, limit: 100)?.count == 100)
  }
}
