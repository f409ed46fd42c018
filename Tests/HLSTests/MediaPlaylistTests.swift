import Foundation
import Testing

@testable import HLS

@Suite struct MediaPlaylistTests {
  @Test func readsCurrentAppleSubtitlePlaylist() throws {
    // A 35-minute talk: about 340 segments of 6.006 s.
    let playlist = try AppleFixtures.media(AppleFixtures.currentSubtitles(segmentCount: 340))
    #expect(playlist.targetDuration == 7.0)
    #expect(playlist.playlistType == .vod)
    #expect(playlist.hasEndList && !playlist.iFramesOnly)
    #expect(playlist.version == 3)
    #expect(playlist.segments.count == 340)
    #expect(playlist.warnings.isEmpty)
    let last = try #require(playlist.segments.last)
    #expect(last.uri == "sequence_339.webvtt")
    #expect(last.duration == 6.006 && last.title == "")
    #expect(last.mediaSequence == 339)
    #expect(
      last.url?.absoluteString
        == "https://videos.example.com/videos/wwdc/2020/10163/3/4A8C/subtitles/eng/sequence_339.webvtt")
    #expect(abs(playlist.totalDurationSeconds - 340 * 6.006) < 1e-6)
  }

  @Test func readsOlderAppleSubtitlePlaylist() throws {
    let playlist = try AppleFixtures.media(AppleFixtures.olderSubtitles)
    #expect(playlist.targetDuration == 60)
    #expect(playlist.segments.map(\.uri) == ["fileSequence0.webvtt", "fileSequence1.webvtt", "fileSequence2.webvtt"])
    #expect(playlist.segments.map(\.duration) == [60, 60, 12.512])
  }

  @Test(
    "EXTINF duration and title",
    arguments: [
      ("6.006", 6.006 as Double?, ""),  // Apple: no comma
      ("6.006,", 6.006, ""),
      ("10,Title, with a comma", 10, "Title, with a comma"),
      ("6.00000,\t", 6, "\t"),  // the title is kept as written
      (" 5 ,x", 5, "x"),
      ("abc,", nil, ""),  // not a number: unknown duration
      ("", nil, ""),
      ("-1,", -1, ""),
    ])
  func readsExtinf(value: String, duration: Double?, title: String) throws {
    let playlist = try AppleFixtures.media("#EXTM3U\n#EXTINF:\(value)\na.webvtt\n")
    let segment = try #require(playlist.segments.first)
    #expect(segment.duration == duration)
    #expect(segment.title == title)
  }

  @Test func segmentWithoutExtinfHasNoDurationOrTitle() throws {
    let playlist = try AppleFixtures.media("#EXTM3U\n#EXTINF:22,\n#EXTINF:10,b\na.ts\nb.ts\n")
    #expect(playlist.segments.map(\.duration) == [10, nil])
    #expect(playlist.segments.map(\.title) == ["b", nil])
    #expect(playlist.warnings.map(\.line) == [3, 5])
  }

  @Test(
    "Byte ranges (RFC 8216 §4.3.2.2)",
    arguments: [
      // explicit
      (
        "#EXT-X-BYTERANGE:100@0\na.ts\n#EXT-X-BYTERANGE:50@100\na.ts",
        [ByteRange(length: 100, offset: 0), ByteRange(length: 50, offset: 100)]
      ),
      // implicit: continues the previous sub-range of the same resource
      (
        "#EXT-X-BYTERANGE:100@10\na.ts\n#EXT-X-BYTERANGE:50\na.ts",
        [ByteRange(length: 100, offset: 10), ByteRange(length: 50, offset: 110, isOffsetImplicit: true)]
      ),
      // implicit after another resource: undefined, offset nil
      (
        "#EXT-X-BYTERANGE:100@0\na.ts\n#EXT-X-BYTERANGE:50\nb.ts",
        [ByteRange(length: 100, offset: 0), ByteRange(length: 50, offset: nil, isOffsetImplicit: true)]
      ),
      // implicit on the first segment: nothing to continue
      ("#EXT-X-BYTERANGE:50\na.ts", [ByteRange(length: 50, offset: nil, isOffsetImplicit: true)]),
      // implicit after a whole-resource segment: nothing to continue
      ("a.ts\n#EXT-X-BYTERANGE:50\na.ts", [nil, ByteRange(length: 50, offset: nil, isOffsetImplicit: true)]),
      // implicit after an unknown offset stays unknown
      (
        "#EXT-X-BYTERANGE:5\na.ts\n#EXT-X-BYTERANGE:5\na.ts",
        [
          ByteRange(length: 5, offset: nil, isOffsetImplicit: true),
          ByteRange(length: 5, offset: nil, isOffsetImplicit: true),
        ]
      ),
      // malformed: ignored
      ("#EXT-X-BYTERANGE:abc\na.ts\n#EXT-X-BYTERANGE:1@2@3\na.ts", [nil, nil]),
    ] as [(String, [ByteRange?])])
  func readsByteRanges(body: String, ranges: [ByteRange?]) throws {
    let playlist = try AppleFixtures.media("#EXTM3U\n" + body + "\n")
    #expect(playlist.segments.map(\.byteRange) == ranges)
  }

  @Test func byteRangeMayPrecedeExtinf() throws {
    let playlist = try AppleFixtures.media("#EXTM3U\n#EXT-X-BYTERANGE:8@4\n#EXTINF:10.0,\nv.ts\n")
    #expect(playlist.segments.first?.byteRange == ByteRange(length: 8, offset: 4))
    #expect(playlist.segments.first?.duration == 10)
  }

  @Test func discontinuitiesAndSequences() throws {
    let playlist = try AppleFixtures.media(
      """
      #EXTM3U
      #EXT-X-MEDIA-SEQUENCE:100
      #EXT-X-DISCONTINUITY-SEQUENCE:7
      #EXT-X-DISCONTINUITY
      #EXTINF:6.006
      sequence_0.webvtt
      #EXTINF:6.006
      sequence_1.webvtt
      #EXT-X-DISCONTINUITY
      #EXTINF:6.006
      sequence_2.webvtt
      """)
    #expect(playlist.segments.map(\.mediaSequence) == [100, 101, 102])
    #expect(playlist.segments.map(\.discontinuity) == [true, false, true])
    // One before the first segment does not count.
    #expect(playlist.segments.map(\.discontinuitySequence) == [7, 7, 8])
    #expect(!playlist.hasEndList)
  }

  @Test func mapAppliesUntilTheNextMap() throws {
    let playlist = try AppleFixtures.media(
      """
      #EXTM3U
      #EXT-X-MAP:URI="init.mp4",BYTERANGE="719@0"
      #EXTINF:6,
      a.mp4
      #EXT-X-MAP:URI="init2.mp4",BYTERANGE="100"
      #EXTINF:6,
      b.mp4
      #EXT-X-MAP:URI="init3.mp4"
      #EXTINF:6,
      c.mp4
      """)
    #expect(playlist.segments.map { $0.map?.uri } == ["init.mp4", "init2.mp4", "init3.mp4"])
    #expect(playlist.segments[0].map?.byteRange == ByteRange(length: 719, offset: 0))
    // Leniency: a MAP byte range without an offset starts at 0.
    #expect(playlist.segments[1].map?.byteRange == ByteRange(length: 100, offset: 0))
    #expect(playlist.segments[2].map?.byteRange == nil)
    #expect(playlist.segments[2].map?.url?.lastPathComponent == "init3.mp4")
  }

  @Test func encryptedSegmentsAreMarkedAndReportedUnsupported() throws {
    let playlist = try AppleFixtures.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:7
      #EXTINF:6.006,
      clear.webvtt
      #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k?id=1",IV=0x00000000000000000000000000000001
      #EXTINF:6.006,
      secret.webvtt
      #EXT-X-KEY:METHOD=NONE
      #EXTINF:6.006,
      clear2.webvtt
      #EXT-X-ENDLIST
      """)
    #expect(playlist.segments.map(\.isEncrypted) == [false, true, false])
    #expect(playlist.warnings.map(\.line) == [5])
    let key = try #require(playlist.segments[1].key)
    #expect(key.method == "AES-128")
    #expect(key.url?.absoluteString == "https://keys.example.com/k?id=1")
    #expect(key.initializationVector?.last == 1)
    #expect(throws: HLSError.encryptedSegments(url: AppleFixtures.subtitlesURL, line: 5, method: "AES-128")) {
      try playlist.requireUnencrypted()
    }
    let clear = try AppleFixtures.media(AppleFixtures.olderSubtitles)
    #expect(throws: Never.self) { try clear.requireUnencrypted() }
  }

  @Test func playlistTags() throws {
    let playlist = try AppleFixtures.media(
      """
      #EXTM3U
      #EXT-X-PLAYLIST-TYPE:EVENT
      #EXT-X-I-FRAMES-ONLY
      #EXT-X-INDEPENDENT-SEGMENTS
      #EXT-X-PROGRAM-DATE-TIME:2020-06-22T17:00:00.000Z
      #EXT-X-MEDIA-SEQUENCE:x
      #EXT-X-TARGETDURATION:seven
      #EXT-X-PLAYLIST-TYPE:LIVE
      #EXTINF:6
      """)
    #expect(playlist.playlistType == nil)  // the later, unknown value
    #expect(playlist.iFramesOnly && playlist.independentSegments)
    #expect(playlist.unknownTags == ["#EXT-X-PROGRAM-DATE-TIME:2020-06-22T17:00:00.000Z"])
    #expect(playlist.mediaSequence == 0 && playlist.targetDuration == nil)
    // Bad values, and the truncated EXTINF at the end, are reported with their lines.
    #expect(playlist.warnings.map(\.line) == [6, 7, 8, 9])
    #expect(playlist.segments.isEmpty)
  }

  @Test func uriLinesLoseSurroundingWhitespace() throws {
    let playlist = try AppleFixtures.media("#EXTM3U\n#EXTINF:1,\n \tsequence_0.webvtt \n")
    #expect(playlist.segments.first?.uri == "sequence_0.webvtt")
  }
}
