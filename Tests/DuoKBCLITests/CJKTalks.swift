import DuoKBTestSupport
import Foundation

/// Three talks laid out like Apple's, each with English, Japanese, Chinese and Korean
/// subtitle tracks in two segments (the second opening with the boundary repeat of the
/// first's last cue). The Japanese track has no `。` and phrases split by spaces, a Latin
/// word inside a run, half-width kana and full-width sound descriptions; the Chinese one
/// ends sentences rarely; the Korean one spaces its words. The Japanese talk is listed in
/// English and Japanese and has a page under `/jp/`, the Korean one under `/kr/`; the
/// Chinese one has none under `/cn/` (its document links to the English page). Written
/// for these tests, in the shapes of the format notes; served by a `FixtureSite`.
enum CJKTalks {
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

    /// The talk on the fixture site: its own language's track, and header-only segments
    /// in the other tracks.
    var fixture: FixtureTalk {
      let lines = { (cues: [(Int, Int, String)]) in
        cues.map { FixtureTalk.Line(startMilliseconds: $0.0, endMilliseconds: $0.1, text: $0.2) }
      }
      var talk = FixtureTalk(tracks: [
        ("eng", "en", "English", []), ("jpn", "Japanese", "Japanese", []), ("zho", "zh", "Chinese", []),
        ("kor", "kor", "Korean", []),
      ])
      talk.number = String(number)
      talk.title = "Talk \(number)"
      talk.explicitSegments["eng"] = [lines([(1_000, 4_000, "An English line.")]), []]
      for track in ["jpn", "zho", "kor"] {
        talk.explicitSegments[track] = folder == track ? segments.map(lines) : [[], []]
      }
      talk.localizedPages =
        localizedFolder.map {
          [FixtureTalk.LocalizedPage(folder: $0, language: language, title: localizedTitle)]
        } ?? []
      talk.listedLanguages = listed
      return talk
    }
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

  static func site() throws -> FixtureSite { try FixtureSite(talks: talks.map(\.fixture)) }
}
