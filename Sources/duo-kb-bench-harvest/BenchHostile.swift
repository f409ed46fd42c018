import Corpus
import DuoKBTestSupport
import Foundation
import Harvest

/// A hostile site and the refresh that meets it, in two processes so that the server's
/// memory is not the client's:
///
///     duo-kb-bench-harvest hostile-origin [--segments 80] [--segment-mb 30 | --segment-kb 500] [--page-mb 0]
///     duo-kb-bench-harvest hostile-fetch --base URL [--talks 4]
///
/// Every segment is a gzip member that inflates to `--segment-mb` MB (or `--segment-kb` kB) (about 190 kB per
/// 30 MB on the wire), and with `--page-mb` so is every talk page; `hostile-fetch` runs the real refresh and prints its peak memory.
enum BenchHostile {
  static func pagePath(talk: Int) -> String { "/videos/play/wwdc2025/\(9000 + talk)/" }

  static func origin(_ options: BenchOptions) async throws {
    let segments = options.int("segments") ?? 80
    let decodedBytes = options.int("segment-kb").map { $0 << 10 } ?? ((options.int("segment-mb") ?? 30) << 20)
    let bomb = LoopbackGzipBomb.encode(
      prefix: Data("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHostile.\n\nNOTE ".utf8), repeating: UInt8(ascii: "a"),
      count: decodedBytes, suffix: Data("\n\n".utf8))
    let pageBytes = (options.int("page-mb") ?? 0) << 20
    let server = try LoopbackServer(
      fallback: .handler { request in
        let parts = request.path.split(separator: "/").map(String.init)
        if parts.count == 4, parts[1] == "play", let number = Int(parts[3]), pageBytes > 0 {
          let page = LoopbackGzipBomb.encode(
            prefix: Data(
              "<!DOCTYPE html><html><head><title>Hostile \(number)</title><meta property=\"og:video\" content=\"/videos/hostile/\(number)/master.m3u8\"></head><body><p>"
                .utf8), repeating: UInt8(ascii: "a"), count: pageBytes, suffix: Data("</p></body></html>".utf8))
          return .data(page, headers: ["Content-Encoding": "gzip"])
        }
        if parts.count == 4, parts[1] == "play", let number = Int(parts[3]) {
          return .body(
            """
            <!DOCTYPE html><html lang="en"><head><title>Hostile \(number) - Videos - Apple Developer</title>
            <meta property="og:video" content="/videos/hostile/\(number)/master.m3u8"></head>
            <body><section class="details supplement"><h1>Hostile \(number)</h1></section></body></html>
            """)
        }
        if request.path.hasSuffix("/master.m3u8") {
          return .body(
            "#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=\"English\",LANGUAGE=\"en\",DEFAULT=YES,URI=\"subs/prog_index.m3u8\"\n"
              + "#EXT-X-STREAM-INF:BANDWIDTH=2000000,SUBTITLES=\"subs\"\nv/prog_index.m3u8\n")
        }
        if request.path.hasSuffix("/subs/prog_index.m3u8") {
          var text = "#EXTM3U\n#EXT-X-TARGETDURATION:7\n#EXT-X-PLAYLIST-TYPE:VOD\n"
          for index in 0..<segments { text += "#EXTINF:6.006\nsequence_\(index).webvtt\n" }
          return .body(text + "#EXT-X-ENDLIST\n")
        }
        if request.path.hasSuffix(".webvtt") { return .data(bomb, headers: ["Content-Encoding": "gzip"]) }
        return .status(404)
      })
    FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
  }

  static func fetch(_ options: BenchOptions) async throws {
    let base = options.string("base") ?? "http://127.0.0.1:8080"
    let talks = options.int("talks") ?? 4
    let host = URLComponents(string: base)?.host ?? "127.0.0.1"
    var configuration = HTTPClientConfiguration(allowedHosts: HostAllowList([host]), retry: .none)
    configuration.prefersHTTP2 = false
    let client = try HTTPClient(configuration: configuration)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-bench-hostile-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let sources = SourceList(sources: (0..<talks).map { SourceEntry(kind: .talk, url: base + pagePath(talk: $0)) })
    let started = ContinuousClock.now
    let report = await Refresher(fetcher: SiteFetcher(client: client), corpus: CorpusStore(directory: directory))
      .refresh(sources)
    print("hostile refresh: \(talks) talks, every segment inflating past the limits")
    print("  wall time:              \(BenchHarvest.seconds(started.duration(to: .now))) s")
    print("  requests:               \(client.stats.requestsSent)")
    for entry in report.entries { print("  \(entry.status.rawValue): \(entry.error ?? entry.source)") }
    print("peak memory:              \(String(format: "%.1f", Double(PeakMemory.bytes) / 1_048_576)) MB")
  }
}
