import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-process `duo-kb`: the generated corpus written as a duo-kb home (`writeHome`),
/// `duo-kb index` timed (the median of 3 builds), then `duo-kb search QUERY` run as a person or a script would,
/// one process per query: wall time from spawn to exit, and peak resident memory (on Linux
/// through `/usr/bin/time`, whose own small process is the parent: a child spawned by this
/// large process can inherit its peak; on Darwin from the child's own resource usage).
struct WholeProcessBench {
  var executable: URL
  var home: URL
  /// The FTS5 database of the same corpus: each query is also run by the `sqlite3` shell,
  /// in turn with ours, when the shell is installed.
  var sqliteDatabase: URL?
  static let sqliteShell = "/usr/bin/sqlite3"

  /// `duo-kb index` is timed this many times (the first build, then rebuilds): the median counts.
  static let indexBuilds = 3

  struct Report {
    /// The median of `indexBuilds` builds.
    var indexSeconds: Double
    var medianMilliseconds: Double
    var p95Milliseconds: Double
    var byKind: [String: [Double]]
    var peakMegabytes: Double?
    var runs: Int
    /// The `sqlite3` shell running the same queries (FTS5, bm25 order, top 10, snippets).
    var sqliteSamples: [Double] = []
    var sqliteByKind: [String: [Double]] = [:]
    /// `duo-kb --version` in the same home: what starting the process costs, before any
    /// index or corpus is touched (the breakdown's "start").
    var versionSamples: [Double] = []
    /// Pages each timed search read from disk (major page faults), summed: where the page
    /// cache cannot hold both engines' files, each evicts the other's, and these show it.
    var majorFaults = 0
    var sqliteMajorFaults = 0
  }

  /// The documents written as the corpus of a duo-kb home at `home`, before `run`.
  static func writeHome(_ home: URL, documents: [Document]) throws {
    try? FileManager.default.removeItem(at: home)
    let corpus = CorpusStore(directory: home.appendingPathComponent("Corpus", isDirectory: true))
    for document in documents { try corpus.write(document) }
  }

  func run(queries: [QueryFile.Query], runs: Int = 50) throws -> Report {
    let environment = ["DUO_KB_HOME=\(home.path)"]
    // The corpus was just written: its writeback would otherwise compete with the build.
    sync()
    var builds: [Double] = []
    for build in 0..<Self.indexBuilds {
      let start = now()
      let arguments = [executable.path, "index"] + (build == 0 ? [] : ["--rebuild"])
      let indexStatus = Self.spawn(arguments, environment: environment).status
      builds.append(Double(now() - start) / 1e9)
      guard indexStatus == 0 else { throw BenchFailure("duo-kb index exited \(indexStatus)") }
    }
    let chosen = Self.chosen(queries, count: runs)
    let sqlite = sqliteDatabase.flatMap { database in
      FileManager.default.isExecutableFile(atPath: Self.sqliteShell) ? database : nil
    }
    // Every query once untimed, by both, to warm the page cache: in a large corpus, pages
    // the index build and the other engines' runs evicted are otherwise read from disk by
    // the timed run, and that measures the disk (`scaling`, 30,000 talks against 3,000: a
    // first pass's medians 1.64 and 1.25 times, the rounds after it 1.15 to 1.20).
    for query in chosen {
      _ = Self.spawn([executable.path, "search", query.ours], environment: environment)
      if let sqlite {
        _ = Self.spawn([Self.sqliteShell, "-readonly", sqlite.path, Self.sql(query.fts5)], environment: [])
      }
    }
    var samples: [Double] = []
    var byKind: [String: [Double]] = [:]
    var sqliteSamples: [Double] = []
    var sqliteByKind: [String: [Double]] = [:]
    var (majorFaults, sqliteMajorFaults) = (0, 0)
    for query in chosen {
      let start = now()
      let search = Self.spawn([executable.path, "search", query.ours], environment: environment)
      let milliseconds = Double(now() - start) / 1e6
      guard search.status == 0 || search.status == 1 else {
        throw BenchFailure("duo-kb search '\(query.ours)' exited \(search.status)")
      }
      majorFaults += search.majorFaults
      samples.append(milliseconds)
      byKind[query.kind, default: []].append(milliseconds)
      if let sqlite {
        let arguments = [Self.sqliteShell, "-readonly", sqlite.path, Self.sql(query.fts5)]
        let start = now()
        let shell = Self.spawn(arguments, environment: [])
        let milliseconds = Double(now() - start) / 1e6
        guard shell.status == 0 else { throw BenchFailure("sqlite3 '\(query.fts5)' exited \(shell.status)") }
        sqliteMajorFaults += shell.majorFaults
        sqliteSamples.append(milliseconds)
        sqliteByKind[query.kind, default: []].append(milliseconds)
      }
    }
    var versionSamples: [Double] = []
    for _ in 0..<min(runs, 21) {
      let start = now()
      _ = Self.spawn([executable.path, "--version"], environment: environment)
      versionSamples.append(Double(now() - start) / 1e6)
    }
    var peak: Double?
    #if canImport(Darwin)
      // Darwin's posix_spawn gives the child an address space of its own from the start:
      // its resource usage is its own peak, with no parent's to inherit.
      for query in chosen.prefix(20) {
        let exit = Self.spawn([executable.path, "search", query.ours], environment: environment)
        if exit.status == 0 { peak = max(peak ?? 0, Double(exit.peakResidentBytes) / 1_048_576) }
      }
    #else
      let timeTool = "/usr/bin/time"
      if FileManager.default.isExecutableFile(atPath: timeTool) {
        let output = home.appendingPathComponent("time.out").path
        for query in chosen.prefix(20) {
          _ = Self.spawn(
            [timeTool, "-f", "%M", "-o", output, executable.path, "search", query.ours], environment: environment)
          if let text = try? String(contentsOfFile: output, encoding: .utf8),
            let kilobytes = Double(
              text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
          {
            peak = max(peak ?? 0, kilobytes / 1_024)
          }
        }
      }
    #endif
    return Report(
      indexSeconds: Latencies.percentile(builds, 0.5), medianMilliseconds: Latencies.percentile(samples, 0.5),
      p95Milliseconds: Latencies.percentile(samples, 0.95), byKind: byKind, peakMegabytes: peak,
      runs: samples.count, sqliteSamples: sqliteSamples, sqliteByKind: sqliteByKind, versionSamples: versionSamples,
      majorFaults: majorFaults, sqliteMajorFaults: sqliteMajorFaults)
  }

  /// The first queries of each kind, in turn, `count` in all: what a whole-process run asks.
  static func chosen(_ queries: [QueryFile.Query], count: Int) -> [QueryFile.Query] {
    let kinds = QueryGenerator.kinds.map { kind in queries.filter { $0.kind == kind } }
    var chosen: [QueryFile.Query] = []
    for round in 0..<count where chosen.count < count {
      for kind in kinds where round < kind.count && chosen.count < count { chosen.append(kind[round]) }
    }
    return chosen
  }

  /// The statement `FTS5Bench` prepares, with the query quoted in.
  static func sql(_ fts5: String) -> String {
    "SELECT rowid, bm25(passages), snippet(passages, 0, '[', ']', '…', 12) FROM passages WHERE passages MATCH '"
      + fts5.replacingOccurrences(of: "'", with: "''") + "' ORDER BY bm25(passages) LIMIT 10;"
  }

  /// How a spawned process ended.
  struct Exit {
    /// Its exit status; -1 when it could not start or was killed.
    var status: Int32
    /// Pages it read from disk (`ru_majflt` of its resource usage).
    var majorFaults: Int
    /// Its peak resident memory (`ru_maxrss`: bytes on Darwin, KiB on Linux). On Linux a
    /// child spawned by a large process starts in that process's address space and
    /// inherits its peak: there `/usr/bin/time` is the small parent that measures it.
    var peakResidentBytes: Int = 0
  }

  /// Runs `arguments` with stdout and stderr to /dev/null.
  static func spawn(_ arguments: [String], environment: [String]) -> Exit {
    // Darwin's posix_spawn_file_actions_t is an opaque pointer that init allocates; glibc's
    // a struct. Both start zeroed and are set up by posix_spawn_file_actions_init.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let inherited = ProcessInfo.processInfo.environment.filter { $0.key != "DUO_KB_HOME" }.map {
      "\($0.key)=\($0.value)"
    }
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = (inherited + environment).map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else {
      return Exit(status: -1, majorFaults: 0)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, spelled out (the macros are not imported).
    #if canImport(Darwin)
      let peakBytes = Int(usage.ru_maxrss)
    #else
      let peakBytes = Int(usage.ru_maxrss).multipliedReportingOverflow(by: 1_024).partialValue
    #endif
    return Exit(
      status: status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, majorFaults: Int(usage.ru_majflt),
      peakResidentBytes: peakBytes)
  }
}

struct BenchFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
