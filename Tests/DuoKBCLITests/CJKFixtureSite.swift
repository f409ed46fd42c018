import DuoKBTestSupport
import Foundation

/// Three talks laid out like Apple's, each with English, Japanese, Chinese and Korean
/// subtitle tracks in two segments (the second opening with the boundary repeat of the
/// first's last cue). The Japanese track has no `。` and phrases split by spaces, a Latin
/// word inside a run, half-width kana and full-width sound descriptions; the Chinese one
/// ends sentences rarely; the Korean one spaces its words. The Japanese talk is listed in
/// English and Japanese and has a page under `/jp/`, the Korean one under `/kr/`; the
/// Chinese one has none under `/cn/` (its document links to the English page). Written
/// for these tests, in the shapes of the format notes.
struct CJKFixtureSite {
  let server: LoopbackServer

  struct Talk {
    var number: Int
    /// The BCP 47 tag its document records, and its track's folder.
    var language: String
    var folder: String
    /// Two segments of (start ms, end ms, text).
    var segments: [[(Int, Int, String)]]
    /// The locale folder of its localized page (`jp`), nil when Apple has none.
    var localizedFolder: String?
    /// The languages its source lists.
    var listed: [String]
    var localizedTitle: String

    /// `wwdc2025/30001/ja`: the id of its document in its own language.
    var documentID: String { "wwdc2025/\(number)/\(language.lowercased())" }
    var englishID: String { "wwdc2025/\(number)" }
  }

  static let japanese = Talk(
    number: 30_001, language: "ja", folder: "jpn",
    segments: [
      [
        (1_000, 3_500, "（音楽）"),
        (4_000, 7_000, "こんにちは WWDCへようこそ"),
        (7_000, 10_000, "今日はXcodeで新しいデザインを"),
        (10_000, 13_000, "確認する方法を紹介します"),
        (13_000, 16_000, "非常に長いフレームで"),
        (16_000, 19_000, "SwiftUIのプレビューを開きます"),
      ],
      [
        (16_000, 19_000, "SwiftUIのプレビューを開きます"),
        (20_000, 23_000, "得点を管理します みんな 競争が好きですよね"),
        (23_500, 26_000, "ｶﾞｲﾄﾞの表示を調整するには"),
        (26_000, 29_000, "設定を開いて 項目を選びます"),
        (29_500, 32_000, "［ 拍手 ］ありがとうございました"),
      ],
    ], localizedFolder: "jp", listed: ["en", "ja"], localizedTitle: "デザインの新機能")

  static let chinese = Talk(
    number: 30_002, language: "zh-Hans", folder: "zho",
    segments: [
      [
        (1_000, 3_000, "［ 掌声 ］"),
        (3_000, 6_000, "大家好 欢迎来到WWDC"),
        (6_000, 9_000, "我们在设计这个界面的时候"),
        (9_000, 12_000, "考虑了很多用户的需求"),
      ],
      [
        (9_000, 12_000, "考虑了很多用户的需求"),
        (12_000, 15_000, "使用SwiftUI可以更快地构建应用"),
        (15_000, 17_000, "（音乐）"),
        (17_500, 20_000, "谢谢大家"),
      ],
    ], localizedFolder: nil, listed: ["zh"], localizedTitle: "")

  static let korean = Talk(
    number: 30_003, language: "ko", folder: "kor",
    segments: [
      [
        (1_000, 4_000, "안녕하세요 WWDC에 오신 것을 환영합니다"),
        (4_000, 7_000, "오늘은 Xcode의 새로운 기능을"),
        (7_000, 10_000, "소개해 드리겠습니다"),
      ],
      [
        (7_000, 10_000, "소개해 드리겠습니다"),
        (10_500, 12_500, "（음악）"),
        (13_000, 16_000, "레이아웃을 조정하는 방법을 알아봅시다"),
        (16_000, 19_000, "화면 크기에 맞게 설정합니다 감사합니다"),
      ],
    ], localizedFolder: "kr", listed: ["ko"], localizedTitle: "새로운 디자인")

  static let talks = [japanese, chinese, korean]

  init() throws {
    var routes: [String: LoopbackResponse] = [:]
    for talk in Self.talks {
      for (path, body) in Self.routes(talk) { routes[path] = .entity(body, etag: nil, lastModified: nil) }
    }
    server = try LoopbackServer(routes: routes)
  }

  func pageURL(_ talk: Talk) -> String { server.url("/videos/play/wwdc2025/\(talk.number)/") }

  /// Each talk listed once, with its languages (the Chinese one in the older one-language
  /// form, as files written before `languages` have it).
  var sourcesJSON: String {
    let entries = Self.talks.map { talk in
      talk.listed.count == 1
        ? "{\"kind\": \"talk\", \"url\": \"\(pageURL(talk))\", \"language\": \"\(talk.listed[0])\"}"
        : "{\"kind\": \"talk\", \"url\": \"\(pageURL(talk))\", \"languages\": [\(talk.listed.map { "\"\($0)\"" }.joined(separator: ", "))]}"
    }
    return "{\"version\": 1, \"language\": \"en\", \"sources\": [\(entries.joined(separator: ", "))]}"
  }

  static func page(_ talk: Talk, locale: String?) -> String {
    let folder = "/videos/wwdc2025/\(talk.number)"
    let path = (locale.map { "/\($0)" } ?? "") + "/videos/play/wwdc2025/\(talk.number)/"
    let title = locale == nil ? "Talk \(talk.number)" : talk.localizedTitle
    return """
      <!DOCTYPE html><html lang="\(locale == nil ? "en" : talk.language)"><head><title>\(title) - WWDC25 - Videos - Apple Developer</title>
      <meta property="og:video" content="\(folder)/cmaf.m3u8">
      <link rel="canonical" href="https://developer.apple.com\(path)"></head>
      <body><section class="details supplement"><h1>\(title)</h1><p>A fixture talk.</p></section>
      <video id="video" src="\(folder)/cmaf.m3u8"></video></body></html>
      """
  }

  static func routes(_ talk: Talk) -> [String: String] {
    let folder = "/videos/wwdc2025/\(talk.number)"
    let page = page(talk, locale: nil)
    let master = """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",DEFAULT=YES,AUTOSELECT=YES,LANGUAGE="en",URI="subtitles/eng/prog_index.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Japanese",AUTOSELECT=YES,LANGUAGE="Japanese",URI="subtitles/jpn/prog_index.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Chinese",AUTOSELECT=YES,LANGUAGE="zh",URI="subtitles/zho/prog_index.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Korean",AUTOSELECT=YES,LANGUAGE="kor",URI="subtitles/kor/prog_index.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=2000000,SUBTITLES="subs"
      hls_720p/prog_index.m3u8

      """
    let media = """
      #EXTM3U
      #EXT-X-TARGETDURATION:7.0
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.006
      sequence_0.webvtt
      #EXTINF:6.006
      sequence_1.webvtt
      #EXT-X-ENDLIST

      """
    var routes = [
      "/videos/play/wwdc2025/\(talk.number)/": page, "\(folder)/cmaf.m3u8": master,
    ]
    if let locale = talk.localizedFolder {
      routes["/\(locale)/videos/play/wwdc2025/\(talk.number)/"] = Self.page(talk, locale: locale)
    }
    // Each talk has its own language's track; the others are header-only segments.
    let tracks: [(String, [[(Int, Int, String)]])] =
      [
        ("eng", [[(1_000, 4_000, "An English line.")], []])
      ] + ["jpn", "zho", "kor"].map { ($0, talk.folder == $0 ? talk.segments : [[], []]) }
    for (track, segments) in tracks {
      routes["\(folder)/subtitles/\(track)/prog_index.m3u8"] = media
      for (number, cues) in segments.enumerated() {
        routes["\(folder)/subtitles/\(track)/sequence_\(number).webvtt"] = segment(cues)
      }
    }
    return routes
  }

  static func segment(_ cues: [(Int, Int, String)]) -> String {
    var text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n"
    for (start, end, line) in cues { text += "\(clock(start)) --> \(clock(end)) align:middle\n\(line)\n\n" }
    return text
  }

  static func clock(_ milliseconds: Int) -> String {
    String(format: "00:%02d:%02d.%03d", milliseconds / 60_000, milliseconds / 1000 % 60, milliseconds % 1000)
  }
}
