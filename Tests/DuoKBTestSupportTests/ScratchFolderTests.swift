import DuoKBTestSupport
import Foundation
import Testing

@Suite struct ScratchFolderTests {
  static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

  @Test func eachFolderIsNewUniqueAndUnderTheTemporaryDirectory() throws {
    let first = try ScratchFolder("scratch-tests")
    let second = try ScratchFolder("scratch-tests")
    #expect(first.url != second.url)
    #expect(Self.exists(first.url) && Self.exists(second.url))
    #expect(first.url.lastPathComponent.hasPrefix("duo-kb-scratch-tests-"))
    let temporary = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
    #expect(first.url.resolvingSymlinksInPath().path.hasPrefix(temporary))
    #expect(try FileManager.default.contentsOfDirectory(atPath: first.url.path).isEmpty)
  }

  @Test func onlyItsOwnerMayReadWriteOrEnterIt() throws {
    let scratch = try ScratchFolder("scratch-tests")
    let attributes = try FileManager.default.attributesOfItem(atPath: scratch.url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
  }

  @Test func itIsRemovedWithWhatItHoldsWhenTheLastReferenceGoes() throws {
    var scratch: ScratchFolder? = try ScratchFolder("scratch-tests")
    let url = try #require(scratch?.url)
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("a/b"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: url.appendingPathComponent("a/b/file"))
    #expect(Self.exists(url.appendingPathComponent("a/b/file")))
    scratch = nil
    #expect(!Self.exists(url))
  }

  @Test func removingItLeavesWhatASymbolicLinkInsidePointsTo() throws {
    let outside = try ScratchFolder("scratch-tests")
    let kept = outside.appending("kept")
    try Data("kept".utf8).write(to: kept)
    var scratch: ScratchFolder? = try ScratchFolder("scratch-tests")
    let url = try #require(scratch?.url)
    try FileManager.default.createSymbolicLink(
      at: url.appendingPathComponent("link"), withDestinationURL: outside.url)
    scratch = nil
    #expect(!Self.exists(url))
    #expect(try String(contentsOf: kept, encoding: .utf8) == "kept")
  }

  @Test func withScratchFolderRemovesItWhenTheBodyReturnsOrThrows() async throws {
    let returned = try await withScratchFolder("scratch-tests") { url in
      try Data().write(to: url.appendingPathComponent("file"))
      return url
    }
    #expect(!Self.exists(returned))
    struct Planned: Error {}
    let seen = Guard<URL>()
    await #expect(throws: Planned.self) {
      try await withScratchFolder("scratch-tests") { url in
        seen.value = url
        throw Planned()
      }
    }
    let thrown = try #require(seen.value)
    #expect(!Self.exists(thrown))
  }

  @Test func unusedPathsAreDistinctNotYetMadeAndInOneOwnerOnlyFolder() throws {
    let first = ScratchFolder.unusedPath("scratch-tests")
    let second = ScratchFolder.unusedPath("scratch-tests")
    #expect(first != second)
    #expect(!Self.exists(first) && !Self.exists(second))
    #expect(first.deletingLastPathComponent() == second.deletingLastPathComponent())
    #expect(first.lastPathComponent.hasPrefix("scratch-tests-"))
    let folder = first.deletingLastPathComponent().path
    let attributes = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func aPrefixThatNamesNoFolderIsRefusedWithAClearError() throws {
    let error = #expect(throws: ScratchFolder.Failure.self) { try ScratchFolder("no/such/folder") }
    #expect(error?.description.contains("cannot make a scratch folder") == true)
  }
}

/// A box the throwing body above fills in.
final class Guard<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?
  var value: Value? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
