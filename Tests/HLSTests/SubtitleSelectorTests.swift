import Foundation
import Testing

@testable import HLS

@Suite struct SubtitleSelectorTests {
  /// A master playlist with these EXT-X-MEDIA attribute lists (TYPE=SUBTITLES is added)
  /// and one variant per SUBTITLES group given.
  static func master(_ renditions: [String], variantGroups: [String] = []) throws -> MasterPlaylist {
    var text = "#EXTM3U\n"
    for rendition in renditions { text += "#EXT-X-MEDIA:TYPE=SUBTITLES,\(rendition)\n" }
    for group in variantGroups { text += "#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES=\"\(group)\"\nv.m3u8\n" }
    return try AppleFixtures.master(text)
  }

  static func chosenName(_ renditions: [String], groups: [String] = [], languages: [String] = ["en"], sdh: Bool = false)
    throws -> String?
  {
    SubtitleSelector(preferredLanguages: languages, wantsSDH: sdh)
      .choose(from: try master(renditions, variantGroups: groups))?.rendition.name
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let renditions: [String]
    var groups: [String] = []
    var languages = ["en"]
    var sdh = false
    let chosen: String
  }

  @Test(arguments: [
    Case(
      testDescription: "ISO 639-2 eng matches en",
      renditions: [
        #"GROUP-ID="s",NAME="Japanese",LANGUAGE="ja",URI="j.m3u8""#,
        #"GROUP-ID="s",NAME="English",LANGUAGE="eng",URI="e.m3u8""#,
      ],
      chosen: "English"),
    Case(
      testDescription: "en-US preference matches en",
      renditions: [
        #"GROUP-ID="s",NAME="Deutsch",LANGUAGE="de",URI="d.m3u8""#,
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",URI="e.m3u8""#,
      ],
      languages: ["en-US"], chosen: "English"),
    Case(
      testDescription: "a whole-tag match beats a primary-language match",
      renditions: [
        #"GROUP-ID="s",NAME="British",LANGUAGE="en-GB",URI="b.m3u8""#,
        #"GROUP-ID="s",NAME="American",LANGUAGE="en-US",URI="a.m3u8""#,
      ],
      languages: ["en-US"], chosen: "American"),
    Case(
      testDescription: "English name Japanese matches ja",
      renditions: [
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",URI="e.m3u8""#,
        #"GROUP-ID="s",NAME="日本語",LANGUAGE="Japanese",URI="j.m3u8""#,
      ],
      languages: ["ja"], chosen: "日本語"),
    Case(
      testDescription: "jpn preference matches ja",
      renditions: [
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",URI="e.m3u8""#,
        #"GROUP-ID="s",NAME="Nihongo",LANGUAGE="ja",URI="j.m3u8""#,
      ],
      languages: ["jpn"], chosen: "Nihongo"),
    Case(
      testDescription: "chi and zh-Hans meet on zh",
      renditions: [
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",URI="e.m3u8""#,
        #"GROUP-ID="s",NAME="Zhongwen",LANGUAGE="chi",URI="z.m3u8""#,
      ],
      languages: ["zh-Hans"], chosen: "Zhongwen"),
    Case(
      testDescription: "URI folder eng when LANGUAGE is missing",
      renditions: [
        #"GROUP-ID="s",NAME="Track 1",URI="subtitles/jpn/prog_index.m3u8""#,
        #"GROUP-ID="s",NAME="Track 2",URI="subtitles/eng/prog_index.m3u8""#,
      ],
      chosen: "Track 2"),
    Case(
      testDescription: "keynote-style cc/<lang>/<lang>.m3u8 folders",
      renditions: [#"GROUP-ID="s",NAME="CC",URI="cc/ja/ja.m3u8""#, #"GROUP-ID="s",NAME="CC",URI="cc/en/en.m3u8?v=1""#],
      chosen: "CC"),
    Case(
      testDescription: "NAME English when LANGUAGE is missing",
      renditions: [
        #"GROUP-ID="s",NAME="Deutsch",LANGUAGE="de",DEFAULT=YES,URI="d.m3u8""#,
        #"GROUP-ID="s",NAME="English",URI="e.m3u8""#,
      ],
      chosen: "English"),
    Case(
      testDescription: "preference order decides between two languages",
      renditions: [
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="e.m3u8""#,
        #"GROUP-ID="s",NAME="Français",LANGUAGE="fre",URI="f.m3u8""#,
      ],
      languages: ["fr", "en"], chosen: "Français"),
    Case(
      testDescription: "the group the variants name (subs over subsC)",
      renditions: [
        #"GROUP-ID="subsC",NAME="English C",LANGUAGE="en",DEFAULT=YES,URI="subtitles/engc/p.m3u8""#,
        #"GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subtitles/eng/p.m3u8""#,
      ],
      groups: ["subs"], chosen: "English"),
    Case(
      testDescription: "the group the variants name (subsC when it is the one named)",
      renditions: [
        #"GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subtitles/eng/p.m3u8""#,
        #"GROUP-ID="subsC",NAME="English C",LANGUAGE="en",URI="subtitles/engc/p.m3u8""#,
      ],
      groups: ["subsC"], chosen: "English C"),
    Case(
      testDescription: "plain before SDH",
      renditions: [
        #"GROUP-ID="s",NAME="English SDH",LANGUAGE="en",DEFAULT=YES,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="sdh.m3u8""#,
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",URI="e.m3u8""#,
      ],
      chosen: "English"),
    Case(
      testDescription: "SDH when asked for",
      renditions: [
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",URI="e.m3u8""#,
        #"GROUP-ID="s",NAME="English SDH",LANGUAGE="en",CHARACTERISTICS="public.accessibility.describes-music-and-sound",URI="sdh.m3u8""#,
      ],
      sdh: true, chosen: "English SDH"),
    Case(
      testDescription: "never FORCED when a full track exists, even in another language",
      renditions: [
        #"GROUP-ID="s",NAME="English forced",LANGUAGE="en",FORCED=YES,DEFAULT=YES,URI="f.m3u8""#,
        #"GROUP-ID="s",NAME="Deutsch",LANGUAGE="de",URI="d.m3u8""#,
      ],
      chosen: "Deutsch"),
    Case(
      testDescription: "FORCED when it is all there is",
      renditions: [#"GROUP-ID="s",NAME="English forced",LANGUAGE="en",FORCED=YES,URI="f.m3u8""#],
      chosen: "English forced"),
    Case(
      testDescription: "DEFAULT=YES among equals",
      renditions: [
        #"GROUP-ID="s",NAME="A",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="a.m3u8""#,
        #"GROUP-ID="s",NAME="B",LANGUAGE="en",DEFAULT=YES,URI="b.m3u8""#,
      ],
      chosen: "B"),
    Case(
      testDescription: "AUTOSELECT=YES after DEFAULT",
      renditions: [
        #"GROUP-ID="s",NAME="A",LANGUAGE="en",URI="a.m3u8""#,
        #"GROUP-ID="s",NAME="B",LANGUAGE="en",AUTOSELECT=YES,URI="b.m3u8""#,
      ],
      chosen: "B"),
    Case(
      testDescription: "file order last",
      renditions: [
        #"GROUP-ID="s",NAME="A",LANGUAGE="en",URI="a.m3u8""#, #"GROUP-ID="s",NAME="B",LANGUAGE="en",URI="b.m3u8""#,
      ],
      chosen: "A"),
    Case(
      testDescription: "no language matches: DEFAULT decides",
      renditions: [
        #"GROUP-ID="s",NAME="Deutsch",LANGUAGE="de",URI="d.m3u8""#,
        #"GROUP-ID="s",NAME="Français",LANGUAGE="fr",DEFAULT=YES,URI="f.m3u8""#,
      ],
      languages: ["ko"], chosen: "Français"),
    Case(
      testDescription: "a rendition without URI is never chosen",
      renditions: [
        #"GROUP-ID="s",NAME="English",LANGUAGE="en",DEFAULT=YES"#,
        #"GROUP-ID="s",NAME="Deutsch",LANGUAGE="de",URI="d.m3u8""#,
      ],
      chosen: "Deutsch"),
  ])
  func choosesRendition(_ testCase: Case) throws {
    #expect(
      try Self.chosenName(
        testCase.renditions, groups: testCase.groups, languages: testCase.languages, sdh: testCase.sdh)
        == testCase.chosen)
  }

  @Test func choosesFromAppleMasterAndExplains() throws {
    let master = try AppleFixtures.master(AppleFixtures.master)
    let choice = try #require(SubtitleSelector().choose(from: master))
    #expect(choice.rendition.uri == "subtitles/eng/prog_index.m3u8")
    #expect(choice.matchedPreference == "en")
    #expect(
      choice.reasons == [
        #"LANGUAGE "eng" matches preference en"#,
        "it is a plain (not SDH) track",
        "group subs is named by the variants' SUBTITLES=",
        "DEFAULT=YES",
        "AUTOSELECT=YES",
      ])
    #expect(
      choice.rejected.map(\.reason) == [
        #"its language matches none of en"#,
        "an SDH track, and plain subtitles were asked for",
      ])
    #expect(choice.explanation.first == #"chose "English" (group subs, LANGUAGE=eng)"#)
    #expect(choice.explanation.count == 1 + 5 + 2)

    let japanese = try #require(SubtitleSelector(preferredLanguages: ["ja", "en"]).choose(from: master))
    #expect(japanese.rendition.name == "Japanese")
    #expect(japanese.rejected.first?.reason == #"LANGUAGE "eng" matches the later preference en"#)
  }

  @Test func folderEvidenceIsNamedInTheReasons() throws {
    let master = try Self.master([
      #"GROUP-ID="s",NAME="CC",URI="cc/ja/ja.m3u8""#, #"GROUP-ID="s",NAME="CC",URI="cc/en/en.m3u8""#,
    ])
    let choice = try #require(SubtitleSelector().choose(from: master))
    #expect(choice.rendition.uri == "cc/en/en.m3u8")
    #expect(choice.reasons.first == #"URI folder "en" matches preference en"#)
  }

  @Test func noSubtitlesNoChoice() throws {
    #expect(SubtitleSelector().choose(from: try Self.master([], variantGroups: ["s"])) == nil)
    #expect(SubtitleSelector().choose(from: try Self.master([#"GROUP-ID="s",NAME="English""#])) == nil)
  }
}
