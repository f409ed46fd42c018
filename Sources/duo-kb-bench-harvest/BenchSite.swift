import DuoKBTestSupport
import Foundation

/// A generated site laid out like Apple's (APPLE-FORMATS.md): for each talk a page, a
/// master playlist with an English subtitle rendition, a media playlist of six-second
/// WebVTT segments, and the segments. Every response is held `delayMilliseconds`.
struct BenchSite: Sendable {
  var talkCount: Int
  var talkMinutes: Int
  var delayMilliseconds: Int
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
    // /videos/play/bench/<talk>/ : a talk page with validators, for conditional refreshes.
    if parts.count == 4, parts[1] == "play", let talk = Int(parts[3]) {
      return .entity(
        page(talk: talk), etag: "\"talk-\(talk)-v1\"", lastModified: Date(timeIntervalSince1970: 1_700_000_000))
    }
    guard parts.count >= 4, parts[0] == "videos", parts[1] == "bench", Int(parts[2]) != nil else {
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
      return .body(segment(number), headers: ["Content-Type": "text/vtt"])
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

  private func segment(_ number: Int) -> String {
    let start = number * Self.segmentMilliseconds
    var text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n"
    for cue in 0..<3 {
      let from = start + cue * 2_000
      text += "\(Self.time(from)) --> \(Self.time(from + 2_000)) align:middle\n"
      text += "Words of segment \(number), cue \(cue), spoken at a steady pace.\n\n"
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
