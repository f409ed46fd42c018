import Foundation
import Testing

@testable import OwnedFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `OwnedFile.syncToStorage`: a file and a folder are synced (with `F_FULLFSYNC` on
/// Darwin, `fsync` elsewhere), and a failure comes back as its errno.
@Suite struct SyncToStorageTests {
  @Test func syncsAFileAndAFolderAndReportsAFailure() throws {
    let home = try LinkedHome()
    let url = home.home.appendingPathComponent("document.json")
    try OwnedFile.write(Data("{}".utf8), to: url, within: home.home)
    let file = open(url.path, O_RDONLY)
    let folder = open(home.home.path, O_RDONLY)
    defer {
      close(file)
      close(folder)
    }
    #expect(file >= 0 && folder >= 0)
    #expect(OwnedFile.syncToStorage(file) == nil)
    #expect(OwnedFile.syncToStorage(folder) == nil)

    let closed = open(url.path, O_RDONLY)
    close(closed)
    #expect(OwnedFile.syncToStorage(closed) == EBADF)
  }
}
