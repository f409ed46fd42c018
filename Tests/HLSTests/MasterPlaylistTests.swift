import Foundation
import Testing

@testable import HLS

@Suite struct MasterPlaylistTests {
  @Test func readsAppleMaster() throws {
    let playlist = try AppleFixtures.master(AppleFixtures.master)
    #expect(playlist.version == 6)
    #expect(playlist.independentSegments)
    #expect(playlist.renditions.map(\.type) == [.audio, .subtitles, .subtitles, .subtitles, .closedCaptions])
    #expect(playlist.subtitleRenditions.map(\.groupID) == ["subs", "subs", "subsC"])
    #expect(playlist.unknownTags == [#"#EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Meet the talk, again""#])
    #expect(playlist.warnings.isEmpty)

    let english = playlist.renditions[1]
    #expect(english.name == "English")
    #expect(english.language == "eng")
    #expect(english.isDefault && english.autoselect && !english.forced)
    #expect(english.uri == "subtitles/eng/prog_index.m3u8")
    #expect(
      english.resolvedURL?.absoluteString
        == "https://videos.example.com/videos/wwdc/2020/10163/3/4A8C/subtitles/eng/prog_index.m3u8")
    let japanese = playlist.renditions[2]
    #expect(japanese.language == "Japanese" && !japanese.isDefault && japanese.autoselect)
    let sdh = playlist.renditions[3]
    #expect(sdh.isSDH)
    #expect(sdh.characteristics.count == 2)
    let captions = playlist.renditions[4]
    #expect(captions.instreamID == "CC1" && captions.uri == nil && captions.resolvedURL == nil)
    #expect(playlist.renditions[0].channels == "2")

    let top = try #require(playlist.variants.first)
    #expect(top.bandwidth == 7_976_430 && top.averageBandwidth == 6_165_024)
    #expect(top.codecs == "avc1.640028,mp4a.40.2")
    #expect(top.resolution == Resolution(width: 1920, height: 1080))
    #expect(top.frameRate == 29.97)
    #expect(top.audio == "aac-stereo" && top.subtitles == "subs" && top.closedCaptions == "NONE")
    #expect(top.video == nil)
    #expect(top.uri == "hvc/1080p/prog_index.m3u8?token=a1b2")
    #expect(
      top.url?.absoluteString
        == "https://videos.example.com/videos/wwdc/2020/10163/3/4A8C/hvc/1080p/prog_index.m3u8?token=a1b2")
    #expect(playlist.variants[1].closedCaptions == "cc")
    #expect(
      playlist.variants[1].url?.absoluteString
        == "https://videos.example.com/videos/wwdc/2020/10163/3/4A8C/avc/540p/prog_index.m3u8")
    let iFrame = try #require(playlist.iFrameVariants.first)
    #expect(iFrame.bandwidth == 166_942 && iFrame.uri == "hvc/1080p/iframe_index.m3u8")
    #expect(iFrame.resolution?.description == "1920x1080")
  }

  @Test(
    "Every TYPE of EXT-X-MEDIA",
    arguments: [
      ("AUDIO", Rendition.MediaType.audio), ("VIDEO", .video), ("SUBTITLES", .subtitles),
      ("CLOSED-CAPTIONS", .closedCaptions), ("METADATA", .other("METADATA")),
    ])
  func readsEveryType(type: String, mediaType: Rendition.MediaType) throws {
    let playlist = try AppleFixtures.master(
      "#EXTM3U\n#EXT-X-MEDIA:TYPE=\(type),GROUP-ID=\"g\",NAME=\"n\",ASSOC-LANGUAGE=\"fr\",URI=\"r.m3u8\"\n")
    let rendition = try #require(playlist.renditions.first)
    #expect(rendition.type == mediaType)
    #expect(rendition.type.rawValue == type)
    #expect(rendition.assocLanguage == "fr")
    #expect(rendition.attributes["GROUP-ID"] == "g")
  }

  @Test func skipsRenditionWithoutRequiredAttributes() throws {
    let playlist = try AppleFixtures.master(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",URI="a.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English"
      """)
    #expect(playlist.renditions.count == 1)
    #expect(playlist.warnings.map(\.line) == [2, 3])
    #expect(playlist.warnings[0].message.contains("lacks TYPE, GROUP-ID or NAME"))
    #expect(playlist.warnings[1].message.contains("has no URI"))
  }

  @Test func variantURILineMayFollowOtherTagsAndMayBeMissing() throws {
    let playlist = try AppleFixtures.master(
      """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=1
      # a comment
      #EXT-X-CUSTOM:kept
      one.m3u8
      stray.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2
      """)
    #expect(playlist.variants.map(\.uri) == ["one.m3u8"])
    #expect(playlist.unknownTags == ["#EXT-X-CUSTOM:kept"])
    #expect(playlist.warnings.map(\.line) == [6, 7])
  }

  @Test func renditionsAfterVariantsAndMasterWithoutVariants() throws {
    let playlist = try AppleFixtures.master(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="cc/en/en.m3u8"
      """)
    #expect(playlist.variants.isEmpty)
    #expect(playlist.subtitleRenditions.count == 1)
  }
}
