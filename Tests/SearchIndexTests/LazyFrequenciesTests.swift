import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A cursor reads a posting's frequency word alone from the packed block, and decodes the
/// block's words only when positions need them: whatever it reads must be what decoding
/// the whole block gives, in order or leaping, and damage must end a walk where it did.
@Suite struct LazyFrequenciesTests {
  /// Every posting of `entry` as the whole-block walk decodes it: id and frequency word.
  private func decoded(_ postings: ByteReader, _ entry: TermDictionary.Entry, idLimit: Int) -> [(UInt32, UInt32)] {
    var result: [(UInt32, UInt32)] = []
    PostingCursor.forEachBlock(postings, entry, idLimit: idLimit, scratch: PostingCursor.DecodeScratch()) {
      ids, words, count in
      for index in 0..<count { result.append((ids[index], words[index])) }
    }
    return result
  }

  /// Calls `body` with each term of an index built from a generated corpus: its number,
  /// its entry, its postings as the whole-block walk decodes them, and a maker of fresh
  /// cursors over them.
  private func forEachTerm(
    seed: UInt64, vocabularySize: Int,
    _ body: (_ term: Int, _ entry: TermDictionary.Entry, _ expected: [(UInt32, UInt32)], _ cursor: () -> PostingCursor)
      -> Void
  ) throws {
    var generator = CorpusGenerator(seed: seed, vocabularySize: vocabularySize)
    let (index, directory) = try IndexFixture.build(generator.documents(talks: 12, pages: 4, wordScale: 0.5))
    defer { try? FileManager.default.removeItem(at: directory) }
    let idLimit = index.store.passageCount
    for term in 0..<index.dictionary.count {
      let entry = index.dictionary.entry(term)
      body(term, entry, decoded(index.postings, entry, idLimit: idLimit)) {
        PostingCursor(postings: index.postings, entry: entry, idLimit: idLimit)
      }
    }
  }

  @Test func leapsAndStepsReadWhatTheBlockDecodes() throws {
    var state: UInt64 = 17
    var checkedMultiBlock = 0
    try forEachTerm(seed: 5, vocabularySize: 400) { term, entry, expected, cursor in
      guard !expected.isEmpty else { return }
      if entry.blockCount > 1 { checkedMultiBlock += 1 }
      // In order, every posting.
      let stepping = cursor()
      for (id, word) in expected {
        #expect(stepping.current == id)
        #expect(stepping.frequency == Int(word >> 2) && stepping.flags == word & 3, "term \(term) id \(id)")
        stepping.next()
      }
      #expect(stepping.current == PostingCursor.exhausted)
      // Leaping, positions read now and then (which decodes the rest of the block).
      let leaping = cursor()
      var position = 0
      while position < expected.count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        position += Int(state >> 59)
        guard position < expected.count else { break }
        leaping.advance(to: expected[position].0)
        #expect(leaping.current == expected[position].0)
        if state & 1 == 0 {
          var slots: [SlotRange] = []
          leaping.positions(into: &slots)
          #expect(slots.count == Int(expected[position].1 >> 2))
        }
        #expect(leaping.frequency == Int(expected[position].1 >> 2) && leaping.flags == expected[position].1 & 3)
      }
    }
    #expect(checkedMultiBlock > 20)
  }

  /// Walks a cursor of every term of more than one block by leaps to the targets `next`
  /// gives (from a random state, the leap's number in the term, the term's ids, the first
  /// not yet passed, and where the cursor stands), checking that each lands on the first
  /// listed id at or past its target; how many leaps were made.
  private func leapThroughEveryTerm(
    seed: UInt64,
    _ next: (_ state: UInt64, _ step: Int, _ expected: [UInt32], _ first: Int, _ current: UInt32) -> UInt32
  ) throws -> Int {
    var state = seed
    var leaps = 0
    try forEachTerm(seed: 7, vocabularySize: 300) { _, entry, postings, makeCursor in
      guard entry.blockCount > 1 else { return }
      let expected = postings.map(\.0)
      let cursor = makeCursor()
      var first = 0
      var step = 0
      while cursor.current != PostingCursor.exhausted {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let target = max(next(state, step, expected, first, cursor.current), cursor.current &+ 1)
        while first < expected.count && expected[first] < target { first += 1 }
        cursor.advance(to: target)
        #expect(cursor.current == (first < expected.count ? expected[first] : PostingCursor.exhausted))
        leaps += 1
        step += 1
      }
    }
    return leaps
  }

  /// A leap to any passage, listed or not, lands on the first listed id at or past it: by a
  /// step or two, within the block, into a later block, past the last id.
  @Test func leapsToAnyTargetLandOnTheFirstIdAtOrPastIt() throws {
    var target: UInt32 = 0
    let leaps = try leapThroughEveryTerm(seed: 29) { state, step, expected, first, current in
      if step == 0 { target = 0 }
      // Mostly short leaps (the next id or two), some a few ids on (within the ids
      // compared at once, or just past them), some across blocks.
      switch state >> 62 {
      case 0: target &+= UInt32(state >> 40 & 1_023)
      case 1:
        let ahead = first + 2 + Int(state >> 40 & 31)
        target = ahead < expected.count ? expected[ahead] - UInt32(state >> 39 & 1) : target &+ 1
      default: target &+= UInt32(state >> 60 & 3)
      }
      // The next leap goes on from where this one lands at the least.
      target = max(target, current &+ 1)
      return target
    }
    #expect(leaps > 500)
  }

  /// Runs of leaps of 1 to 9 ids (which the cursor comes to look for among the ids near
  /// it first) and runs of 10 to 33 ids (which it then stops doing), in turn.
  @Test func runsOfNearAndFarLeapsLandOnTheFirstIdAtOrPastIt() throws {
    let leaps = try leapThroughEveryTerm(seed: 41) { state, step, expected, first, current in
      let isNear = step / 40 % 2 == 0
      let ahead = first + (isNear ? 1 + Int(state >> 40 % 9) : 10 + Int(state >> 40 % 24))
      // On a listed id, or just before it (the first at or past it is that id).
      return ahead < expected.count ? expected[ahead] - UInt32(state >> 39 & 1) : current &+ 1
    }
    #expect(leaps > 500)
  }

  /// Skipping blocks by their highest impact lands on the first id of the first later block
  /// whose impact passes, reading what decoding that block gives; past the last, nothing.
  @Test func skippingBlocksByImpactLandsOnTheFirstBlockThatCanEnter() throws {
    var skips = 0
    try forEachTerm(seed: 37, vocabularySize: 200) { _, entry, expected, cursor in
      let blocks = (expected.count + PostingsWriter.blockSize - 1) / PostingsWriter.blockSize
      guard blocks > 2 else { return }
      let walker = cursor()
      var impacts: [Float] = []
      for _ in 0..<blocks {
        impacts.append(walker.blockMaxImpact)
        walker.nextBlock()
      }
      // Cut at each block's impact in turn: from the first block, the next one above the cut.
      for cut in impacts {
        let skipping = cursor()
        skipping.skipBlocks { $0 <= cut }
        let landing = impacts.indices.dropFirst().first { impacts[$0] > cut }
        guard let landing else {
          #expect(skipping.current == PostingCursor.exhausted)
          continue
        }
        let first = landing * PostingsWriter.blockSize
        #expect(skipping.current == expected[first].0)
        #expect(skipping.blockMaxImpact == impacts[landing])
        #expect(UInt32(skipping.frequency) == expected[first].1 >> 2)
        skipping.next()
        if first + 1 < expected.count { #expect(skipping.current == expected[first + 1].0) }
        skips += 1
      }
    }
    #expect(skips > 100)
  }

  @Test func aTruncatedFrequencySectionEndsTheWalkAsDecodingDoes() throws {
    var generator = CorpusGenerator(seed: 6, vocabularySize: 300)
    let (index, directory) = try IndexFixture.build(generator.documents(talks: 8, pages: 2, wordScale: 0.5))
    defer { try? FileManager.default.removeItem(at: directory) }
    let idLimit = index.store.passageCount
    let entry = (0..<index.dictionary.count).map { index.dictionary.entry($0) }.max { $0.blockCount < $1.blockCount }!
    #expect(entry.blockCount > 2)
    let whole = Array(index.postings.bytes)
    // Cut the postings at every byte of the term's second block (ids, frequencies, word
    // counts) and a little past it.
    let records = entry.postingsOffset + entry.blockCount * PostingsWriter.skipRecordLength
    let second = records + Int(index.postings.u32(at: entry.postingsOffset + PostingsWriter.skipRecordLength + 4))
    for cut in stride(from: second, to: min(whole.count, second + 700), by: 3) {
      let bytes = Array(whole[0..<cut])
      bytes.withUnsafeBytes { raw in
        let postings = ByteReader(raw, file: "postings.dki")
        let expected = decoded(postings, entry, idLimit: idLimit)
        let cursor = PostingCursor(postings: postings, entry: entry, idLimit: idLimit)
        var walked: [(UInt32, UInt32)] = []
        while cursor.current != PostingCursor.exhausted {
          walked.append((cursor.current, UInt32(cursor.frequency) << 2 | cursor.flags))
          cursor.next()
        }
        #expect(walked.map(\.0) == expected.map(\.0), "cut at \(cut)")
        #expect(walked.map(\.1) == expected.map(\.1), "cut at \(cut)")
      }
    }
  }
}
