import Foundation

/// A talk laid out like Apple's site, generated for a loopback server (`FixtureSite`): the
/// page (and its localized pages), a master playlist with subtitle renditions, media
/// playlists of ~6 s segments, and WebVTT segments that repeat a cue crossing a boundary at
/// the top of the next segment.
public struct FixtureTalk: Sendable {
  public struct Line: Sendable {
    public var startMilliseconds: Int
    public var endMilliseconds: Int
    public var text: String
    public var voice: String?

    public init(startMilliseconds: Int, endMilliseconds: Int, text: String, voice: String? = nil) {
      self.startMilliseconds = startMilliseconds
      self.endMilliseconds = endMilliseconds
      self.text = text
      self.voice = voice
    }
  }

  /// A page of the talk in another language, under a locale folder (`/jp/videos/...`).
  public struct LocalizedPage: Sendable {
    /// The locale folder (`jp`, `kr`).
    public var folder: String
    /// The page's `lang` attribute (`ja`).
    public var language: String
    public var title: String

    public init(folder: String, language: String, title: String) {
      self.folder = folder
      self.language = language
      self.title = title
    }
  }

  public var collection = "wwdc2025"
  public var number = "280"
  public var title = "Meet the fixture"
  /// Subtitle tracks by folder (`eng`, `jpn`) with their LANGUAGE and NAME.
  public var tracks: [(folder: String, language: String, name: String, lines: [Line])]
  /// Segments written out by hand for a track's folder, instead of cut from its lines by
  /// time: each segment's cues, verbatim (a boundary repeat included where the test wants one).
  public var explicitSegments: [String: [[Line]]] = [:]
  public var localizedPages: [LocalizedPage] = []
  /// The languages its source lists (`["en", "ja"]`); empty: the source names none.
  public var listedLanguages: [String] = []
  public var segmentMilliseconds = 6_006
  /// MPEG-TS value of each segment's X-TIMESTAMP-MAP, by segment index; nil: the same map
  /// (`MPEGTS:181083,LOCAL:00:00:00.000`) everywhere.
  public var mpegtsForSegment: (@Sendable (Int) -> Int64)?
  /// How the master names the media playlist: relative, absolute path, or absolute URL.
  public var mediaURIStyle = URIStyle.relative
  public var segmentURIStyle = URIStyle.relative
  public var hasVideo = true
  /// The catalog's `originalPublishingDate` (seconds since 1970); nil: the catalog gives none.
  public var catalogPublished: Int?
  /// Links of the details supplement to documentation pages (`/documentation/…` paths or
  /// URLs), as the page's resources list gives them; none: the page has no such list.
  public var documentationLinks: [(title: String, href: String)] = []

  public enum URIStyle: Sendable { case relative, absolutePath, absoluteURL }

  public init(tracks: [(folder: String, language: String, name: String, lines: [Line])]) {
    self.tracks = tracks
  }

  public var pagePath: String { "/videos/play/\(collection)/\(number)/" }
  public func localizedPagePath(_ page: LocalizedPage) -> String { "/\(page.folder)\(pagePath)" }
  public var videoFolder: String { "/videos/\(collection)/\(number)" }
  public var masterPath: String { "\(videoFolder)/cmaf.m3u8" }
  public func mediaPath(_ folder: String) -> String { "\(videoFolder)/subtitles/\(folder)/prog_index.m3u8" }
  public func segmentPath(_ folder: String, _ index: Int) -> String {
    "\(videoFolder)/subtitles/\(folder)/sequence_\(index).webvtt"
  }

  /// Every route of the talk, for `LoopbackServer(routes:)`. Playlists that name absolute
  /// URLs name the server that answers (from the request's Host header).
  public func routes() -> [String: LoopbackResponse] {
    let talk = self
    var routes: [String: LoopbackResponse] = [
      pagePath: .body(page()),
      masterPath: .handler { .body(talk.master(base: Self.base(of: $0))) },
    ]
    for localized in localizedPages { routes[localizedPagePath(localized)] = .body(page(localized)) }
    for track in tracks {
      let segments = self.segments(track.folder, lines: track.lines)
      let folder = track.folder
      routes[mediaPath(folder)] = .handler {
        .body(talk.mediaPlaylist(folder, count: segments.count, base: Self.base(of: $0)))
      }
      for (index, text) in segments.enumerated() { routes[segmentPath(folder, index)] = .body(text) }
    }
    return routes
  }

  /// The body of every path of the talk, from the request (for the Host an absolute URL names).
  public func bodies() -> [String: @Sendable (LoopbackRequest) -> String] {
    let talk = self
    let page = page()
    var bodies: [String: @Sendable (LoopbackRequest) -> String] = [
      pagePath: { _ in page },
      masterPath: { talk.master(base: Self.base(of: $0)) },
    ]
    for localized in localizedPages {
      let text = self.page(localized)
      bodies[localizedPagePath(localized)] = { _ in text }
    }
    for track in tracks {
      let segments = self.segments(track.folder, lines: track.lines)
      let folder = track.folder
      bodies[mediaPath(folder)] = { talk.mediaPlaylist(folder, count: segments.count, base: Self.base(of: $0)) }
      for (index, text) in segments.enumerated() { bodies[segmentPath(folder, index)] = { _ in text } }
    }
    return bodies
  }

  /// The WebVTT segments of a track: written out by hand, or cut from its lines by time.
  public func segments(_ folder: String, lines: [Line]) -> [String] {
    if let explicit = explicitSegments[folder] {
      return explicit.enumerated().map { index, cues in webVTT(index, cues: cues) }
    }
    return (0..<segmentCount(lines)).map { segment($0, lines: lines) }
  }

  public static func base(of request: LoopbackRequest) -> String {
    "http://" + (request.header("Host") ?? "127.0.0.1")
  }

  /// The English page, or the one in `localized`'s language.
  public func page(_ localized: LocalizedPage? = nil) -> String {
    let video =
      hasVideo
      ? "<meta property=\"og:video\" content=\"\(masterPath)\">\n<video id=\"video\" src=\"\(masterPath)\" data-id=\"\(collection)-\(number)\" data-locale=\"\(localized?.language ?? "en")\"></video>"
      : ""
    let title = localized?.title ?? title
    let path = localized.map(localizedPagePath) ?? pagePath
    let links =
      documentationLinks.isEmpty
      ? ""
      : "<ul class=\"links small\">"
        + documentationLinks.map { "<li><a href=\"\($0.href)\">\($0.title)</a></li>" }.joined() + "</ul>"
    return """
      <!DOCTYPE html>
      <html lang="\(localized?.language ?? "en")"><head>
      <title>\(title) - WWDC25 - Videos - Apple Developer</title>
      <meta property="og:title" content="\(title) - WWDC25 - Videos - Apple Developer">
      <meta property="og:description" content="A fixture talk.">
      <link rel="canonical" href="https://developer.apple.com\(path)">
      </head><body>
      <section class="details supplement"><h1>\(title)</h1><p>A fixture talk.</p>\(links)</section>
      \(video)
      <section id="transcript-content"></section>
      </body></html>
      """
  }

  public func master(base: String) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n"
    for track in tracks {
      let uri = uri(mediaPath(track.folder), style: mediaURIStyle, base: base, relativeTo: videoFolder)
      text +=
        "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=\"\(track.name)\",DEFAULT=\(track.folder == tracks[0].folder ? "YES" : "NO"),AUTOSELECT=YES,FORCED=NO,LANGUAGE=\"\(track.language)\",URI=\"\(uri)\"\n"
    }
    text +=
      "#EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS=\"avc1.640028,mp4a.40.2\",RESOLUTION=1280x720,SUBTITLES=\"subs\"\nhls_720p/prog_index.m3u8\n"
    return text
  }

  public func mediaPlaylist(_ folder: String, count: Int, base: String) -> String {
    var text =
      "#EXTM3U\n#EXT-X-TARGETDURATION:7.0\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for index in 0..<count {
      let path = segmentPath(folder, index)
      text +=
        "#EXTINF:6.006\n\(uri(path, style: segmentURIStyle, base: base, relativeTo: "\(videoFolder)/subtitles/\(folder)"))\n"
    }
    return text + "#EXT-X-ENDLIST\n"
  }

  public func segmentCount(_ lines: [Line]) -> Int {
    (lines.map(\.endMilliseconds).max() ?? 0) / segmentMilliseconds + 1
  }

  /// The segment holds every cue that overlaps it: a cue crossing a boundary appears in
  /// both segments, verbatim, as Apple's do.
  public func segment(_ index: Int, lines: [Line]) -> String {
    let start = index * segmentMilliseconds
    let end = start + segmentMilliseconds
    return webVTT(index, cues: lines.filter { $0.startMilliseconds < end && $0.endMilliseconds > start })
  }

  /// Segment `index` holding `cues`, under that segment's X-TIMESTAMP-MAP.
  private func webVTT(_ index: Int, cues: [Line]) -> String {
    let mpegts = mpegtsForSegment?(index) ?? 181_083
    var text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\(mpegts),LOCAL:00:00:00.000\n\n"
    // Times written in the file are relative to this segment's own map.
    var ticks = (mpegts - 181_083) & ((1 << 33) - 1)
    if ticks >= 1 << 32 { ticks -= 1 << 33 }
    let shift = Int(ticks / 90)
    for line in cues {
      let payload = line.voice.map { "<v \($0)>\(escaped(line.text))" } ?? escaped(line.text)
      text +=
        "\(stamp(line.startMilliseconds - shift)) --> \(stamp(line.endMilliseconds - shift)) align:middle line:90%\n\(payload)\n\n"
    }
    return text
  }

  private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  private func stamp(_ milliseconds: Int) -> String {
    String(
      format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
      milliseconds / 1000 % 60, milliseconds % 1000)
  }

  private func uri(_ path: String, style: URIStyle, base: String, relativeTo folder: String) -> String {
    switch style {
    case .relative: String(path.dropFirst(folder.count + 1))
    case .absolutePath: path
    case .absoluteURL: base + path
    }
  }

  /// Sentences spoken one after another, each cue ~3 s and a few words, from `startSeconds`.
  public static func lines(_ sentences: [String], startMilliseconds: Int = 1_000, voice: String? = nil) -> [Line] {
    var lines: [Line] = []
    var time = startMilliseconds
    for sentence in sentences {
      let words = sentence.split(separator: " ")
      var index = 0
      while index < words.count {
        let chunk = words[index..<min(words.count, index + 7)].joined(separator: " ")
        lines.append(Line(startMilliseconds: time, endMilliseconds: time + 2_500, text: chunk, voice: voice))
        time += 2_500
        index += 7
      }
    }
    return lines
  }
}
