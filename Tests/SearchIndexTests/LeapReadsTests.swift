import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A block reached by a leap, read with `pread` into the cursor's own buffer
/// (`PostingCursor.loadCopied`), reads as the map does: the same ids, frequencies, flags,
/// word counts and positions, walk for walk; a read that fails falls back to the map; and every query
/// answers as the exhaustive evaluation with every leap read so.
@Suite struct LeapReadsTests {
  /// Lists of thousands of postings (dozens of blocks).
  static func build() throws -> (index: SearchIndex, directory: URL, generator: CorpusGenerator, documents: [Document])
  {
    var generator = CorpusGenerator(seed: 47, vocabularySize: 900)
    let documents = generator.documents(talks: 24, pages: 4, wordScale: 1)
    let (index, directory) = try IndexFixture.build(documents)
    return (index, directory, generator, documents)
  }

  /// What a cursor reads where it stands.
  struct Reading: Equatable {
    var current: UInt32
    var frequency: Int
    var flags: UInt32
    var wordCount: UInt8
    var positions: [SlotRange]
  }

  static func reading(_ cursor: PostingCursor) -> Reading {
    var positions: [SlotRange] = []
    cursor.positions(into: &positions)
    return Reading(
      current: cursor.current, frequency: cursor.frequency, flags: cursor.flags, wordCount: cursor.wordCountByte,
      positions: positions)
  }

  @Test func aLeapedBlockReadWithPreadReadsAsTheMap() throws {
    let (index, directory, _, _) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let descriptor = segment.postingsFile.readDescriptor
    let copying = LeapReads(descriptor: descriptor, bodyOffset: IndexFile.headerLength, averageBlocks: 0)
    // A read that fails (no such descriptor): the block is read from the map instead.
    let failing = LeapReads(descriptor: -1, bodyOffset: IndexFile.headerLength, averageBlocks: 0)
    var random = SplitMix64(seed: 11)
    var longLists = 0
    var copied = 0
    for term in 0..<segment.dictionary.count {
      let entry = segment.dictionary.entry(term)
      guard entry.blockCount >= 8 else { continue }
      longLists += 1
      let limit = segment.passageCount
      let map = PostingCursor(postings: segment.postings, entry: entry, idLimit: limit)
      let pread = PostingCursor(postings: segment.postings, entry: entry, idLimit: limit, leapReads: copying)
      let fallback = PostingCursor(postings: segment.postings, entry: entry, idLimit: limit, leapReads: failing)
      // Leaps of every length (within a block, to the next, over many), steps, and reads
      // of positions at some stops only (a block's positions are copied when first asked).
      while map.current != PostingCursor.exhausted {
        let step = random.next() % 4
        if step == 0 {
          for cursor in [map, pread, fallback] { cursor.next() }
        } else {
          let reach = UInt32([3, 200, 5_000][Int(step - 1)])
          let target = map.current &+ 1 &+ UInt32(random.next() % UInt64(reach))
          for cursor in [map, pread, fallback] { cursor.advance(to: target) }
        }
        #expect(pread.current == map.current && fallback.current == map.current)
        if random.next() % 3 == 0 {
          let expected = Self.reading(map)
          #expect(Self.reading(pread) == expected, "term \(term) at \(map.current)")
          #expect(Self.reading(fallback) == expected, "term \(term) at \(map.current)")
        } else {
          #expect(
            pread.frequency == map.frequency && pread.flags == map.flags && pread.wordCountByte == map.wordCountByte)
        }
      }
      #expect(pread.current == PostingCursor.exhausted && fallback.current == PostingCursor.exhausted)
      copied += pread.copiedLoads
      #expect(fallback.copiedLoads == 0)
    }
    #expect(longLists >= 10)
    #expect(copied >= 100)
  }

  @Test(arguments: [false, true])
  func everyQueryAnswersAsTheExhaustiveEvaluationWithEveryLeapCopied(verbatim: Bool) throws {
    let (index, directory, generator, documents) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let filterings = [SearchFilters(), SearchFilters(sources: [documents[2].id, documents[9].id])]
    var compared = 0
    for query in EvaluationOracleTests.queries(generator, documents, seed: 29) {
      let parsed = try QueryParser.parse(query)
      for filters in filterings {
        for limit in [1, 10, 200] {
          guard
            let oracle = try? index.search(
              parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, evaluation: .exhaustive)
          else { continue }
          let copied = try index.search(
            parsed: parsed, limit: limit, verbatim: verbatim, filters: filters, leapCopying: .everyLeap)
          #expect(copied == oracle, "\(query) \(filters) top \(limit)")
          if !oracle.hits.isEmpty { compared += 1 }
        }
      }
    }
    #expect(compared > 500)
  }

  /// Damaged postings (a byte flipped here and there, skip records among them) read
  /// through copies: never a crash or a loop; an answer, or damage reported.
  @Test func damagedPostingsReadThroughCopiesNeverCrash() throws {
    let (index, directory, _, _) = try Self.build()
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    // The longest list: its skip records, blocks and positions.
    let longest = try #require(
      (0..<segment.dictionary.count).max {
        segment.dictionary.entry($0).blockCount < segment.dictionary.entry($1).blockCount
      })
    let entry = segment.dictionary.entry(longest)
    let word = String(decoding: segment.dictionary.term(longest), as: UTF8.self)
    let generation = try IndexDirectory.currentGeneration(in: directory)
    let url = IndexFixture.segmentFolder(generation).appendingPathComponent("postings.dki")
    let original = try Data(contentsOf: url)
    let start = IndexFile.headerLength + entry.postingsOffset
    let length = segment.dictionary.postingsLength(longest, postingsBytes: segment.postings.count)
    // Rare words, whose few passages make the walks leap through the longest list.
    let rare = (0..<segment.dictionary.count).filter {
      (2...40).contains(segment.dictionary.entry($0).documentFrequency)
        && segment.dictionary.term($0).allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }.prefix(4).map { String(decoding: segment.dictionary.term($0), as: UTF8.self) }
    try #require(rare.count == 4)
    var random = SplitMix64(seed: 5)
    for _ in 0..<24 {
      var bytes = original
      for _ in 0..<3 {
        bytes[start + Int(random.next() % UInt64(length))] ^= UInt8(1 + random.next() % 255)
      }
      try bytes.write(to: url)
      guard let damaged = try? SearchIndex.open(at: directory, verification: .structure) else { continue }
      for query in ["\(word) \(rare[0])", "\"\(rare[1]) \(word)\"", "\(rare[2]) \(word) -\(rare[3])", word] {
        let parsed = try QueryParser.parse(query)
        do {
          _ = try damaged.search(parsed: parsed, limit: 10, verbatim: false, filters: .init(), leapCopying: .everyLeap)
        } catch {
          guard case .index(.corrupt("postings.dki", _)) = error else { throw error }
        }
      }
    }
    try original.write(to: url)
  }
}
