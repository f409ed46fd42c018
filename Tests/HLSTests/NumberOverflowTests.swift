import Foundation
import Testing

@testable import HLS

/// Numbers a playlist implies past 64 bits give `HLSError.numberOutOfRange` naming the tag
/// and line, never a trap; the largest numbers that still fit are read as written.
@Suite struct NumberOverflowTests {
  static let url = URL(string: "https://videos.example.com/talk/prog_index.m3u8")!

  static func parse(_ text: String) throws(HLSError) -> Playlist {
    try PlaylistParser().parse(Data(("#EXTM3U\n" + text).utf8), url: url)
  }

  /// 18 nines: the longest BYTERANGE number the parser reads.
  static let nines = String(repeating: "9", count: 18)

  @Test(
    "Overflow gives a typed error naming the tag",
    arguments: [
      // The first segment is numbered Int.max; the second would be Int.max + 1.
      (
        "#EXT-X-MEDIA-SEQUENCE:9223372036854775807\n#EXTINF:1,\na.webvtt\n#EXTINF:1,\nb.webvtt\n", 6,
        "EXT-X-MEDIA-SEQUENCE"
      ),
      (
        "#EXT-X-DISCONTINUITY-SEQUENCE:9223372036854775807\n#EXTINF:1,\na.webvtt\n#EXT-X-DISCONTINUITY\n#EXTINF:1,\nb.webvtt\n",
        7, "EXT-X-DISCONTINUITY-SEQUENCE"
      ),
      // Each implicit offset continues the previous range: ten of 10^18 bytes pass Int.max.
      (
        "#EXT-X-BYTERANGE:\(nines)@0\na.mp4\n" + String(repeating: "#EXT-X-BYTERANGE:\(nines)\na.mp4\n", count: 9), 20,
        "EXT-X-BYTERANGE"
      ),
      // An explicit offset near the top plus a length past it.
      (
        "#EXT-X-BYTERANGE:\(nines)@\(nines)\na.mp4\n"
          + String(repeating: "#EXT-X-BYTERANGE:\(nines)\na.mp4\n", count: 8), 18, "EXT-X-BYTERANGE"
      ),
    ])
  func overflowIsTyped(text: String, line: Int, tag: String) {
    #expect(throws: HLSError.numberOutOfRange(url: Self.url, line: line, tag: tag)) { try Self.parse(text) }
  }

  @Test func largestSequenceNumbersThatFitAreKept() throws {
    let text = """
      #EXT-X-MEDIA-SEQUENCE:9223372036854775806
      #EXT-X-DISCONTINUITY-SEQUENCE:9223372036854775806
      #EXTINF:1,
      a.webvtt
      #EXT-X-DISCONTINUITY
      #EXTINF:1,
      b.webvtt

      """
    guard case .media(let media) = try Self.parse(text) else {
      Issue.record("not a media playlist")
      return
    }
    #expect(media.segments.map(\.mediaSequence) == [Int.max - 1, Int.max])
    #expect(media.segments.map(\.discontinuitySequence) == [Int.max - 1, Int.max])
  }

  @Test func sequenceNumberPastIntMaxIsAWarningNotAnError() throws {
    guard case .media(let media) = try Self.parse("#EXT-X-MEDIA-SEQUENCE:9223372036854775808\n#EXTINF:1,\na.webvtt\n")
    else {
      Issue.record("not a media playlist")
      return
    }
    #expect(media.mediaSequence == 0)
    #expect(media.warnings.contains { $0.message.contains("EXT-X-MEDIA-SEQUENCE") })
  }

  @Test func overflowWordsNameTheTag() {
    let error = HLSError.numberOutOfRange(url: Self.url, line: 3, tag: "EXT-X-BYTERANGE")
    #expect(error.reason == "EXT-X-BYTERANGE leads to a number too large to count")
    #expect(error.line == 3)
  }
}
