import DuoKBTestSupport
import Foundation

/// A small site laid out like Apple's for CLI refresh tests: `count` talks
/// (`/videos/play/wwdc2025/<n>/`), each with a page, a master playlist, an English media
/// playlist and two WebVTT segments, every resource with an ETag; optionally every
/// response held `delayMilliseconds`.
struct RefreshFixtureSite {
  let server: LoopbackServer
  let numbers: [Int]

  init(count: Int, delayMilliseconds: Int = 0, failing: Set<Int> = []) throws {
    numbers = (0..<count).map { 20_000 + $0 }
    var routes: [String: LoopbackResponse] = [:]
    for number in numbers {
      for (path, body) in Self.talk(number) {
        var response = LoopbackResponse.entity(
          body, etag: "\"\(path.hashValue & 0xffff)-\(body.utf8.count)\"", lastModified: nil)
        if failing.contains(number), path.hasSuffix("sequence_1.webvtt") { response = .status(404) }
        routes[path] = delayMilliseconds > 0 ? .delayed(milliseconds: delayMilliseconds, response) : response
      }
    }
    server = try LoopbackServer(routes: routes)
  }

  func pageURL(_ number: Int) -> String { server.url("/videos/play/wwdc2025/\(number)/") }

  /// A sources.json listing every talk.
  var sourcesJSON: String {
    let entries = numbers.map { "{\"kind\": \"talk\", \"url\": \"\(pageURL($0))\"}" }
    return "{\"version\": 1, \"sources\": [\(entries.joined(separator: ", "))]}"
  }

  static let quote = "Design for both displays of iPhone Duo at once."

  static func talk(_ number: Int) -> [String: String] {
    let folder = "/videos/wwdc2025/\(number)"
    let page = """
      <!DOCTYPE html><html lang="en"><head><title>Talk \(number) - WWDC25 - Videos - Apple Developer</title>
      <meta property="og:video" content="\(folder)/cmaf.m3u8">
      <link rel="canonical" href="https://developer.apple.com/videos/play/wwdc2025/\(number)/"></head>
      <body><section class="details supplement"><h1>Talk \(number)</h1><p>A fixture talk.</p></section>
      <video id="video" src="\(folder)/cmaf.m3u8"></video></body></html>
      """
    let master = """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",DEFAULT=YES,AUTOSELECT=YES,LANGUAGE="en",URI="subtitles/eng/prog_index.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=2000000,SUBTITLES="subs"
      hls_720p/prog_index.m3u8

      """
    let media = """
      #EXTM3U
      #EXT-X-TARGETDURATION:7
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.006
      sequence_0.webvtt
      #EXTINF:6.006
      sequence_1.webvtt
      #EXT-X-ENDLIST

      """
    let first =
      "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:04.000\n\(quote)\n\n"
    let second =
      "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n00:00:07.000 --> 00:00:10.000\nThis is talk number \(number).\n\n"
    return [
      "/videos/play/wwdc2025/\(number)/": page, "\(folder)/cmaf.m3u8": master,
      "\(folder)/subtitles/eng/prog_index.m3u8": media,
      "\(folder)/subtitles/eng/sequence_0.webvtt": first, "\(folder)/subtitles/eng/sequence_1.webvtt": second,
    ]
  }
}
