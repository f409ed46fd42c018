import Foundation

/// Whole-process `duo-kb search` at several corpus sizes in one run, the sizes interleaved:
/// each round asks every size its first query, then every size its second, and so on. A
/// machine that speeds up or slows down during the run then weighs on every size alike;
/// two separate runs of `run` compare medians taken half an hour apart, and on a shared
/// machine that drift can be larger than what the corpus's size adds. A first pass over
/// every query warms the page cache and is reported apart: what a larger corpus's files
/// evicted since they were written is read from disk there, which measures the disk. The
/// search's growth with the corpus is each size's median against the first size's, over
/// the timed rounds and in each alone (their spread shows how far one round can be
/// trusted). The `sqlite3` shell then runs the same FTS5 queries, interleaved the same
/// way, each twice and the second timed: after the searches, because its larger queries
/// read much of its database and would leave the next search a colder page cache.
struct ScalingBench {
  var executable: URL
  /// Each size's folder as `run` leaves it: `home`, `queries.tsv` and `fts5.sqlite`.
  var works: [URL]
  /// Queries per size and round (the first of each kind in turn, as `run` chooses them).
  var runs = 50
  var rounds = 3

  struct Size {
    var name: String
    var home: URL
    var database: URL?
    var queries: [QueryFile.Query]
    /// Per round, each query's milliseconds; the first is the warming pass.
    var samples: [[Double]] = []
    var sqliteSamples: [Double] = []
  }

  func run() throws {
    guard works.count >= 2 else { throw BenchFailure("scaling needs two sizes or more (--works A,B)") }
    let sqliteShell =
      FileManager.default.isExecutableFile(atPath: WholeProcessBench.sqliteShell) ? WholeProcessBench.sqliteShell : nil
    var sizes = try works.map { work in
      let database = work.appendingPathComponent("fts5.sqlite")
      return Size(
        name: work.lastPathComponent, home: work.appendingPathComponent("home"),
        database: sqliteShell != nil && FileManager.default.fileExists(atPath: database.path) ? database : nil,
        queries: WholeProcessBench.chosen(try QueryFile.read(work.appendingPathComponent("queries.tsv")), count: runs))
    }
    // A first pass over every query, timed but kept apart: it warms the page cache (each
    // query's pages may have been evicted since the index was built, and reading them
    // from disk measures the disk) and finds a home that cannot be searched.
    let longest = sizes.map(\.queries.count).max() ?? 0
    for round in 0...rounds {
      log(round == 0 ? "scaling: first pass" : "scaling: round \(round) of \(rounds)")
      for index in sizes.indices { sizes[index].samples.append([]) }
      for position in 0..<longest {
        for index in sizes.indices where position < sizes[index].queries.count {
          let query = sizes[index].queries[position]
          let (milliseconds, status) = timed(
            [executable.path, "search", query.ours], environment: ["DUO_KB_HOME=\(sizes[index].home.path)"])
          guard status == 0 || status == 1 else {
            throw BenchFailure("duo-kb search '\(query.ours)' in \(sizes[index].home.path) exited \(status)")
          }
          sizes[index].samples[round].append(milliseconds)
        }
      }
    }
    guard let sqliteShell else { return print(Self.report(sizes, runs: runs, rounds: rounds)) }
    log("scaling: the sqlite3 shell")
    for position in 0..<longest {
      for index in sizes.indices where position < sizes[index].queries.count {
        guard let database = sizes[index].database else { continue }
        let query = sizes[index].queries[position]
        let arguments = [sqliteShell, "-readonly", database.path, WholeProcessBench.sql(query.fts5)]
        // Its first run of the query warms its pages; the second is timed.
        _ = timed(arguments, environment: [])
        let (milliseconds, status) = timed(arguments, environment: [])
        guard status == 0 else { throw BenchFailure("sqlite3 '\(query.fts5)' exited \(status)") }
        sizes[index].sqliteSamples.append(milliseconds)
      }
    }
    print(Self.report(sizes, runs: runs, rounds: rounds))
  }

  private func timed(_ arguments: [String], environment: [String]) -> (milliseconds: Double, status: Int32) {
    let start = now()
    let status = WholeProcessBench.spawn(arguments, environment: environment).status
    return (Double(now() - start) / 1e6, status)
  }

  /// The Markdown tables: per size, median and p95 of the timed rounds (the warming pass
  /// left out), their growth over the first size, and the `sqlite3` shell's; then each
  /// pass's median growth, the warming pass's first.
  static func report(_ sizes: [Size], runs: Int, rounds: Int) -> String {
    guard let first = sizes.first else { return "" }
    let median = { (samples: [Double]) in Latencies.percentile(samples, 0.5) }
    let timed = { (size: Size) in size.samples.dropFirst().flatMap { $0 } }
    let firstMedian = median(timed(first))
    let firstShell = median(first.sqliteSamples)
    var lines = [
      "",
      "Whole process by corpus size, the sizes interleaved in one run (`duo-kb search`, release, "
        + "one process per query, \(runs) queries per size; a first pass over them warms the page "
        + "cache, then \(rounds) timed rounds; then the `sqlite3` shell on the same FTS5 queries, "
        + "each run twice and the second timed):",
      "",
      "| size | search median, ms | search p95, ms | median / first size's | sqlite3 median, ms | sqlite3 / first size's |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    for size in sizes {
      let all = timed(size)
      let shell = median(size.sqliteSamples)
      let searchCells = [median(all), Latencies.percentile(all, 0.95), median(all) / firstMedian].map(format)
      let shellCells = size.sqliteSamples.isEmpty ? ["-", "-"] : [format(shell), format(shell / firstShell)]
      lines.append("| \(size.name) | " + (searchCells + shellCells).joined(separator: " | ") + " |")
    }
    lines += [
      "",
      "Each pass's median against the first size's in the same pass (the first pass reads what "
        + "the page cache lacks):",
      "",
      "| size | first pass | " + (1...max(1, rounds)).map { "round \($0)" }.joined(separator: " | ") + " |",
      "|---|---:|" + String(repeating: "---:|", count: max(1, rounds)),
    ]
    for size in sizes.dropFirst() {
      let ratios = zip(size.samples, first.samples).map { median($0) / median($1) }
      lines.append("| \(size.name) | " + ratios.map(format).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  private static func format(_ value: Double) -> String {
    value.isFinite ? String(format: value < 10 ? "%.2f" : "%.1f", value) : "-"
  }
}
