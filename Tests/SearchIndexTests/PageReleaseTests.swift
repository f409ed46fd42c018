import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// `MappedFile.releasePages` in both of its ways: Linux runs the one macOS uses (`remap`)
/// as well as its own, so that the Darwin path is exercised here. Resident pages are read
/// from the map's own line of `/proc/self/smaps`, which other tests' memory does not move.
@Suite struct PageReleaseTests {
  static let length = 4 << 20

  /// A file of `length` bytes, each its offset's low byte, in a fresh folder.
  static func makeFile() throws -> (folder: URL, url: URL, bytes: [UInt8]) {
    let folder = ScratchFolder.unusedPath("page-release")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bytes = (0..<length).map { (offset: Int) in UInt8(truncatingIfNeeded: offset &* 31 &+ offset >> 12) }
    let url = folder.appendingPathComponent("store.dki")
    try Data(bytes).write(to: url)
    return (folder, url, bytes)
  }

  /// The resident kilobytes of the mapping that starts at `address`, from smaps; nil where
  /// there is no smaps (not Linux).
  static func residentKilobytes(at address: UnsafeRawPointer) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8) else { return nil }
    let start = String(UInt(bitPattern: address), radix: 16)
    var inMap = false
    for line in text.split(separator: "\n") {
      if let dash = line.firstIndex(of: "-"), !line.hasPrefix(" "), line[..<dash].allSatisfy(\.isHexDigit) {
        inMap = line[..<dash].drop { $0 == "0" } == start[...].drop { $0 == "0" }
      } else if inMap, line.hasPrefix("Rss:") {
        return Int(line.split(separator: " ")[1])
      }
    }
    return nil
  }

  /// Reads every page of the map, so that each is resident; the sum of its bytes.
  static func touch(_ file: MappedFile) -> Int {
    stride(from: 0, to: file.bytes.count, by: 4096).reduce(0) { $0 + Int(file.bytes[$1]) }
  }

  @Test(arguments: [MappedFile.PageRelease.discard, .remap])
  func releasedPagesLeaveTheProcessAndTheBytesStay(way: MappedFile.PageRelease) throws {
    let (folder, url, bytes) = try Self.makeFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try MappedFile(url: url, within: folder, name: "store.dki")
    let base = try #require(file.bytes.baseAddress)
    let sum = Self.touch(file)
    guard let before = Self.residentKilobytes(at: base) else { return }  // no smaps here
    #expect(before >= Self.length / 1024 / 2)
    file.releasePages(way)
    let after = try #require(Self.residentKilobytes(at: base))
    #expect(after < before / 8, "\(way): \(before) KiB resident before, \(after) KiB after")
    #expect(file.bytes.baseAddress == base)
    #expect(Self.touch(file) == sum)
    #expect(Array(file.bytes) == bytes)
  }

  @Test func eachPlatformHasItsWay() {
    #if canImport(Darwin)
      #expect(MappedFile.pageRelease == .remap)
    #else
      #expect(MappedFile.pageRelease == .discard)
    #endif
  }
}
