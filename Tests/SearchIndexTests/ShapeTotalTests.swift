import DocumentModel
import DuoKBTestSupport
import Foundation
import Normalize
import Testing

@testable import SearchIndex

/// The loops for common shapes (`a NOT b`, `a OR b`, a lone word or prefix) count their
/// totals their own way; a filter sends the same query through the general walk. Talks
/// and HIG pages split the corpus, so the two filtered totals must add up to the total.
@Suite struct ShapeTotalTests {
  @Test(arguments: [false, true])
  func shapeTotalsMatchTheGeneralWalk(verbatim: Bool) throws {
    var generator = CorpusGenerator(seed: 5, vocabularySize: 1_200)
    let documents = generator.documents(talks: 10, pages: 6, wordScale: 0.1)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    var checked = 0
    for query in QueryGenerator.queries(count: 120, seed: 21, generator: generator, documents: documents) {
      let whole = try index.search(query.ours, limit: 10_000, verbatim: verbatim)
      let talks = try index.search(query.ours, limit: 0, verbatim: verbatim, filters: .init(kinds: ["talk"]))
      let pages = try index.search(query.ours, limit: 0, verbatim: verbatim, filters: .init(kinds: ["hig"]))
      #expect(whole.total == talks.total + pages.total, "\(query.kind): \(query.ours)")
      #expect(whole.total == whole.hits.count, "\(query.kind): \(query.ours)")
      if whole.total > 0 { checked += 1 }
    }
    #expect(checked > 60)
  }

  /// The loops for common shapes skip what cannot enter the top hits (blocks, leaps,
  /// passages by bound); a filter that keeps everything sends the same query through the
  /// general walk, which scores every match: both must rank the same hits the same.
  @Test(arguments: [false, true])
  func shapesRankAsTheGeneralWalk(verbatim: Bool) throws {
    var generator = CorpusGenerator(seed: 13, vocabularySize: 1_500)
    let documents = generator.documents(talks: 14, pages: 6, wordScale: 0.2)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let everything = SearchFilters(kinds: ["talk", "hig"])
    var compared = 0
    for query in QueryGenerator.queries(count: 160, seed: 33, generator: generator, documents: documents) {
      for limit in [1, 10] {
        let fast = try index.search(query.ours, limit: limit, verbatim: verbatim)
        let general = try index.search(query.ours, limit: limit, verbatim: verbatim, filters: everything)
        #expect(fast.total == general.total, "\(query.ours)")
        #expect(fast.hits.map(\.documentIndex) == general.hits.map(\.documentIndex), "\(query.ours) top \(limit)")
        #expect(fast.hits.map(\.passageIndex) == general.hits.map(\.passageIndex), "\(query.ours) top \(limit)")
        #expect(
          zip(fast.hits, general.hits).allSatisfy { abs($0.score - $1.score) < 1e-9 }, "\(query.ours) top \(limit)")
        if !fast.hits.isEmpty { compared += 1 }
      }
    }
    #expect(compared > 200)
  }

  /// `a OR b` where the proximity bonus decides: a rare word beside a common one, in
  /// passages of growing length, against the rare word twice: some pairs differ by less
  /// than the bonus, so only a walk that counts it ranks them right.
  @Test func eitherRanksByTheBonusAsTheGeneralWalk() throws {
    let filler = (1...40).map { "word\($0)" }
    var passages: [Passage] = []
    for extra in 0..<40 {
      let words = filler.prefix(extra).joined(separator: " ")
      passages.append(Passage(kind: .text, text: "alpha beta \(words)."))
      passages.append(Passage(kind: .text, text: "alpha alpha \(words)."))
    }
    // The common word: in half of many other passages.
    passages += (0..<400).map {
      Passage(kind: .text, text: ($0 % 2 == 0 ? "beta " : "") + filler.prefix(12).joined(separator: " "))
    }
    let document = Document(
      id: "hig/bonus", kind: .hig, title: "Bonus", url: "https://example.com/bonus", passages: passages)
    let (index, directory) = try IndexFixture.build([document])
    defer { try? FileManager.default.removeItem(at: directory) }
    var bonusDecides = 0
    for limit in 1...60 {
      let fast = try index.search("alpha OR beta", limit: limit)
      let general = try index.search("alpha OR beta", limit: limit, filters: SearchFilters(kinds: ["hig"]))
      #expect(fast.hits.map(\.passageIndex) == general.hits.map(\.passageIndex), "top \(limit)")
      #expect(zip(fast.hits, general.hits).allSatisfy { abs($0.score - $1.score) < 1e-9 }, "top \(limit)")
      // The last hit in is one of both words (even places among the first 80).
      let ranked = general.hits.map(\.passageIndex)
      if let last = ranked.last, last < 80, last % 2 == 0, ranked.count == limit { bonusDecides += 1 }
    }
    #expect(bonusDecides > 0)
  }

  /// A prefix after other words of one token (`the-co*`) must walk in passage order even
  /// when it is the whole query and stands for many terms.
  @Test func prefixJoinedToWords() throws {
    var generator = CorpusGenerator(seed: 5, vocabularySize: 1_200)
    let documents = generator.documents(talks: 10, pages: 6, wordScale: 0.1)
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let leading = generator.vocabulary[0].lowercased()
    var found = 0
    for stem in ["a", "b", "c", "d", "e", "l", "m", "p", "s", "t"] {
      let query = "\(leading)-\(stem)*"
      let whole = try index.search(query, limit: 10_000)
      let talks = try index.search(query, limit: 0, filters: .init(kinds: ["talk"]))
      let pages = try index.search(query, limit: 0, filters: .init(kinds: ["hig"]))
      #expect(whole.total == talks.total + pages.total, "\(query)")
      #expect(whole.total == whole.hits.count, "\(query)")
      found += whole.total
    }
    #expect(found > 0)
  }

  /// Words written both singular and plural have two forms each (FORMAT.md, "Terms and
  /// slots"): `a NOT b` and `a OR b` count each passage once however many forms it has.
  @Test(arguments: [
    ("view -toolbar", ["view"], ["toolbar"], false),
    ("views NOT cats", ["view"], ["cat"], false),
    ("cat NOT window", ["cat"], ["window"], false),
    ("view OR button", ["view"], ["button"], true),
    ("toolbars OR windows", ["toolbar"], ["window"], true),
    ("cat OR views", ["cat"], ["view"], true),
  ])
  func wordsWithSeveralForms(query: String, include: [String], other: [String], isOr: Bool) throws {
    let stems = ["view", "toolbar", "cat", "button", "window"]
    var random = SplitMix64(seed: 77)
    var texts: [[String]] = []
    for _ in 0..<600 {
      let count = 2 + Int(random.next() % 5)
      texts.append(
        (0..<count).map { _ in
          let stem = stems[Int(random.next() % UInt64(stems.count))]
          return random.next() % 2 == 0 ? stem : stem + "s"
        })
    }
    let documents = (0..<6).map { number in
      Document(
        id: "talk/\(number)", kind: number < 4 ? .talk : .hig, title: "Part \(number)",
        url: "https://example.com/\(number)",
        passages: texts[(number * 100)..<(number * 100 + 100)].map {
          Passage(kind: .text, text: $0.joined(separator: " ") + ".")
        })
    }
    func has(_ words: [String], _ stems: [String]) -> Bool {
      words.contains { word in stems.contains { word == $0 || word == $0 + "s" } }
    }
    let expected = texts.filter { words in
      isOr ? has(words, include) || has(words, other) : has(words, include) && !has(words, other)
    }.count
    let (index, directory) = try IndexFixture.build(documents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try index.search(query, limit: 3)
    #expect(results.total == expected)
    #expect(expected > 50 && expected < 600)
  }
}
