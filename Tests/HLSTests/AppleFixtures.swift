import Foundation

@testable import HLS

/// Playlists written for these tests in the shapes Apple serves (see the project's notes
/// on Apple's formats); not copies of Apple's files.
enum AppleFixtures {
  static let masterURL = URL(string: "https://videos.example.com/videos/wwdc/2020/10163/3/4A8C/cmaf.m3u8")!

  /// A talk's master playlist: two subtitle groups (`subs` named by the variants, `subsC`
  /// with an SDH English track under `subtitles/engc/`), LANGUAGE as `eng` and
  /// `Japanese`, attribute order varying, a query string on a variant, I-frames, a
  /// session-data tag this parser does not model.
  static let master = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Meet the talk, again"

    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac-stereo",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/prog_index.m3u8"
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,LANGUAGE="eng",URI="subtitles/eng/prog_index.m3u8"
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="Japanese",NAME="Japanese",AUTOSELECT=YES,DEFAULT=NO,URI="subtitles/jpn/prog_index.m3u8",FORCED=NO
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subsC",NAME="English (CC)",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,LANGUAGE="eng",CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="subtitles/engc/prog_index.m3u8"
    #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,INSTREAM-ID="CC1"

    #EXT-X-STREAM-INF:BANDWIDTH=7976430,AVERAGE-BANDWIDTH=6165024,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,FRAME-RATE=29.970,AUDIO="aac-stereo",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
    hvc/1080p/prog_index.m3u8?token=a1b2
    #EXT-X-STREAM-INF:BANDWIDTH=2215219,AVERAGE-BANDWIDTH=2165224,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,FRAME-RATE=29.970,AUDIO="aac-stereo",SUBTITLES="subs",CLOSED-CAPTIONS="cc"
    /videos/wwdc/2020/10163/3/4A8C/avc/540p/prog_index.m3u8
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=166942,CODECS="avc1.640028",RESOLUTION=1920x1080,URI="hvc/1080p/iframe_index.m3u8"

    """

  static let subtitlesURL = URL(
    string: "https://videos.example.com/videos/wwdc/2020/10163/3/4A8C/subtitles/eng/prog_index.m3u8")!

  /// A current subtitle media playlist: decimal TARGETDURATION, EXTINF without a comma,
  /// `sequence_N.webvtt` segments.
  static func currentSubtitles(segmentCount: Int) -> String {
    var text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:7.0
      #EXT-X-VERSION:3
      #EXT-X-MEDIA-SEQUENCE:0
      #EXT-X-PLAYLIST-TYPE:VOD

      """
    for index in 0..<segmentCount {
      text += "#EXTINF:6.006\nsequence_\(index).webvtt\n"
    }
    return text + "#EXT-X-ENDLIST\n"
  }

  /// An older subtitle media playlist: 60-second segments `fileSequence0.webvtt`…
  static let olderSubtitles = """
    #EXTM3U
    #EXT-X-TARGETDURATION:60
    #EXT-X-VERSION:3
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:60.00000,
    fileSequence0.webvtt
    #EXTINF:60.00000,
    fileSequence1.webvtt
    #EXTINF:12.51200,
    fileSequence2.webvtt
    #EXT-X-ENDLIST

    """

  static func parse(_ text: String, url: URL = masterURL) throws -> Playlist {
    try PlaylistParser().parse(Data(text.utf8), url: url)
  }

  static func master(_ text: String, url: URL = masterURL) throws -> MasterPlaylist {
    guard case .master(let playlist) = try parse(text, url: url) else {
      throw Unexpected(message: "not a multivariant playlist")
    }
    return playlist
  }

  static func media(_ text: String, url: URL = subtitlesURL) throws -> MediaPlaylist {
    guard case .media(let playlist) = try parse(text, url: url) else {
      throw Unexpected(message: "not a media playlist")
    }
    return playlist
  }

  struct Unexpected: Error { let message: String }
}
