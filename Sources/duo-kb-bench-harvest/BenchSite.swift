import DuoKBTestSupport
import Foundation

/// A generated site laid out like Apple's (APPLE-FORMATS.md): for each talk a page, a
/// master playlist with an English subtitle rendition, a media playlist of six-second
/// WebVTT segments, and the segments. Every response is held `delayMilliseconds`.
struct BenchSite: Sendable {
  var talkCount: Int
  var talkMinutes: Int
  var delayMilliseconds: Int
  /// Each talk's revision: `GET /bench/revise/<talk>` bumps one, which changes its page's
  /// validators and its cues' words (scripts/bench-refresh's one-changed-talk case).
  var revisions = BenchRevisions()
  /// Apple's subtitle segments last 6.006 s.
  static let segmentMilliseconds = 6_006

  var segmentsPerTalk: Int { (talkMinutes * 60_000 + Self.segmentMilliseconds - 1) / Self.segmentMilliseconds }

  func masterPath(talk: Int) -> String { "/videos/bench/\(talk)/master.m3u8" }
  func pagePath(talk: Int) -> String { "/videos/play/bench/\(talk)/" }

  func response(for request: LoopbackRequest) -> LoopbackResponse {
    .delayed(milliseconds: delayMilliseconds, content(for: request.path))
  }

  private func content(for path: String) -> LoopbackResponse {
    let parts = path.split(separator: "/").map(String.init)
    if parts.count == 3, parts[0] == "bench", parts[1] == "revise", let talk = Int(parts[2]) {
      return .body("revision \(revisions.bump(talk))\n")
    }
    // /videos/play/bench/<talk>/ : a talk page with validators, for conditional refreshes.
    if parts.count == 4, parts[1] == "play", let talk = Int(parts[3]) {
      let revision = revisions.revision(of: talk)
      return .entity(
        page(talk: talk), etag: "\"talk-\(talk)-v\(revision)\"",
        lastModified: Date(timeIntervalSince1970: 1_700_000_000 + Double(revision)))
    }
    guard parts.count >= 4, parts[0] == "videos", parts[1] == "bench", let talk = Int(parts[2]) else {
      return .status(404)
    }
    switch parts[3...].joined(separator: "/") {
    case "master.m3u8":
      return .body(master, headers: ["Content-Type": "application/vnd.apple.mpegurl"])
    case "subs/eng/prog_index.m3u8":
      return .body(mediaPlaylist, headers: ["Content-Type": "application/vnd.apple.mpegurl"])
    case let file where file.hasPrefix("subs/eng/sequence_") && file.hasSuffix(".webvtt"):
      let number = Int(file.dropFirst("subs/eng/sequence_".count).dropLast(".webvtt".count)) ?? -1
      guard (0..<segmentsPerTalk).contains(number) else { return .status(404) }
      return .body(segment(number, revision: revisions.revision(of: talk)), headers: ["Content-Type": "text/vtt"])
    default:
      return .status(404)
    }
  }

  /// A talk page in the shape of Apple's: the title in the details, the master playlist in
  /// `og:video`, the canonical link.
  private func page(talk: Int) -> String {
    """
    <!DOCTYPE html><html lang="en"><head><title>Bench talk \(talk) - Videos - Apple Developer</title>
    <meta property="og:video" content="\(masterPath(talk: talk))">
    <link rel="canonical" href="\(pagePath(talk: talk))"></head>
    <body><section class="details supplement"><h1>Bench talk \(talk)</h1><p>A generated talk.</p></section>
    <section id="transcript-content"></section></body></html>
    """
  }

  private var master: String {
    """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,URI="subs/eng/prog_index.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,SUBTITLES="subs"
    hvc/720p/prog_index.m3u8

    """
  }

  private var mediaPlaylist: String {
    var text =
      "#EXTM3U\n#EXT-X-TARGETDURATION:7.0\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for number in 0..<segmentsPerTalk { text += "#EXTINF:6.006\nsequence_\(number).webvtt\n" }
    return text + "#EXT-X-ENDLIST\n"
  }

  /// The bytes of one talk's WebVTT segments as first served (every talk's are the same
  /// length): what the corpus size is set against.
  var subtitleBytesPerTalk: Int {
    (0..<segmentsPerTalk).reduce(0) { $0 + segment($1, revision: 1).utf8.count }
  }

  private func segment(_ number: Int, revision: Int) -> String {
    let start = number * Self.segmentMilliseconds
    var text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n"
    for cue in 0..<3 {
      let from = start + cue * 2_000
      text += "\(Self.time(from)) --> \(Self.time(from + 2_000)) align:middle\n"
      let revised = revision > 1 ? " as revised \(revision) times" : ""
      text += "Words of segment \(number), cue \(cue), spoken at a steady pace\(revised).\n\n"
    }
    return text
  }

  private static func time(_ milliseconds: Int) -> String {
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1_000 % 60
    let rest = milliseconds % 1_000
    return String(format: "%02d:%02d:%02d.%03d", hours, minutes, seconds, rest)
  }
}

/// The revision of every talk of a `BenchSite`, shared by the server's threads.
final class BenchRevisions: @unchecked Sendable {
  private let lock = NSLock()
  private var bumped: [Int: Int] = [:]

  /// 1 until the talk is revised.
  func revision(of talk: Int) -> Int { lock.withLock { bumped[talk] ?? 1 } }

  /// Revises a talk and returns its new revision.
  func bump(_ talk: Int) -> Int {
    lock.withLock {
      let next = (bumped[talk] ?? 1) + 1
      bumped[talk] = next
      return next
    }
  }
}
