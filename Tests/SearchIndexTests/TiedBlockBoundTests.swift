import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// A rarer word's best passages often tie: the same frequency, no field, the same
/// shortest length. Its blocks' stored impacts are rounded up from a higher average length,
/// so they never bound such a block out; the bound taken from the block's own postings
/// (`PostingCursor.forEachBlockBest`) does, exactly at the threshold. Its answers must still be
/// the exhaustive evaluation's, ties included, at every limit: of one form, and of two
/// forms (a word and its plural), alone or in one passage; with two pages titled with it,
/// whose passages rank first (the first page's met first, the other's blocks ranked
/// first), and without.
@Suite struct TiedBlockBoundTests {
  /// 30,000 passages, a tenth of them with the word (so that its blocks keep word counts):
  /// most as `alpha beta`, the rest longer, some twice (a few as `alpha alpha`, the best
  /// passages), some under a title with it (`titled`); with `plurals`, two in five
  /// written `alphas`, and a few with both.
  static func documents(plurals: Bool, titled: Bool) -> [Document] {
    var random = SplitMix64(seed: 71)
    let filler = ["beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota"]
    var documents: [Document] = []
    for page in 0..<12 {
      var passages: [Passage] = []
      for _ in 0..<2_500 {
        guard random.next() % 10 == 0 else {
          let count = 1 + Int(random.next() % 6)
          let words = (0..<count).map { _ in filler[Int(random.next() % UInt64(filler.count))] }
          passages.append(Passage(kind: .text, text: words.joined(separator: " ") + "."))
          continue
        }
        let word = plurals && random.next() % 5 < 2 ? "alphas" : "alpha"
        var text =
          switch random.next() % 10 {
          case 0..<6: "\(word) beta"
          case 6, 7: "beta \(word) gamma delta"
          case 8: random.next() % 4 == 0 ? "\(word) \(word)" : "\(word) \(word) gamma delta epsilon zeta"
          default: "gamma \(word)"
          }
        // Now and then both forms: the best passages where short, else in a longer one.
        if plurals && random.next() % 40 == 0 {
          text = random.next() % 2 == 0 ? "alpha alphas" : "alpha beta gamma delta epsilon zeta alphas"
        }
        passages.append(Passage(kind: .text, text: text + "."))
      }
      documents.append(
        Document(
          id: "hig/tied-\(page)", kind: .hig, title: titled && (page == 0 || page == 9) ? "Alpha page" : "Page \(page)",
          url: "https://example.com/tied/\(page)", passages: passages))
    }
    return documents
  }

  @Test(arguments: [false, true], [false, true])
  func tiedBlocksAnswerAsTheExhaustiveEvaluation(plurals: Bool, titled: Bool) throws {
    let (index, directory) = try IndexFixture.build(Self.documents(plurals: plurals, titled: titled))
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let term = try #require(segment.dictionary.find(Array("alpha".utf8)))
    let cursor = segment.rankingCursor(term)
    #expect(cursor.keepsWordCounts)
    #expect(cursor.blockCount >= 10)
    let context = ScoringContext(
      store: index.store, averageWords: index.statistics.averageWords, passageCount: index.passageCount)
    for verbatim in [false, true] {
      for query in plurals ? ["alpha", "alphas"] : ["alpha"] {
        let parsed = try QueryParser.parse(query)
        for limit in [1, 2, 3, 10, 30, 100, 129, 500, 2_000] {
          let planned = try index.search(parsed: parsed, limit: limit, verbatim: verbatim, filters: .init())
          let oracle = try index.search(
            parsed: parsed, limit: limit, verbatim: verbatim, filters: .init(), evaluation: .exhaustive)
          #expect(planned == oracle, "\(query) verbatim \(verbatim) top \(limit)")
        }
        // Untitled, the blocks of tied passages after the first hits are passed over, not
        // scored. (Titled, the best blocks, ranked first, leave the others below the
        // threshold by their stored impacts.)
        let plan = try QueryCompiler(index: segment, verbatim: verbatim).plan(parsed, filters: .init())
        let root = try #require(plan.root as? TermScorer)
        #expect(root.cursors.count == (plurals && !verbatim ? 2 : 1), "\(query) verbatim \(verbatim)")
        var hits = TopHits(limit: 10)
        let total = root.collectTop(into: &hits, filter: nil, context: context)
        #expect(total == root.fresh().countAll(), "\(query) verbatim \(verbatim)")
        #expect(titled || root.blocksBoundedOut >= 5, "\(query) verbatim \(verbatim)")
      }
    }
  }

  /// A block's best bounds the factor of every posting in it, and is the best posting's
  /// own factor, bit for bit, where one posting holds all of its group's best: the blocks
  /// of a word once and twice in a passage, with and without a title.
  @Test func aBlockBestBoundsEveryPostingOfItsBlock() throws {
    let (index, directory) = try IndexFixture.build(Self.documents(plurals: true, titled: true))
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = index.first
    let average = index.statistics.averageWords
    var exact = 0
    var blocks = 0
    for word in ["alpha", "alphas"] {
      let term = try #require(segment.dictionary.find(Array(word.utf8)))
      let cursor = segment.rankingCursor(term)
      while cursor.current != PostingCursor.exhausted {
        let block = cursor.blockNumber
        var bound = 0.0
        let known = cursor.forEachBlockBest { frequency, flags, wordCount in
          bound = max(
            bound,
            TermScorer.postingFactor(frequency: frequency, flags: flags, length: wordCount, averageLength: average))
        }
        #expect(known, "\(word) block \(block)")
        var best = 0.0
        while cursor.current != PostingCursor.exhausted && cursor.blockNumber == block {
          let factor = TermScorer.postingFactor(
            frequency: cursor.frequency, flags: cursor.flags, length: cursor.wordCount(in: segment.store),
            averageLength: average)
          #expect(factor <= bound, "\(word) block \(block) at \(cursor.current)")
          best = max(best, factor)
          cursor.next()
        }
        blocks += 1
        if best == bound { exact += 1 }
      }
    }
    #expect(blocks >= 20)
    #expect(exact >= blocks * 3 / 4, "\(exact) of \(blocks)")
  }
}
