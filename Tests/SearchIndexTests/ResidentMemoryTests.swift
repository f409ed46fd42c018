import Foundation
import Testing

@testable import SearchIndex

@Suite struct ResidentMemoryTests {
  @Test(
    "Reads the resident pages of a statm line",
    arguments: [
      ("1933 527 402 128 0 231 0\n", 527),
      ("8 0 0 0 0 0 0", 0),
      ("12 345", 345),
      ("12 345 ", 345),
    ])
  func readsStatm(line: String, pages: Int) {
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBytes { ResidentMemory.residentPages($0) } == pages)
  }

  @Test(
    "A line without a second number reads as nothing",
    arguments: ["", "1933", "1933 ", "1933 x 1", "-1 -2", "1 99999999999999999999999", "1\n2 3"])
  func refusesMalformedStatm(line: String) {
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBytes { ResidentMemory.residentPages($0) } == nil)
  }

  /// Pages written grow what the process holds by about their size. Tests running beside
  /// this one free memory too: the reading must show the growth in one of three tries.
  @Test func followsWhatTheProcessHolds() throws {
    let size = 64 << 20
    var grew = false
    for _ in 0..<3 where !grew {
      let before = try #require(ResidentMemory.bytes())
      let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
      defer { block.deallocate() }
      for offset in stride(from: 0, to: size, by: 4096) {
        block.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self)
      }
      let after = try #require(ResidentMemory.bytes())
      grew = after - before >= size / 2
    }
    #expect(grew)
  }

  /// The pages are released once the queries read more than the limit and the process grew
  /// by more than it may keep; never while it keeps within that.
  @Test func releasesOnlyPastWhatItMayKeep() {
    let budget = ReleaseBudget()
    #expect(!budget.spend(100, limit: 1_000, kept: 0))
    // Past the limit, but no growth beyond what may be kept.
    #expect(!budget.spend(2_000, limit: 1_000, kept: Int.max / 2))
    // Past the limit, and any growth at all is too much.
    #expect(budget.spend(2_000, limit: 1_000, kept: Int.min / 2))
    budget.released()
    // The count starts over after each look.
    #expect(!budget.spend(500, limit: 1_000, kept: Int.min / 2))
  }

  /// A query that reads more than may be kept releases first what earlier ones left, and
  /// only then.
  @Test func aHeavyQueryReleasesWhatEarlierOnesKept() {
    let budget = ReleaseBudget()
    #expect(!budget.releasesBefore(reading: 10_000, kept: 1_000), "nothing read yet")
    #expect(!budget.spend(500, limit: 100, kept: Int.max / 2))
    #expect(!budget.releasesBefore(reading: 900, kept: 1_000), "a light query")
    #expect(budget.releasesBefore(reading: 10_000, kept: 1_000))
    budget.released()
    #expect(!budget.releasesBefore(reading: 10_000, kept: 1_000), "nothing left since")
  }
}
