import DocumentModel
import Foundation

/// A talk shaped like Apple's captions (settings on every cue, two-line cues, a sentence
/// ending inside a cue) and its file in document format 4, byte for byte; and the same talk
/// in format 3, which has no cue starts.
enum DocumentFormatGolden {
  static let talk = Document(
    id: "wwdc2030/1", kind: .talk, title: "Golden", url: "https://developer.apple.com/videos/play/wwdc2030/1/",
    passages: [
      Passage(
        kind: .speech, text: "Hello and welcome to WWDC.", startMilliseconds: 0, endMilliseconds: 2_500, firstCue: 0,
        lastCue: 0, cueStarts: []),
      Passage(
        kind: .speech, text: "Today we look at SwiftUI.", startMilliseconds: 2_500, endMilliseconds: 7_500, firstCue: 1,
        lastCue: 2, cueStarts: [CueMark(utf8Offset: 17, cue: 2)]),
      Passage(
        kind: .speech, text: "Let's go.", startMilliseconds: 5_000, endMilliseconds: 7_500, firstCue: 2, lastCue: 2,
        omitted: ["[ Music ]"], cueStarts: []),
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

  /// `talk` as a file of format 3 reads: every passage of cues with its cue starts not known.
  static var talkWithoutCueStarts: Document {
    var document = talk
    for index in document.passages.indices where document.passages[index].firstCue != nil {
      document.passages[index].cueStarts = nil
    }
    return document
  }

  /// `Fixtures/talk-format-4.json`: the file of `talk`, byte for byte (the fixtures are seeds
  /// of the document fuzzer too, scripts/fuzz).
  static var talkFile: String {
    get throws { try fixture("talk-format-4.json") }
  }

  /// `Fixtures/talk-format-3.json`: the file of `talk` in format 3, as the build before
  /// format 4 wrote it.
  static var talkFileOfFormatThree: String {
    get throws { try fixture("talk-format-3.json") }
  }

  private static func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
    return try String(contentsOf: url, encoding: .utf8)
  }
}
