import DocumentModel
import DuoKBTestSupport
import Foundation
import ProcessTuning
import SearchIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Benchmarks this index against SQLite FTS5 (and tantivy, when a script is given) on
/// generated corpora. Prints a Markdown table to stdout; progress to stderr.
///
///     duo-kb-bench run --talks 60 --pages 200 [--work DIR] [--tantivy SCRIPT [--python PYTHON]]
///                      [--duo-kb EXECUTABLE]
///     duo-kb-bench build --talks 3000 --work DIR       (index and queries only, for profiling)
///     duo-kb-bench search --index DIR --queries FILE [--best-match yes]
///                                                       (child process: our search only;
///                                                        best match: as `duo-kb search` asks)
///     duo-kb-bench cjk --talks 300 --work DIR           (CJK against English of the same size)
///     duo-kb-bench corpus --talks 300 --work DIR [--duo-kb EXECUTABLE]   (reading the corpus)
///     duo-kb-bench update --talks 840 --work DIR        (an update of one changed talk)
///     duo-kb-bench relevance --set FILE --corpus DIR --talks N --work DIR [--weights k=v,...]
///     duo-kb-bench audit --labels FILE --corpus DIR --talks N --work DIR [--quotes 3] [--rules yes]
///                        [--try 'name=value,...;...']
///                                                       (audit's verdicts against the labels)
///     duo-kb-bench scaling --duo-kb EXECUTABLE --works DIR,DIR[,...] [--runs 50] [--rounds 3]
///                                                       (whole-process search of the sizes
///                                                        `run` left in those folders, interleaved)
@main
struct Bench {
  static func main() throws {
    // As `duo-kb` and its server set it, so that memory is measured as they use it.
    HeapRetention.bound()
    var arguments = Array(CommandLine.arguments.dropFirst())
    let command = arguments.isEmpty ? "run" : arguments.removeFirst()
    var options: [String: String] = [:]
    while arguments.count >= 2 {
      options[String(arguments.removeFirst().drop(while: { $0 == "-" }))] = arguments.removeFirst()
    }
    switch command {
    case "build":
      // Build only (for profiling): generate, then index into --work/index, with the
      // queries `run` would ask in --work/queries.tsv (for `search --index --queries`).
      var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
      let documents = generator.documents(talks: Int(options["talks"] ?? "60")!, pages: 200)
      let work = URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-bench-build")
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      let queries = QueryGenerator.queries(count: 200, seed: 7, generator: generator, documents: documents)
      try QueryFile.write(queries, to: work.appendingPathComponent("queries.tsv"))
      let start = now()
      let summary = try IndexBuilder().build(
        documents: documents, corpusFingerprint: "bench", into: work.appendingPathComponent("index"))
      log("built \(summary.passageCount) passages in \(Double(now() - start) / 1e9) s")
    case "update":
      // One changed talk: the update's time, and latency at the most segments allowed.
      try UpdateBench(
        talks: Int(options["talks"] ?? "840")!,
        work: URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-bench-update")
      ).run()
    case "search":
      try SearchRun.main(
        index: options["index"]!, queries: options["queries"]!, bestMatch: options["best-match"] == "yes")
    case "cjk":
      // Index size and build time of CJK text against English of the same size.
      try CJKBench(
        talks: Int(options["talks"] ?? "300")!,
        work: URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-bench-cjk")
      ).run()
    case "corpus":
      // Corpus size and reading: format 1 against format 2, the index from files and from memory.
      try CorpusReadBench(
        talks: Int(options["talks"] ?? "300")!,
        work: URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-bench-corpus"),
        executable: options["duo-kb"].map { URL(fileURLWithPath: $0) }
      ).run()
    case "scaling":
      guard let executable = options["duo-kb"], let works = options["works"] else {
        throw BenchFailure("scaling needs --duo-kb EXECUTABLE and --works DIR,DIR")
      }
      try ScalingBench(
        executable: URL(fileURLWithPath: executable),
        works: works.split(separator: ",").map { URL(fileURLWithPath: String($0)) },
        runs: Int(options["runs"] ?? "50") ?? 50, rounds: Int(options["rounds"] ?? "3") ?? 3
      ).run()
    case "relevance":
      try RelevanceBench(
        setFile: URL(fileURLWithPath: options["set"] ?? "docs/relevance/set.tsv"),
        corpus: URL(fileURLWithPath: options["corpus"] ?? "Corpus/documents"),
        distractors: options["distractors"].map { URL(fileURLWithPath: $0) },
        talks: Int(options["talks"] ?? "300") ?? 300,
        work: URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-relevance"),
        weights: RankingWeights(overriding: options["weights"]), showsMisses: options["misses"] == "yes",
        alternatives: (options["try"] ?? "").split(separator: ";").map(String.init)
      ).run()
    case "audit":
      try AuditBench(
        labelsFile: URL(fileURLWithPath: options["labels"] ?? "docs/audit/labels.tsv"),
        corpus: URL(fileURLWithPath: options["corpus"] ?? "Corpus/documents"),
        talks: Int(options["talks"] ?? "300") ?? 300,
        work: URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-audit"),
        quotesPerRule: Int(options["quotes"] ?? "3") ?? 3, showsRules: options["rules"] == "yes",
        alternatives: (options["try"] ?? "").split(separator: ";").map(String.init)
      ).run()
    default:
      // The default folder is per size, as `scripts/bench-search` lays it out: a run
      // empties its folder, and must not empty another size's.
      let talks = Int(options["talks"] ?? "60")!
      try BenchRun(
        talks: talks, pages: Int(options["pages"] ?? "200")!,
        work: URL(fileURLWithPath: options["work"] ?? NSTemporaryDirectory() + "duo-kb-bench/\(talks)"),
        tantivyScript: options["tantivy"], python: options["python"] ?? "python3", executable: options["duo-kb"]
      ).run()
    }
  }
}

func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Resident memory of this process by mapping (file name, or `[heap]` and the like), in MB,
/// largest first; empty where `/proc/self/smaps` is not there (macOS).
func residentByMapping(top count: Int = 6) -> [(name: String, megabytes: Double)] {
  // Read to the end by hand: a file of /proc has no size to read up to.
  let descriptor = open("/proc/self/smaps", O_RDONLY)
  guard descriptor >= 0 else { return [] }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { break }
    bytes += buffer[..<count]
  }
  let smaps = String(decoding: bytes, as: UTF8.self)
  var kilobytes: [String: Int] = [:]
  var mapping = "[anon]"
  for line in smaps.split(separator: "\n") {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    if fields.first == "Rss:", fields.count > 1 {
      kilobytes[mapping, default: 0] += Int(fields[1]) ?? 0
    } else if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
      // A mapping's header: range, permissions, offset, device, inode, then its path.
      mapping =
        fields.count > 5 ? String(fields[5...].joined(separator: " ").split(separator: "/").last ?? "") : "[anon]"
    }
  }
  return kilobytes.sorted { $0.value > $1.value }.prefix(count).map { ($0.key, Double($0.value) / 1_024) }
}

/// Peak resident memory of this process. On Linux from `VmHWM` (getrusage's maxrss can
/// carry the parent's peak into a spawned child).
func peakResidentMegabytes() -> Double {
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
  {
    return kilobytes / 1_024
  }
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
  #else
    return Double(usage.ru_maxrss) / 1_024  // kilobytes on Linux
  #endif
}

/// Latencies per query kind, in microseconds, and each query's in the order of the query file.
struct Latencies: Codable {
  var byKind: [String: [Double]] = [:]
  /// nil where the engine could not run the query.
  var inOrder: [Double?] = []

  mutating func add(_ kind: String, _ micros: Double) {
    byKind[kind, default: []].append(micros)
    byKind["all", default: []].append(micros)
    inOrder.append(micros)
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)
    return sorted[max(0, rank)]
  }

  func p(_ kind: String, _ fraction: Double) -> Double { Self.percentile(byKind[kind] ?? [], fraction) }

  /// Each query's best time over `rounds` of the same queries (`kinds`, in order): nil
  /// where no round ran it.
  static func best(of rounds: [Latencies], kinds: [String]) -> Latencies {
    var best = Latencies()
    for (index, kind) in kinds.enumerated() {
      let times = rounds.compactMap { index < $0.inOrder.count ? $0.inOrder[index] : nil }
      if let fastest = times.min() {
        best.add(kind, fastest)
      } else {
        best.inOrder.append(nil)
      }
    }
    return best
  }
}

/// The child process: opens the index, runs each query (one warm-up pass, then three
/// timed passes; each query's median counts), and reports latencies and peak memory.
enum SearchRun {
  struct Report: Codable {
    var latencies: Latencies
    var peakMegabytes: Double
    var totalHits: Int
    /// Median of 21 opens of the index in this process.
    var openMicroseconds: Double
  }

  static func main(index path: String, queries file: String, bestMatch: Bool = false) throws {
    let queries = try QueryFile.read(URL(fileURLWithPath: file))
    // The open, timed on its own: each a fresh reader of the same generation (warm cache).
    var opens: [Double] = []
    for _ in 0..<21 {
      let start = now()
      _ = try SearchIndex.open(at: URL(fileURLWithPath: path))
      opens.append(Double(now() - start) / 1_000)
    }
    let index = try SearchIndex.open(at: URL(fileURLWithPath: path))
    var latencies = Latencies()
    var totalHits = 0
    // DUOKB_BENCH_TRACE=1: each warm-up query's time and the memory it leaves, on stderr.
    let traces = ProcessInfo.processInfo.environment["DUOKB_BENCH_TRACE"] != nil
    if traces { log("after open: \(peakResidentMegabytes()) MB") }
    for query in queries {
      let start = now()
      totalHits += (try? search(index, query.ours, bestMatch: bestMatch)) ?? 0
      let elapsed = now() - start
      if traces {
        let resident = residentByMapping().map { "\($0.name) \(String(format: "%.1f", $0.megabytes))" }
        log(
          "\(query.ours): \(Double(elapsed) / 1e6) ms, peak \(peakResidentMegabytes()) MB; "
            + resident.joined(separator: ", "))
      }
    }
    for query in queries {
      var samples: [Double] = []
      for _ in 0..<3 {
        let start = now()
        _ = try? search(index, query.ours, bestMatch: bestMatch)
        samples.append(Double(now() - start) / 1_000)
      }
      latencies.add(query.kind, samples.sorted()[1])
    }
    let report = Report(
      latencies: latencies, peakMegabytes: peakResidentMegabytes(), totalHits: totalHits,
      openMicroseconds: Latencies.percentile(opens, 0.5))
    FileHandle.standardOutput.write(try JSONEncoder().encode(report))
  }

  /// One query's top 10; its total.
  static func search(_ index: SearchIndex, _ query: String, bestMatch: Bool) throws -> Int {
    bestMatch ? try index.bestMatch(query, limit: 10).total : try index.search(query, limit: 10).total
  }
}

/// Queries as tab-separated lines: kind, ours, FTS5, tantivy.
enum QueryFile {
  struct Query {
    var kind: String
    var ours: String
    var fts5: String
    var tantivy: String
  }

  static func write(_ queries: [GeneratedQuery], to url: URL) throws {
    let lines = queries.map { [$0.kind, $0.ours, $0.fts5, $0.tantivy].joined(separator: "\t") }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  static func read(_ url: URL) throws -> [Query] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Query(kind: fields[0], ours: fields[1], fts5: fields[2], tantivy: fields[3])
    }
  }
}
