import DocumentModel
import DuoKBTestSizes
import DuoKBTestSupport
import Foundation
import Testing

@testable import SearchIndex

/// An index brought up to date by updates (a segment per update, deletions, merges) answers
/// exactly as a build from scratch of the same live documents, in the order the updated
/// index numbers them.
@Suite(.serialized, .tags(.large)) struct SegmentUpdateTests {
  /// A policy that keeps several segments (the default folds small corpora at once).
  static let keepsSegments = MergePolicy(
    maximumSegments: 4, maximumTailShare: 100, maximumDeletedShare: 100, rebuildsPastBaseAverage: false)

  /// A corpus and the changes applied to it, kept as the live documents by id.
  struct Model {
    var live: [String: Document] = [:]
    var spare: [Document]
    var random: SplitMix64

    mutating func pick(_ count: Int) -> [String] {
      let ids = live.keys.sorted()
      guard !ids.isEmpty else { return [] }
      return (0..<count).map { _ in ids[Int(random.next() % UInt64(ids.count))] }
    }

    /// A random step: some documents changed (their id given new text), added, removed.
    mutating func step() -> (changed: [Document], removed: Set<String>) {
      var changed: [String: Document] = [:]
      for id in pick(Int(random.next() % 3)) where !spare.isEmpty {
        var document = spare.removeLast()
        document.id = id
        changed[id] = document
      }
      for _ in 0..<Int(random.next() % 2) where !spare.isEmpty {
        let document = spare.removeLast()
        changed[document.id] = document
      }
      var removed = Set(pick(Int(random.next() % 2)))
      removed.subtract(changed.keys)
      for id in removed { live[id] = nil }
      for (id, document) in changed { live[id] = document }
      return (changed.values.sorted { $0.id < $1.id }, removed)
    }
  }

  static func temporary() -> URL {
    ScratchFolder.unusedPath("segments")
  }

  /// The updated index's live documents, in its numbering.
  static func liveOrder(_ index: SearchIndex) -> [String] {
    (0..<index.documentCount).map { index.document($0).id }
  }

  static func update(
    _ index: SearchIndex, _ model: Model, changed: [Document], removed: Set<String>, directory: URL,
    policy: MergePolicy = keepsSegments
  ) throws -> SearchIndex {
    let live = model.live
    _ = try IndexBuilder().update(
      index, adding: changed, removing: removed, corpusFingerprint: "step", policy: policy, into: directory
    ) { ids throws(IndexBuildError) in
      ids.compactMap { live[$0] }
    }
    return try SearchIndex.open(at: directory, verification: .full)
  }

  static func expectSameAnswers(_ updated: SearchIndex, _ reference: SearchIndex, _ queries: [String]) throws {
    let filters = [
      SearchFilters(), SearchFilters(kinds: ["talk"]), SearchFilters(kinds: ["hig"]),
      SearchFilters(years: [2024, 2025]),
    ]
    for query in queries {
      for (number, filter) in filters.enumerated() where number == 0 || query.count % 3 == number - 1 {
        for verbatim in [false, true] {
          let expected = try? reference.search(query, limit: 20, verbatim: verbatim, filters: filter)
          let found = try? updated.search(query, limit: 20, verbatim: verbatim, filters: filter)
          guard let expected, let found else {
            #expect((expected == nil) == (found == nil), "\(query): one failed")
            continue
          }
          #expect(found.total == expected.total, "\(query) \(filter)")
          #expect(found.hits.count == expected.hits.count, "\(query)")
          for (hit, want) in zip(found.hits, expected.hits) {
            #expect(hit.documentIndex == want.documentIndex && hit.passageIndex == want.passageIndex, "\(query)")
            #expect(
              abs(hit.score - want.score) <= 1e-12 * max(1, abs(want.score)), "\(query): \(hit.score) \(want.score)")
            #expect(hit.matchedRanges == want.matchedRanges, "\(query)")
            #expect(hit.matchStartMilliseconds == want.matchStartMilliseconds, "\(query)")
            #expect(
              updated.passage(doc: hit.documentIndex, passage: hit.passageIndex).text
                == reference.passage(doc: want.documentIndex, passage: want.passageIndex).text)
          }
        }
      }
    }
  }

  /// Best matches: each segment ranks its candidates with the generation's statistics, so
  /// a passage both answers rank has the same score and evidence in both.
  static func expectSameBestMatches(_ updated: SearchIndex, _ reference: SearchIndex, _ queries: [String]) throws {
    var identical = 0
    for query in queries {
      guard let expected = try? reference.bestMatch(query, limit: 10),
        let found = try? updated.bestMatch(query, limit: 10)
      else { continue }
      #expect(found.total == expected.total, "\(query)")
      var wanted: [String: RankedHit] = [:]
      for hit in expected.hits {
        wanted[reference.document(hit.hit.documentIndex).id + "#\(hit.hit.passageIndex)"] = hit
      }
      for hit in found.hits {
        guard let want = wanted[updated.document(hit.hit.documentIndex).id + "#\(hit.hit.passageIndex)"] else {
          continue
        }
        #expect(abs(hit.hit.score - want.hit.score) <= 1e-12 * max(1, abs(want.hit.score)), "\(query)")
        #expect(hit.matchesAllWords == want.matchesAllWords && hit.ownCoverage == want.ownCoverage, "\(query)")
      }
      if found.hits.map(\.hit.score) == expected.hits.map(\.hit.score) { identical += 1 }
    }
    // Candidates are chosen per segment, so an answer may differ; most do not.
    #expect(identical * 10 >= queries.count * 8, "\(identical) of \(queries.count)")
  }

  @Test("Updates answer as a build from scratch", arguments: [UInt64(3), 11])
  func updatesAnswerAsAFullBuild(seed: UInt64) throws {
    var generator = CorpusGenerator(seed: seed, isDifferential: false, vocabularySize: 900)
    let pool = generator.documents(talks: 30, pages: 14, wordScale: 0.05)
    let initial = Array(pool.prefix(24))
    var model = Model(
      live: Dictionary(uniqueKeysWithValues: initial.map { ($0.id, $0) }), spare: Array(pool.dropFirst(24)),
      random: SplitMix64(seed: seed))
    let queries = EvaluationOracleTests.queries(generator, initial, seed: seed)
    let directory = Self.temporary()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IndexBuilder().build(documents: initial, corpusFingerprint: "start", into: directory)
    var index = try SearchIndex.open(at: directory)
    var largest = 1
    for step in 0..<8 {
      let (changed, removed) = model.step()
      index = try Self.update(index, model, changed: changed, removed: removed, directory: directory)
      largest = max(largest, index.segments.count)
      #expect(index.segments.count <= Self.keepsSegments.maximumSegments)
      let order = Self.liveOrder(index)
      #expect(Set(order) == Set(model.live.keys), "step \(step)")
      let referenceDirectory = Self.temporary()
      defer { try? FileManager.default.removeItem(at: referenceDirectory) }
      _ = try IndexBuilder().build(
        documents: order.map { model.live[$0]! }, corpusFingerprint: "ref", into: referenceDirectory)
      let reference = try SearchIndex.open(at: referenceDirectory)
      #expect(index.passageCount == reference.passageCount)
      #expect(index.statistics.averageWords == reference.statistics.averageWords)
      try Self.expectSameAnswers(index, reference, step % 2 == 0 ? queries : Array(queries.prefix(60)))
      try Self.expectSameBestMatches(index, reference, Array(queries.prefix(80)))
    }
    // The updates did keep several segments, deletions among them.
    #expect(largest > 2)
  }

  @Test func theSegmentCountStaysBoundedAndDeletionsSurviveMerges() throws {
    var generator = CorpusGenerator(seed: 5, isDifferential: false, vocabularySize: 600)
    let pool = generator.documents(talks: 40, pages: 0, wordScale: 0.03)
    let initial = Array(pool.prefix(10))
    var model = Model(
      live: Dictionary(uniqueKeysWithValues: initial.map { ($0.id, $0) }), spare: Array(pool.dropFirst(10)),
      random: SplitMix64(seed: 9))
    let directory = Self.temporary()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IndexBuilder().build(documents: initial, corpusFingerprint: "start", into: directory)
    var index = try SearchIndex.open(at: directory)
    let policy = MergePolicy(
      maximumSegments: 3, maximumTailShare: 100, maximumDeletedShare: 100, rebuildsPastBaseAverage: false)
    for _ in 0..<20 {
      let (changed, removed) = model.step()
      index = try Self.update(index, model, changed: changed, removed: removed, directory: directory, policy: policy)
      #expect(index.segments.count <= 3)
      #expect(Set(Self.liveOrder(index)) == Set(model.live.keys))
      for id in removed {
        #expect(try index.search("the OR a OR of OR to", limit: 1, filters: SearchFilters(sources: [id])).total == 0)
      }
    }
    // Segments no generation names are swept.
    let names = Set(IndexDirectory.segmentNames(in: directory))
    #expect(names.count <= 6)
  }

  @Test func aReaderOfAnOldGenerationKeepsReadingIt() throws {
    let directory = Self.temporary()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IndexBuilder().build(documents: IndexFixture.documents, corpusFingerprint: "one", into: directory)
    let old = try SearchIndex.open(at: directory)
    let before = try old.search("toolbar", limit: 10)
    var current = old
    for round in 0..<4 {
      var changed = IndexFixture.documents[0]
      changed.title = "Round \(round)"
      _ = try IndexBuilder().update(
        current, adding: [changed], removing: [], corpusFingerprint: "r\(round)", policy: Self.keepsSegments,
        into: directory
      ) { _ throws(IndexBuildError) in [] }
      current = try SearchIndex.open(at: directory)
    }
    #expect(try old.search("toolbar", limit: 10) == before)
    #expect(try old.verifiedPassage(doc: 0, passage: 1).text == IndexFixture.documents[0].passages[1].text)
    #expect(current.document(current.documentCount - 1).title == "Round 3")
  }

  @Test func aBuildOverAVersion4IndexReplacesItAndSweepsWhatNoGenerationNames() throws {
    let directory = Self.temporary()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(at: IndexFormatTests.fixtures.appendingPathComponent("index-v4"), to: directory)
    #expect(throws: IndexFormatError.self) { _ = try SearchIndex.open(at: directory) }
    for round in 0..<3 {
      _ = try IndexBuilder().build(
        documents: IndexFixture.documents, corpusFingerprint: "r\(round)", into: directory)
    }
    #expect(try SearchIndex.open(at: directory).documentCount == IndexFixture.documents.count)
    var named = Set<String>()
    for generation in IndexDirectory.generations(in: directory) {
      let url = generation.url.appendingPathComponent(IndexManifest.fileName)
      named.formUnion(try #require(IndexManifest.decode(Data(contentsOf: url))).segments.map(\.name))
    }
    #expect(Set(IndexDirectory.segmentNames(in: directory)) == named)
  }

  /// Rewrites the current manifest with `change` applied.
  static func damageManifest(_ directory: URL, _ change: (inout IndexManifest) -> Void) throws {
    let url = try IndexDirectory.currentGeneration(in: directory).appendingPathComponent(IndexManifest.fileName)
    var manifest = try #require(IndexManifest.decode(Data(contentsOf: url)))
    change(&manifest)
    try JSONEncoder().encode(manifest).write(to: url)
  }

  static func updatedFixture() throws -> URL {
    let directory = Self.temporary()
    _ = try IndexBuilder().build(documents: IndexFixture.documents, corpusFingerprint: "one", into: directory)
    var changed = IndexFixture.documents[1]
    changed.title = "Changed"
    _ = try IndexBuilder().update(
      try SearchIndex.open(at: directory), adding: [changed], removing: [], corpusFingerprint: "two",
      policy: Self.keepsSegments, into: directory
    ) { _ throws(IndexBuildError) in [] }
    return directory
  }

  @Test func aDamagedManifestIsATypedErrorNeverAMisread() throws {
    let cases: [(String, (inout IndexManifest) -> Void)] = [
      ("missing segment", { $0.segments[1].name = "segment-0000" }),
      ("dot-dot", { $0.segments[1].name = "segment-../../x" }),
      ("slash", { $0.segments[0].name = "../generation-1" }),
      ("deletion out of range", { $0.segments[0].deleted = [$0.segments[0].documents + 3] }),
      ("negative deletion", { $0.segments[0].deleted = [-1] }),
      ("live counts", { $0.documents += 1 }),
      ("no segments", { $0.segments = [] }),
    ]
    for (label, change) in cases {
      let directory = try Self.updatedFixture()
      defer { try? FileManager.default.removeItem(at: directory) }
      try Self.damageManifest(directory, change)
      #expect(throws: IndexFormatError.self, "\(label)") { _ = try SearchIndex.open(at: directory) }
      #expect(IndexCheck.check(indexDirectory: directory).report.findings.isEmpty == false, "\(label)")
    }
  }

  @Test func aSegmentThatIsALinkOrTruncatedIsRefused() throws {
    let directory = try Self.updatedFixture()
    defer { try? FileManager.default.removeItem(at: directory) }
    let generation = try IndexDirectory.currentGeneration(in: directory)
    let manifest = try #require(
      IndexManifest.decode(Data(contentsOf: generation.appendingPathComponent(IndexManifest.fileName))))
    let newest = IndexDirectory.segmentDirectory(manifest.segments[1].name, in: directory)
    let store = newest.appendingPathComponent("store.dki")
    let bytes = try Data(contentsOf: store)
    try bytes.prefix(bytes.count - 9).write(to: store)
    #expect(throws: IndexFormatError.self) { _ = try SearchIndex.open(at: directory) }
    try FileManager.default.removeItem(at: newest)
    let base = IndexDirectory.segmentDirectory(manifest.segments[0].name, in: directory)
    try FileManager.default.createSymbolicLink(at: newest, withDestinationURL: base)
    #expect(throws: IndexFormatError.self) { _ = try SearchIndex.open(at: directory) }
  }
}
