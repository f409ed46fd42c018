import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest

/// `duo-kb-bench-harvest`: the transport benchmark that scripts/bench-harvest drives.
///
///     duo-kb-bench-harvest origin [--delay-ms 50] [--talks 6] [--minutes 35]
///     duo-kb-bench-harvest free-port
///     duo-kb-bench-harvest fetch --base URL [--cacert FILE] [--talks 6] [--minutes 35]
///         [--delay-ms 50] [--in-flight 100] [--connections 6] [--refresh-talks 100] [--http1]
///         [--transport-only]
///     duo-kb-bench-harvest hostile-origin|hostile-fetch (see BenchHostile)
///
/// `fetch` runs the real walk (`Refresher`, as `duo-kb refresh` does) into a scratch corpus;
/// `--transport-only` fetches the same URLs without parsing or writing, for comparison.
@main
struct BenchHarvest {
  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    let command = arguments.isEmpty ? "" : arguments.removeFirst()
    let options = BenchOptions(arguments)
    do {
      switch command {
      case "origin": try await origin(options)
      case "free-port": print(try LoopbackServer().port)
      case "fetch": try await fetch(options)
      case "hostile-origin": try await BenchHostile.origin(options)
      case "hostile-fetch": try await BenchHostile.fetch(options)
      default:
        FileHandle.standardError.write(
          Data("usage: duo-kb-bench-harvest origin|free-port|fetch|hostile-origin|hostile-fetch [options]\n".utf8))
        exit(2)
      }
    } catch {
      FileHandle.standardError.write(Data("duo-kb-bench-harvest: error: \(error)\n".utf8))
      exit(1)
    }
  }

  /// Serves the generated site over HTTP/1.1 until killed; prints its port first.
  static func origin(_ options: BenchOptions) async throws {
    let site = options.site
    let server = try LoopbackServer(fallback: .handler { site.response(for: $0) })
    FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
  }

  static func fetch(_ options: BenchOptions) async throws {
    let site = options.site
    let base = options.string("base") ?? "https://127.0.0.1:8443"
    let host = URLComponents(string: base)?.host ?? "127.0.0.1"
    let configuration = HTTPClientConfiguration(
      allowedHosts: HostAllowList([host]), maxConnectionsPerHost: options.int("connections") ?? 6,
      maxRequestsInFlightPerHost: options.int("in-flight") ?? 100, caFile: options.string("cacert"),
      prefersHTTP2: !options.flag("http1")
    ).withEnvironmentCAFile()

    let client = try HTTPClient(configuration: configuration)
    let started = ContinuousClock.now
    var bytes = 0
    let corpusDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-bench-corpus-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: corpusDirectory) }
    let sources = SourceList(
      sources: (0..<site.talkCount).map { SourceEntry(kind: .talk, url: base + site.pagePath(talk: $0)) })
    let corpus = CorpusStore(directory: corpusDirectory)
    if options.flag("transport-only") {
      // The network part alone: master, subtitle playlist, segments; no parsing or writing.
      let walk = BenchWalk(client: client)
      bytes = try await withThrowingTaskGroup(of: Int.self) { group in
        for talk in 0..<site.talkCount {
          group.addTask { try await walk.harvest(masterURL: base + site.masterPath(talk: talk)) }
        }
        return try await group.reduce(0, +)
      }
    } else {
      // The real walk: page, playlists, segments, parsing, merging, passages, corpus writes.
      let report = await Refresher(
        fetcher: SiteFetcher(client: client), corpus: corpus, sourceConcurrency: site.talkCount
      )
      .refresh(sources)
      guard report.count(.added) == site.talkCount else {
        throw BenchWalk.Failure(description: "harvest: \(report.entries.map { "\($0.status) \($0.error ?? "")" })")
      }
      bytes = report.bytes
    }
    let wall = started.duration(to: .now)
    let stats = client.stats
    // Over HTTP/1.1 a connection carries one request at a time, whatever libcurl holds queued.
    let parallel =
      stats.http2Responses > 0 ? stats.maxRequestsInFlight : min(stats.maxRequestsInFlight, stats.connectionsOpened)
    let floor = Double(stats.requestsSent) * Double(site.delayMilliseconds) / 1000 / Double(max(1, parallel))
    print("harvest: \(site.talkCount) talks of \(site.talkMinutes) min, \(site.segmentsPerTalk) segments each")
    print("  wall time:              \(seconds(wall)) s")
    print(
      "  requests:               \(stats.requestsSent) (HTTP/2: \(stats.http2Responses), retries: \(stats.retries))")
    print("  connections opened:     \(stats.connectionsOpened)")
    print("  most requests in flight: \(stats.maxRequestsInFlight)")
    print("  bytes:                  \(bytes)")
    print(
      "  floor (requests x \(site.delayMilliseconds) ms / \(parallel) in flight): \(String(format: "%.2f", floor)) s")
    if !options.flag("transport-only") {
      // The documents written (document format 3) against the WebVTT they came from, and
      // the same documents in format 2, as they were written before.
      let corpusBytes = directoryBytes(corpusDirectory.appendingPathComponent("documents"))
      let formatTwoBytes = try corpus.readReadable().documents.reduce(0) {
        $0 + DocumentFormat.encode($1, formatVersion: 2).count
      }
      let subtitleBytes = Double(site.subtitleBytesPerTalk * site.talkCount)
      func ratio(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / subtitleBytes) + "x" }
      print("  WebVTT segments:        \(Int(subtitleBytes)) bytes")
      print("  corpus documents:       \(corpusBytes) bytes, \(ratio(corpusBytes)) the WebVTT")
      print("  (in format 2:           \(formatTwoBytes) bytes, \(ratio(formatTwoBytes)))")
    }

    if !options.flag("transport-only") {
      // The same talks again: one conditional request each, every document unchanged.
      let again = try HTTPClient(configuration: configuration)
      let refreshStarted = ContinuousClock.now
      let report = await Refresher(
        fetcher: SiteFetcher(client: again), corpus: corpus, sourceConcurrency: site.talkCount
      )
      .refresh(sources)
      print("refresh of the harvested talks (duo-kb refresh's walk)")
      print("  wall time:              \(seconds(refreshStarted.duration(to: .now))) s")
      print("  unchanged:              \(report.count(.unchanged)) of \(site.talkCount)")
      print("  requests:               \(again.stats.requestsSent)")
    }

    let refreshTalks = options.int("refresh-talks") ?? 100
    if refreshTalks > 0 {
      let refreshClient = try HTTPClient(configuration: configuration)
      let requests = (0..<refreshTalks).map {
        HTTPRequest(url: base + site.pagePath(talk: $0), etag: "\"talk-\($0)-v1\"")
      }
      let refreshStarted = ContinuousClock.now
      let results = await refreshClient.fetchAll(requests, maxConcurrent: refreshTalks)
      let refreshWall = refreshStarted.duration(to: .now)
      let unchanged = results.filter { (try? $0.get().isNotModified) == true }.count
      print("unchanged refresh: \(refreshTalks) talks, one conditional request each")
      print("  wall time:              \(seconds(refreshWall)) s")
      print("  304 answers:            \(unchanged) of \(refreshTalks)")
      print("  connections opened:     \(refreshClient.stats.connectionsOpened)")
    }
    print("peak memory:              \(String(format: "%.1f", Double(PeakMemory.bytes) / 1_048_576)) MB")
  }

  /// The bytes of the regular files under `folder`.
  static func directoryBytes(_ folder: URL) -> Int {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
    return (files?.allObjects ?? []).reduce(0) { total, item in
      total + (((item as? URL).flatMap { try? $0.resourceValues(forKeys: [.fileSizeKey]) })?.fileSize ?? 0)
    }
  }

  static func seconds(_ duration: Duration) -> String {
    let (whole, atto) = duration.components
    return String(format: "%.3f", Double(whole) + Double(atto) / 1e18)
  }
}

/// `--name value` and `--flag` options.
struct BenchOptions {
  private var values: [String: String] = [:]

  init(_ arguments: [String]) {
    var index = 0
    while index < arguments.count {
      let name = arguments[index].hasPrefix("--") ? String(arguments[index].dropFirst(2)) : arguments[index]
      if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
        values[name] = arguments[index + 1]
        index += 2
      } else {
        values[name] = ""
        index += 1
      }
    }
  }

  func string(_ name: String) -> String? { values[name] }
  func int(_ name: String) -> Int? { values[name].flatMap { Int($0) } }
  func flag(_ name: String) -> Bool { values[name] != nil }

  var site: BenchSite {
    BenchSite(
      talkCount: int("talks") ?? 6, talkMinutes: int("minutes") ?? 35, delayMilliseconds: int("delay-ms") ?? 50)
  }
}
