import CSQLite3
import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import SearchIndex

/// Measures ranking on a relevance set (`docs/relevance/set.tsv`): the sample corpus plus a
/// generated distractor corpus, one index, and each query answered by the best-match
/// ranker, by the strict all-words query, and by SQLite FTS5's BM25 over the OR of the
/// query's words. Prints recall@1/5/10 (a relevant passage among the first k), MRR@10, the
/// share found among the first 1,000 hits (what ranking alone could reach), the share
/// whose first hit is a wrong fragment (under five words and not relevant: a table cell, a
/// heading-like line winning on one word) and the queries answered with nothing, split by
/// questions and keyword queries; to stderr, the audit threshold's calibration and how
/// often `cite` of a query would cite its first hit or refuse it, right or wrong.
///
///     duo-kb-bench relevance --set FILE --corpus DIR --talks 300 --work DIR [--weights k=v,...]
struct RelevanceBench {
  var setFile: URL
  var corpus: URL
  /// Text files of prose on the corpus's own topics (write-ups about the same talks), each
  /// read as a document of one passage per sentence: distractors that share the queries'
  /// words, as the rest of Apple's talks would. Sentences holding a judged passage's
  /// words (a write-up quoting the talk) are left out.
  var distractors: URL?
  var talks: Int
  var work: URL
  var weights: RankingWeights
  /// Print each query's first hits (ours) where no relevant passage is in the top 5.
  var showsMisses: Bool
  /// Further weight sets (`name=value,...` each) measured on the same index, for tuning.
  var alternatives: [String] = []

  struct Judgement {
    var kind: String
    var query: String
    var relevant: [String]
  }

  struct Tally {
    var queries = 0
    var at1 = 0
    var at5 = 0
    var at10 = 0
    var reciprocalRanks = 0.0
    var empty = 0
    /// Queries with a relevant passage among the first `Self.deepHits`: the most that a
    /// better ordering of the same hits could bring into the top 10.
    var foundDeep = 0
    /// Queries whose first hit is not relevant and has fewer than `Self.fragmentWords` words.
    var wrongFragmentFirst = 0
    static let deepHits = 1_000
    static let fragmentWords = 5

    mutating func add(rank: Int?, isEmpty: Bool, foundDeep: Bool, firstHitWords: Int? = nil) {
      queries += 1
      if isEmpty { empty += 1 }
      if foundDeep { self.foundDeep += 1 }
      // A relevant first hit is never a wrong fragment, however short.
      if rank != 1, let words = firstHitWords, words < Self.fragmentWords { wrongFragmentFirst += 1 }
      guard let rank else { return }
      if rank <= 1 { at1 += 1 }
      if rank <= 5 { at5 += 1 }
      if rank <= 10 {
        at10 += 1
        reciprocalRanks += 1 / Double(rank)
      }
    }

    func row(_ engine: String, _ kind: String) -> String {
      func share(_ count: Int) -> String { String(format: "%.3f", Double(count) / Double(max(1, queries))) }
      return "| \(engine) | \(kind) | \(queries) | \(share(at1)) | \(share(at5)) | \(share(at10)) | "
        + String(format: "%.3f", reciprocalRanks / Double(max(1, queries)))
        + " | \(share(foundDeep)) | \(share(wrongFragmentFirst)) | \(empty) |"
    }
  }

  static func readSet(_ url: URL) throws -> [Judgement] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4 else { return nil }
      return Judgement(
        kind: fields[0], query: fields[1], relevant: fields[3].components(separatedBy: "||"))
    }
  }

  static func readCorpus(_ directory: URL) throws -> [Document] {
    let files =
      FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
      .sorted { $0.path < $1.path } ?? []
    return try files.map { try DocumentFormat.decode(Data(contentsOf: $0)) }
  }

  func run() throws {
    let judgements = try Self.readSet(setFile)
    let sample = try Self.readCorpus(corpus)
    var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
    let prose = try distractors.map { try Self.readProse($0, leavingOut: judgements.flatMap(\.relevant)) } ?? []
    let documents = sample + prose + generator.documents(talks: talks, pages: 200)
    let sampleIds = Set(sample.map(\.id))
    let passageCount = documents.reduce(0) { $0 + $1.passages.count }
    log("\(judgements.count) queries; \(documents.count) documents, \(passageCount) passages")
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let indexDirectory = work.appendingPathComponent("index")
    _ = try IndexBuilder().build(documents: documents, corpusFingerprint: "relevance", into: indexDirectory)
    let index = try SearchIndex.open(at: indexDirectory)
    let table = try FTS5PassageTable(documents: documents, optimizes: true)
    var located: [(document: Int, passage: Int)] = []
    for (number, document) in documents.enumerated() {
      for passage in document.passages.indices { located.append((number, passage)) }
    }
    func isRelevant(_ judgement: Judgement, document: Int, passage: Int) -> Bool {
      let stored = documents[document]
      guard sampleIds.contains(stored.id) else { return false }
      let text = stored.passages[passage].text
      return judgement.relevant.contains { text.contains($0) }
    }
    func rank(_ judgement: Judgement, _ hits: [(Int, Int)]) -> Int? {
      hits.prefix(10).firstIndex { isRelevant(judgement, document: $0.0, passage: $0.1) }.map { $0 + 1 }
    }
    func foundDeep(_ judgement: Judgement, _ hits: [(Int, Int)]) -> Bool {
      hits.contains { isRelevant(judgement, document: $0.0, passage: $0.1) }
    }
    func firstHitWords(_ hits: [(Int, Int)]) -> Int? {
      hits.first.map { documents[$0.0].passages[$0.1].text.split(whereSeparator: \.isWhitespace).count }
    }
    var tallies: [String: Tally] = [:]
    // Audit calibration: the support (as audit computes it) of each query's best relevant
    // hit, and of the best irrelevant one, among the first three.
    var relevantSupport: [Double] = []
    var irrelevantSupport: [Double] = []
    // What `cite` of the query would do with its first hit, by kind: cite it (relevant or
    // not), or refuse it (its first hit relevant or not).
    var citeOutcomes: [String: [String: Int]] = [:]
    for judgement in judgements {
      let ours = try index.bestMatch(
        judgement.query, limit: 10, verbatim: false, filters: SearchFilters(), weights: weights)
      let ourHits = ours.hits.map { ($0.hit.documentIndex, $0.hit.passageIndex) }
      let ourRank = rank(judgement, ourHits)
      let ourDeep = try index.bestMatch(
        judgement.query, limit: Tally.deepHits, verbatim: false, filters: SearchFilters(), weights: weights
      ).hits.map { ($0.hit.documentIndex, $0.hit.passageIndex) }
      tallies["best match|\(judgement.kind)", default: Tally()].add(
        rank: ourRank, isEmpty: ourHits.isEmpty, foundDeep: foundDeep(judgement, ourDeep),
        firstHitWords: firstHitWords(ourHits))
      // `cite` itself: a weak first hit is refused (it throws), a strong one cited.
      if !ours.hits.isEmpty {
        let cited = (try? index.citedAnswer(judgement.query)) != nil
        let outcome = (cited ? "cited " : "refused ") + (ourRank == 1 ? "relevant" : "wrong")
        citeOutcomes[judgement.kind, default: [:]][outcome, default: 0] += 1
      }
      var bestRelevant = 0.0
      var bestIrrelevant = 0.0
      for hit in ours.hits.prefix(3) {
        let support = min(1, hit.ownCoverage + 0.25 * hit.contextCoverage)
        let capped = ours.contentWordCount >= 2 && hit.ownContentWords < 2 ? min(support, 0.0) : support
        if isRelevant(judgement, document: hit.hit.documentIndex, passage: hit.hit.passageIndex) {
          bestRelevant = max(bestRelevant, capped)
        } else {
          bestIrrelevant = max(bestIrrelevant, capped)
        }
      }
      relevantSupport.append(bestRelevant)
      irrelevantSupport.append(bestIrrelevant)
      if showsMisses && (ourRank ?? 99) > 5 {
        log("miss (\(ourRank.map(String.init) ?? "-")): \(judgement.query)")
        for hit in ours.hits.prefix(3) {
          let text = documents[hit.hit.documentIndex].passages[hit.hit.passageIndex].text
          log(String(format: "    %.2f %@", hit.hit.score, String(text.prefix(90))))
        }
      }
      let strict = try index.search(judgement.query, limit: Tally.deepHits)
      let strictHits = strict.hits.map { ($0.documentIndex, $0.passageIndex) }
      tallies["strict|\(judgement.kind)", default: Tally()].add(
        rank: rank(judgement, strictHits), isEmpty: strictHits.isEmpty, foundDeep: foundDeep(judgement, strictHits),
        firstHitWords: firstHitWords(strictHits))
      let fts5Hits = try Self.fts5(table, judgement.query).map { located[$0] }.map { ($0.document, $0.passage) }
      tallies["FTS5 BM25 (OR)|\(judgement.kind)", default: Tally()].add(
        rank: rank(judgement, fts5Hits), isEmpty: fts5Hits.isEmpty, foundDeep: foundDeep(judgement, fts5Hits),
        firstHitWords: firstHitWords(fts5Hits))
    }
    log("audit calibration (support among the first 3; one word of several counts 0):")
    for threshold in stride(from: 0.25, through: 0.651, by: 0.05) {
      let found = relevantSupport.filter { $0 >= threshold }.count
      let wrong = irrelevantSupport.filter { $0 >= threshold }.count
      log(
        String(
          format: "  threshold %.2f: %d of %d queries' answers reach it; %d queries have a wrong passage that does",
          threshold, found, relevantSupport.count, wrong))
    }
    log(
      "cite of each query (its first hit cited when it has every word or support >= \(AuditSupport.citationThreshold)):"
    )
    for kind in ["question", "keywords"] {
      let outcomes = citeOutcomes[kind, default: [:]]
      log(
        "  \(kind): cited \(outcomes["cited relevant", default: 0]) relevant and \(outcomes["cited wrong", default: 0]) "
          + "wrong; refused \(outcomes["refused wrong", default: 0]) wrong and "
          + "\(outcomes["refused relevant", default: 0]) relevant")
    }
    for alternative in alternatives {
      var tally: [String: Tally] = [:]
      let weights = RankingWeights(overriding: alternative)
      for judgement in judgements {
        let ours = try index.bestMatch(
          judgement.query, limit: 10, verbatim: false, filters: SearchFilters(), weights: weights)
        let deep = try index.bestMatch(
          judgement.query, limit: Tally.deepHits, verbatim: false, filters: SearchFilters(), weights: weights)
        tally[judgement.kind, default: Tally()].add(
          rank: rank(judgement, ours.hits.map { ($0.hit.documentIndex, $0.hit.passageIndex) }),
          isEmpty: ours.hits.isEmpty,
          foundDeep: foundDeep(judgement, deep.hits.map { ($0.hit.documentIndex, $0.hit.passageIndex) }))
      }
      for kind in ["question", "keywords"] { log(tally[kind, default: Tally()].row(alternative, kind)) }
    }
    print(
      "Relevance set: \(judgements.count) queries; \(sample.count) sample documents, "
        + "\(prose.count) of topical prose (\(prose.reduce(0) { $0 + $1.passages.count }) sentences) and "
        + "\(documents.count - sample.count - prose.count) generated ones: \(passageCount) passages.\n")
    print(
      "| engine | queries | n | recall@1 | recall@5 | recall@10 | MRR@10 | in first 1,000 | wrong first hit < 5 words | empty |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for engine in ["best match", "strict", "FTS5 BM25 (OR)"] {
      for kind in ["question", "keywords"] {
        if let tally = tallies["\(engine)|\(kind)"] { print(tally.row(engine, kind)) }
      }
    }
  }

  /// Each text file of `directory` as a talk of one passage per sentence, its first line
  /// the title; sentences containing any of `leavingOut` (case aside) are dropped.
  static func readProse(_ directory: URL, leavingOut: [String]) throws -> [Document] {
    let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "txt" }.sorted { $0.path < $1.path }
    let quoted = leavingOut.map { $0.lowercased() }
    return try files.enumerated().map { number, file in
      let text = try String(contentsOf: file, encoding: .utf8)
      let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      var passages: [Passage] = []
      for line in lines where !line.isEmpty {
        var sentence = ""
        for character in line {
          sentence.append(character)
          if ".?!".contains(character) {
            append(sentence)
            sentence = ""
          }
        }
        append(sentence)
      }
      func append(_ sentence: String) {
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        guard trimmed.split(separator: " ").count >= 2 else { return }
        let lowered = trimmed.lowercased()
        guard !quoted.contains(where: { lowered.contains($0) }) else { return }
        passages.append(Passage(kind: .speech, text: trimmed))
      }
      return Document(
        id: "distractors/prose-\(number)", kind: .talk, title: lines.first ?? "prose",
        url: "https://example.invalid/\(number)",
        passages: passages)
    }
  }

  /// FTS5's best 10 by bm25 for the OR of the query's words (global passage numbers).
  static func fts5(_ table: FTS5PassageTable, _ query: String) throws -> [Int] {
    let words = query.split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }
      .map { "\"" + $0.replacingOccurrences(of: "’", with: "'") + "\"" }
    guard !words.isEmpty else { return [] }
    var statement: OpaquePointer?
    let sql = "SELECT rowid FROM passages WHERE passages MATCH ? ORDER BY bm25(passages) LIMIT \(Tally.deepHits)"
    guard sqlite3_prepare_v2(table.database, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(
      statement, 1, words.joined(separator: " OR "), -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    var result: [Int] = []
    while sqlite3_step(statement) == SQLITE_ROW { result.append(Int(sqlite3_column_int64(statement, 0)) - 1) }
    return result
  }
}

extension RankingWeights {
  /// Weights given as `name=value,...` on the command line, for trying a change.
  init(overriding text: String?) {
    self = .standard
    for pair in (text ?? "").split(separator: ",") {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let value = Double(parts[1]) else { continue }
      switch parts[0] {
      case "k1": k1 = value
      case "b": b = value
      case "minimumScoredWords": minimumScoredWords = value
      case "stopWordWeight": stopWordWeight = value
      case "stemmedFormWeight": stemmedFormWeight = value
      case "contextWeight": contextWeight = value
      case "headingWeight": headingWeight = value
      case "titleWeight": titleWeight = value
      case "descriptionWeight": descriptionWeight = value
      case "contextCoverageCredit": contextCoverageCredit = value
      case "coordinationExponent": coordinationExponent = value
      case "near": neighbourWeights[0] = value
      case "far": neighbourWeights[1] = value
      case "namingFactor": namingFactor = value
      case "namingSlack": namingSlack = value
      default: log("unknown weight \(parts[0])")
      }
    }
  }
}
