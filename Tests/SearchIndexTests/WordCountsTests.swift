import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

@Suite struct WordCountsTests {
  /// The tables `encode` writes, read back as a store reads them.
  static func reading<T>(
    _ short: [UInt8], _ long: [UInt8], longCount: Int, _ body: (WordCounts) throws -> T
  ) rethrows -> T {
    try short.withUnsafeBytes { shortBytes in
      try long.withUnsafeBytes { longBytes in
        try body(
          WordCounts(
            short: ByteReader(shortBytes, file: "store.dki"), long: ByteReader(longBytes, file: "store.dki"),
            longCount: longCount))
      }
    }
  }

  @Test(
    "Every count reads back exactly, up to the cap",
    arguments: [
      ([0, 1, 7, 254], 0),
      ([255, 3, 256, 1_000, 254], 3),
      ([65_535, 65_536, UInt32.max, 12], 3),
      ([], 0),
    ] as [([UInt32], Int)])
  func everyCountReadsBackExactly(counts: [UInt32], longCount: Int) throws {
    let encoded = WordCounts.encode(counts)
    #expect(encoded.short.count == counts.count)
    #expect(encoded.longCount == longCount)
    #expect(encoded.long.count == longCount * WordCounts.longRecordLength)
    try Self.reading(encoded.short, encoded.long, longCount: encoded.longCount) { table in
      for (passage, count) in counts.enumerated() {
        #expect(table.count(passage) == Int(min(count, 65_535)), "passage \(passage)")
      }
      try table.check(file: "store.dki")
    }
  }

  @Test("Eight bytes at once are the eight passages' bytes, 0 past the table")
  func eightBytesAtOnce() {
    let counts: [UInt32] = (0..<21).map { UInt32($0 * 13 % 300) }
    let encoded = WordCounts.encode(counts)
    Self.reading(encoded.short, encoded.long, longCount: encoded.longCount) { table in
      for passage in -9...25 {
        let word = table.eightBytes(from: passage)
        for byte in 0..<8 {
          let place = passage + byte
          let stored = place >= 0 && place < counts.count ? encoded.short[place] : 0
          #expect(UInt8(truncatingIfNeeded: word >> UInt64(8 * byte)) == stored, "passage \(place)")
        }
      }
    }
  }

  @Test func aMarkedPassageAmongManyLongOnesIsFound() throws {
    // Every third passage long: the binary search meets every position.
    let counts: [UInt32] = (0..<999).map { passage in
      let count = passage % 3 == 0 ? 300 + passage : passage % 200
      return UInt32(count)
    }
    let encoded = WordCounts.encode(counts)
    try Self.reading(encoded.short, encoded.long, longCount: encoded.longCount) { table in
      #expect((0..<999).allSatisfy { table.count($0) == Int(counts[$0]) })
      try table.check(file: "store.dki")
    }
  }

  /// A damaged or hostile table reads as a long passage or as nothing, in bounds, and the
  /// check names it.
  @Test func damagedLongCountsAreFoundByTheCheckAndReadInBounds() throws {
    let encoded = WordCounts.encode([300, 5, 400, 500])
    var swapped = encoded.long
    swapped.swapAt(3, 9)  // the low bytes of passages 0 and 2
    var damaged: [[UInt8]: Int] = [
      swapped: 3,
      Array(encoded.long.prefix(12)): 2,  // one missing
      encoded.long + [0, 0, 0, 9, 1, 44]: 4,  // one for a passage not marked
    ]
    // A count a byte could hold, in the long counts.
    var small = encoded.long
    small[4] = 0
    small[5] = 9
    damaged[small] = 3
    for (long, count) in damaged {
      Self.reading(encoded.short, long, longCount: count) { table in
        #expect(throws: IndexFormatError.self) { try table.check(file: "store.dki") }
        for passage in [0, 2, 3] { #expect((9...500).contains(table.count(passage))) }
        #expect(table.count(1) == 5)
      }
    }
    // Past the end, or a count larger than the table: 0 or the marker, never a read out of
    // bounds.
    Self.reading(encoded.short, encoded.long, longCount: 1 << 40) { table in
      #expect(table.count(-1) == 0)
      #expect(table.count(4) == 0)
      #expect(table.count(Int.max) == 0)
      #expect(table.count(3) == 500 || table.count(3) == 255)
      #expect(throws: IndexFormatError.self) { try table.check(file: "store.dki") }
    }
  }
  /// A block of a term that keeps word counts gives its copy of them to the decoder that
  /// asks (so scoring its postings reads no store table), and that copy is the store's.
  /// A term that keeps none, or a decode without frequencies, gives none.
  @Test func aBlocksCopyOfItsWordCountsIsTheStores() throws {
    var generator = CorpusGenerator(seed: 23)
    // Enough passages (over 8 × 128) for a term that keeps word counts to fill several blocks.
    let (index, directory) = try IndexFixture.build(generator.documents(talks: 10, pages: 3, wordScale: 0.3))
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let store = segment.store
    let scratch = PostingCursor.DecodeScratch()
    var copiedBlocks = 0
    var uncopiedBlocks = 0
    var laterBlocks = 0
    var differing: [String] = []
    for term in 0..<segment.dictionary.count {
      let entry = segment.dictionary.entry(term)
      for block in 0..<entry.blockCount {
        let (count, copied) = PostingCursor.decodeIds(
          segment.postings, entry, block: block, idLimit: store.passageCount, into: scratch.ids,
          frequencies: scratch.frequencies, wordCounts: scratch.wordCounts)
        #expect(count > 0)
        #expect(copied == entry.keepsWordCounts, "term \(term) block \(block)")
        let withoutFrequencies = PostingCursor.decodeIds(
          segment.postings, entry, block: block, idLimit: store.passageCount, into: scratch.ids,
          frequencies: nil, wordCounts: scratch.wordCounts)
        #expect(withoutFrequencies.count == count && !withoutFrequencies.wordCounts)
        guard copied else {
          uncopiedBlocks += 1
          continue
        }
        copiedBlocks += 1
        if block > 0 { laterBlocks += 1 }
        for index in 0..<count {
          let passage = Int(scratch.ids[index])
          if store.wordCount(passage, stored: scratch.wordCounts[index]) != store.wordCount(passage) {
            differing.append("term \(term) block \(block) passage \(passage)")
          }
        }
      }
    }
    #expect(differing.isEmpty, "\(differing.prefix(5))")
    #expect(copiedBlocks > 0 && uncopiedBlocks > 0 && laterBlocks > 0, "\(store.passageCount) passages")
  }
}
