import Corpus
import DuoKBTestSupport
import Foundation
import Testing

/// A source's languages: `languages` in new files, the one `language` of older ones.
@Suite struct SourceLanguagesTests {
  static func decode(_ json: String) throws -> SourceEntry {
    try JSONDecoder().decode(SourceEntry.self, from: Data(json.utf8))
  }

  @Test(
    "What a source names",
    arguments: [
      (#"{"kind": "talk", "url": "u"}"#, nil),
      (#"{"kind": "talk", "url": "u", "language": "ja"}"#, ["ja"]),
      (#"{"kind": "talk", "url": "u", "languages": ["en", "ja"]}"#, ["en", "ja"]),
      (#"{"kind": "talk", "url": "u", "languages": ["ja", "JA", "ko"]}"#, ["ja", "ko"]),
      (#"{"kind": "talk", "url": "u", "languages": []}"#, nil),
      // `languages` wins over the older field.
      (#"{"kind": "talk", "url": "u", "language": "fr", "languages": ["ko"]}"#, ["ko"]),
    ] as [(String, [String]?)])
  func namedLanguages(json: String, expected: [String]?) throws {
    #expect(try Self.decode(json).namedLanguages == expected)
  }

  @Test func anOlderFileStillReadsAndANewOneRoundTrips() throws {
    let scratch = try ScratchFolder("source-languages")
    let url = scratch.appending("sources.json")
    try Data(
      #"{"version": 1, "language": "en", "sources": [{"kind": "talk", "url": "https://developer.apple.com/videos/play/wwdc2024/10173/", "language": "ja"}]}"#
        .utf8
    ).write(to: url)
    var list = try SourceList.load(from: url)
    #expect(list.language == "en")
    #expect(list.sources.map(\.namedLanguages) == [["ja"]])
    try list.add(
      SourceEntry(kind: .talk, url: "https://developer.apple.com/videos/play/wwdc2024/10174/", languages: ["en", "ko"]))
    try list.save(to: url)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains("\"languages\""))
    let again = try SourceList.load(from: url)
    #expect(again == list)
    #expect(again.sources.map(\.namedLanguages) == [["ja"], ["en", "ko"]])
  }
}
