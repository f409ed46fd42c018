import DocumentModel
import DuoKBTestSupport
import Foundation
import ProcessTuning
import SearchIndex

/// One scale: generate, build and query with each engine, print a table.
struct BenchRun {
  /// Rounds of the queries for duo-kb and for tantivy (FTS5, far slower, runs one).
  static let rounds = 3

  var talks: Int
  var pages: Int
  var work: URL
  var tantivyScript: String?
  /// The Python that runs `tantivyScript` (one with the tantivy module).
  var python: String
  /// The release `duo-kb` executable, for whole-process times.
  var executable: String?

  struct Row {
    var engine: String
    var buildSeconds: Double
    var megabytes: Double
    var latencies: Latencies
    var peakMegabytes: Double?
  }

  /// What the stage with the documents in memory leaves for the stage without them.
  struct Prepared {
    var passageCount: Int
    var wordCount: Int
    var queries: [GeneratedQuery]
    var queryFile: URL
    var indexDirectory: URL
    var buildSeconds: Double
    var indexBytes: Int
    var fts5: FTS5Bench
    var databaseURL: URL
    var ftsBuild: Double
    var home: URL?
    var tantivyCorpus: URL?
  }

  /// Everything that needs the documents comes first; they are then released before any
  /// engine searches or reads the corpus back, so that at 30,000 talks (some 10 GB of
  /// documents) `duo-kb index` and tantivy's loader have the memory to themselves.
  func run() throws {
    let fileManager = FileManager.default
    try? fileManager.removeItem(at: work)
    try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
    let prepared = try prepare()
    HeapRetention.releaseFree()
    log("searching (child process)")
    var ourRounds = [try runChild(index: prepared.indexDirectory, queries: prepared.queryFile)]

    var whole: WholeProcessBench.Report?
    var bestMatch: SearchRun.Report?
    if let executable, let home = prepared.home {
      // What `duo-kb search` runs: the same queries as best matches, for the breakdown.
      log("searching as best matches (child process)")
      bestMatch = try runChild(index: prepared.indexDirectory, queries: prepared.queryFile, bestMatch: true)
      log("whole process: duo-kb index, then duo-kb search and the sqlite3 shell, one query per process")
      whole = try WholeProcessBench(
        executable: URL(fileURLWithPath: executable), home: home, sqliteDatabase: prepared.databaseURL
      ).run(queries: QueryFile.read(prepared.queryFile))
    }

    log("searching FTS5")
    let ftsLatencies = try prepared.fts5.measure(prepared.queries)
    let ftsRow = Row(
      engine: "SQLite FTS5", buildSeconds: prepared.ftsBuild,
      megabytes: Double(fileSize(prepared.databaseURL)) / 1_048_576,
      latencies: ftsLatencies, peakMegabytes: nil)

    var tantivyRounds: [Row] = []
    if let tantivyScript, let corpusFile = prepared.tantivyCorpus {
      log("tantivy")
      if let row = try runTantivy(script: tantivyScript, corpus: corpusFile, queries: prepared.queryFile) {
        tantivyRounds.append(row)
      }
    }
    // The later rounds alternate the engines: a spell of load on the machine then slows a
    // round of each, and each query's best round counts for both.
    for round in 2...Self.rounds {
      log("round \(round) of \(Self.rounds): duo-kb" + (tantivyRounds.isEmpty ? "" : ", then tantivy"))
      ourRounds.append(try runChild(index: prepared.indexDirectory, queries: prepared.queryFile))
      if let tantivyScript, let corpusFile = prepared.tantivyCorpus, !tantivyRounds.isEmpty,
        let row = try runTantivy(script: tantivyScript, corpus: corpusFile, queries: prepared.queryFile, reuse: true)
      {
        tantivyRounds.append(row)
      }
    }
    let kinds = prepared.queries.map(\.kind)
    let report = ourRounds[0]
    var rows = [
      Row(
        engine: "duo-kb", buildSeconds: prepared.buildSeconds,
        megabytes: Double(prepared.indexBytes) / 1_048_576,
        latencies: Latencies.best(of: ourRounds.map(\.latencies), kinds: kinds),
        peakMegabytes: ourRounds.map(\.peakMegabytes).max()),
      ftsRow,
    ]
    if var tantivy = tantivyRounds.first {
      tantivy.latencies = Latencies.best(of: tantivyRounds.map(\.latencies), kinds: kinds)
      rows.append(tantivy)
    }
    printTable(rows, passages: prepared.passageCount, words: prepared.wordCount, hits: report.totalHits)
    printSlowest(rows, queries: prepared.queries)
    print(
      "\nOpening the index (`SearchIndex.open`, in process, median of 21): "
        + String(format: "%.3f ms", report.openMicroseconds / 1000))
    if let whole {
      printWholeProcess(whole)
      printBreakdown(
        whole, openMicroseconds: report.openMicroseconds, latencies: report.latencies,
        bestMatchLatencies: bestMatch?.latencies)
    }
  }

  /// Generates the corpus and writes every engine's input from it: our index, the FTS5
  /// database, the duo-kb home and tantivy's passages.
  func prepare() throws -> Prepared {
    log("generating \(talks) talks and \(pages) pages")
    var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
    let documents = generator.documents(talks: talks, pages: pages)
    let passageCount = documents.reduce(0) { $0 + $1.passages.count }
    let wordCount = documents.reduce(0) { total, document in
      total + document.passages.reduce(0) { $0 + $1.text.split(separator: " ").count }
    }
    let queries = QueryGenerator.queries(count: 200, seed: 7, generator: generator, documents: documents)
    let queryFile = work.appendingPathComponent("queries.tsv")
    try QueryFile.write(queries, to: queryFile)

    log("building our index")
    let indexDirectory = work.appendingPathComponent("index")
    var start = now()
    let summary = try IndexBuilder().build(
      documents: documents, corpusFingerprint: "bench", into: indexDirectory)
    let buildSeconds = Double(now() - start) / 1e9

    log("building FTS5")
    let databaseURL = work.appendingPathComponent("fts5.sqlite")
    start = now()
    let fts5 = try FTS5Bench(path: databaseURL.path, documents: documents)
    let ftsBuild = Double(now() - start) / 1e9

    var home: URL?
    if executable != nil {
      log("writing the corpus as a duo-kb home")
      home = work.appendingPathComponent("home")
      try WholeProcessBench.writeHome(home!, documents: documents)
    }
    var tantivyCorpus: URL?
    if tantivyScript != nil {
      log("writing tantivy's passages")
      tantivyCorpus = work.appendingPathComponent("passages.jsonl")
      try writeJSONLines(documents, to: tantivyCorpus!)
    }
    return Prepared(
      passageCount: passageCount, wordCount: wordCount, queries: queries, queryFile: queryFile,
      indexDirectory: indexDirectory, buildSeconds: buildSeconds, indexBytes: summary.byteCount, fts5: fts5,
      databaseURL: databaseURL, ftsBuild: ftsBuild, home: home, tantivyCorpus: tantivyCorpus)
  }

  func printWholeProcess(_ report: WholeProcessBench.Report) {
    func format(_ value: Double) -> String { String(format: "%.1f", value) }
    func sqlite(_ samples: [Double]?, _ fraction: Double) -> String {
      guard let samples, !samples.isEmpty else { return "-" }
      return format(Latencies.percentile(samples, fraction))
    }
    print("\nWhole process (`duo-kb`, release, one process per query, \(report.runs) runs, after an untimed")
    print("pass over the same queries warms the page cache; the `sqlite3` shell runs the same FTS5 query")
    print("after each):\n")
    print("| measure | duo-kb | sqlite3 |")
    print("|---|---:|---:|")
    print(
      "| `duo-kb index` from the corpus files (median of \(WholeProcessBench.indexBuilds)), s | \(String(format: "%.2f", report.indexSeconds)) | - |"
    )
    print("| search median, ms | \(format(report.medianMilliseconds)) | \(sqlite(report.sqliteSamples, 0.5)) |")
    print("| search p95, ms | \(format(report.p95Milliseconds)) | \(sqlite(report.sqliteSamples, 0.95)) |")
    print("| search peak RSS, MB | \(report.peakMegabytes.map(format) ?? "-") | - |")
    let runs = Double(max(report.runs, 1))
    print(
      "| pages read from disk per search (major faults) | \(format(Double(report.majorFaults) / runs)) "
        + "| \(report.sqliteSamples.isEmpty ? "-" : format(Double(report.sqliteMajorFaults) / runs)) |")
    for kind in QueryGenerator.kinds {
      guard let samples = report.byKind[kind] else { continue }
      print(
        "| \(kind) median (\(samples.count) runs), ms | \(format(Latencies.percentile(samples, 0.5))) "
          + "| \(sqlite(report.sqliteByKind[kind], 0.5)) |")
    }
  }

  /// Where a whole-process search's median goes: starting the process (`duo-kb
  /// --version`), opening the index and the query (both in process, medians), and the
  /// rest (the corpus's freshness check, the answer's reads and output, exit). `duo-kb
  /// search` runs a best match (`bestMatchLatencies`): the query it answers is counted as
  /// that, the strict query's time shown beside it.
  func printBreakdown(
    _ report: WholeProcessBench.Report, openMicroseconds: Double, latencies: Latencies,
    bestMatchLatencies: Latencies?
  ) {
    guard !report.versionSamples.isEmpty else { return }
    let start = Latencies.percentile(report.versionSamples, 0.5)
    let open = openMicroseconds / 1000
    let strict = latencies.p("all", 0.5) / 1000
    let query = bestMatchLatencies.map { $0.p("all", 0.5) / 1000 } ?? strict
    let rest = report.medianMilliseconds - start - open - query
    let asked =
      bestMatchLatencies == nil
      ? String(format: "query (in process, p50) %.2f", query)
      : String(format: "query as a best match (in process, p50; strict %.2f) %.2f", strict, query)
    print(
      "\nBreakdown of the whole-process median, ms: start (`duo-kb --version`) "
        + String(format: "%.1f, open %.2f, ", start, open) + asked
        + String(format: ", the rest %.1f; total %.1f", rest, report.medianMilliseconds))
  }

  func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  func runChild(index: URL, queries: URL, bestMatch: Bool = false) throws -> SearchRun.Report {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.fileExists(atPath: process.executableURL!.path) {
      process.executableURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent(CommandLine.arguments[0])
    }
    process.arguments =
      ["search", "--index", index.path, "--queries", queries.path] + (bestMatch ? ["--best-match", "yes"] : [])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONDecoder().decode(SearchRun.Report.self, from: data)
  }

  func writeJSONLines(_ documents: [Document], to url: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var buffer = Data()
    var id = 0
    let encoder = JSONEncoder()
    for document in documents {
      for passage in document.passages {
        struct Line: Encodable {
          var id: Int
          var body: String
        }
        buffer.append(try encoder.encode(Line(id: id, body: passage.text)))
        buffer.append(0x0A)
        id += 1
        if buffer.count > 1 << 22 {
          handle.write(buffer)
          buffer.removeAll(keepingCapacity: true)
        }
      }
    }
    handle.write(buffer)
  }

  /// Builds tantivy's index and times the queries on it; `reuse` opens the index the first
  /// call built and times them again.
  func runTantivy(script: String, corpus: URL, queries: URL, reuse: Bool = false) throws -> Row? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [python, script, corpus.path, queries.path, work.appendingPathComponent("tantivy").path]
      + (reuse ? ["--reuse"] : [])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      log("tantivy unavailable (python exited \(process.terminationStatus))")
      return nil
    }
    struct Report: Decodable {
      var buildSeconds: Double
      var megabytes: Double
      var latencies: [String: [Double]]
      var perQuery: [Double?]
      var peakMegabytes: Double
    }
    let report = try JSONDecoder().decode(Report.self, from: data)
    return Row(
      engine: "tantivy", buildSeconds: report.buildSeconds, megabytes: report.megabytes,
      latencies: Latencies(byKind: report.latencies, inOrder: report.perQuery), peakMegabytes: report.peakMegabytes)
  }

  /// The ten slowest of our queries with every engine's time, and how many took over 10 ms.
  func printSlowest(_ rows: [Row], queries: [GeneratedQuery], count: Int = 10) {
    func cell(_ row: Row, _ index: Int) -> String {
      guard index < row.latencies.inOrder.count, let micros = row.latencies.inOrder[index] else { return "-" }
      return String(format: "%.2f", micros / 1000)
    }
    guard let ours = rows.first else { return }
    let order = ours.latencies.inOrder.indices.sorted {
      (ours.latencies.inOrder[$0] ?? 0) > (ours.latencies.inOrder[$1] ?? 0)
    }
    print("\nSlowest queries (ours), ms:\n")
    print("| kind | query | " + rows.map(\.engine).joined(separator: " | ") + " |")
    print("|---|---|" + rows.map { _ in "---:|" }.joined())
    for index in order.prefix(count) where index < queries.count {
      let query = queries[index]
      print("| \(query.kind) | `\(query.ours)` | " + rows.map { cell($0, index) }.joined(separator: " | ") + " |")
    }
    let over = rows.map { row in "\(row.engine) \(row.latencies.inOrder.filter { ($0 ?? 0) > 10_000 }.count)" }
    print("\nQueries over 10 ms: " + over.joined(separator: ", "))
  }

  func printTable(_ rows: [Row], passages: Int, words: Int, hits: Int) {
    // Below a millisecond, three decimals: the smallest kinds take 0.02 ms, where two would
    // print 0.03 against 0.02 for what is 1.2 times.
    func format(_ value: Double) -> String {
      value.isNaN
        ? "-"
        : String(format: value >= 100 ? "%.0f" : value >= 1 ? "%.2f" : "%.3f", value)
    }
    // The totals summed over the queries: a change that is not meant to change answers
    // must leave this as it was.
    print("\n### \(talks) talks + \(pages) pages: \(passages) passages, \(words) words; queries' totals: \(hits)\n")
    print("| engine | build s | size MB | search peak MB |")
    print("|---|---:|---:|---:|")
    for row in rows {
      print(
        "| \(row.engine) | \(format(row.buildSeconds)) | \(format(row.megabytes)) | \(row.peakMegabytes.map(format) ?? "-") |"
      )
    }
    let kinds = ["all"] + QueryGenerator.kinds
    print(
      "\nLatency in ms, p50 / p95 (200 queries, top 10, warm, in-process; each query the median of 3 runs,"
        + " its best of \(Self.rounds) rounds for duo-kb and tantivy, whose rounds alternate, of one for FTS5):\n")
    print("| kind | " + rows.map(\.engine).joined(separator: " | ") + " |")
    print("|---|" + rows.map { _ in "---:|" }.joined())
    for kind in kinds {
      let cells = rows.map { row in
        "\(format(row.latencies.p(kind, 0.5) / 1000)) / \(format(row.latencies.p(kind, 0.95) / 1000))"
      }
      print("| \(kind) | " + cells.joined(separator: " | ") + " |")
    }
  }
}
