import DocumentModel
import Foundation

/// A talk shaped like Apple's captions (settings on every cue, two-line cues, a sentence
/// ending inside a cue) and its file in document format 3, byte for byte.
enum DocumentFormatGolden {
  static let talk = Document(
    id: "wwdc2030/1", kind: .talk, title: "Golden", url: "https://developer.apple.com/videos/play/wwdc2030/1/",
    passages: [
      Passage(
        kind: .speech, text: "Hello and welcome to WWDC.", startMilliseconds: 0, endMilliseconds: 2_500, firstCue: 0,
        lastCue: 0),
      Passage(
        kind: .speech, text: "Today we look at SwiftUI.", startMilliseconds: 2_500, endMilliseconds: 7_500, firstCue: 1,
        lastCue: 2),
      Passage(
        kind: .speech, text: "Let's go.", startMilliseconds: 5_000, endMilliseconds: 7_500, firstCue: 2, lastCue: 2,
        omitted: ["[ Music ]"]),
      Passage(kind: .code, text: "Bye", endMilliseconds: 9_000, speaker: "Lee", firstCue: 3, lastCue: 3),
      Passage(kind: .speech, text: "Aside", startMilliseconds: 1, endMilliseconds: 2),
    ],
    cues: [
      StoredCue(
        startMilliseconds: 0, endMilliseconds: 2_500, raw: "Hello and welcome\nto WWDC.",
        text: "Hello and welcome\nto WWDC.", settings: "align:middle line:84%"),
      StoredCue(
        startMilliseconds: 2_500, endMilliseconds: 5_000, raw: "Today we look at", text: "Today we look at",
        settings: "align:middle line:84%"),
      StoredCue(
        startMilliseconds: 5_000, endMilliseconds: 7_500, raw: "<i>SwiftUI</i>. Let's go.",
        text: "SwiftUI. Let's go.", settings: "align:middle"),
      StoredCue(startMilliseconds: 7_500, endMilliseconds: 9_000, raw: "Bye", text: "Bye"),
    ])

  /// `Fixtures/talk-format-3.json`: the file of `talk`, byte for byte (also a seed of the
  /// document fuzzer, scripts/fuzz).
  static var talkFile: String {
    get throws {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/talk-format-3.json")
      return try String(contentsOf: url, encoding: .utf8)
    }
  }
}
