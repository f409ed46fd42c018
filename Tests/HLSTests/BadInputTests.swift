import Foundation
import Testing

@testable import HLS

/// Hostile and broken input: each gives a typed error or a bounded, documented result.
@Suite struct BadInputTests {
  static let url = URL(string: "https://videos.example.com/talk/prog_index.m3u8")!

  static func parse(_ data: Data, limits: HLSLimits = .default) throws(HLSError) -> Playlist {
    try PlaylistParser(limits: limits).parse(data, url: url)
  }

  static func parse(_ text: String, limits: HLSLimits = .default) throws(HLSError) -> Playlist {
    try parse(Data(text.utf8), limits: limits)
  }

  /// Deterministic pseudo-random bytes (a 64-bit LCG), so a failure can be replayed.
  static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  @Test(
    "Missing #EXTM3U",
    arguments: [
      ("#EXTINF:6.006,\nsequence_0.webvtt\n", 1),
      ("", 1),
      ("\n\n# only a comment\n", 3),
      ("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n", 1),
      ("#EXTM3Ux\n", 1),
      ("\n  \n<html><body>Not Found</body></html>", 3),  // an error page served as a playlist
    ])
  func missingHeader(text: String, line: Int) {
    #expect(throws: HLSError.missingHeader(url: Self.url, line: line)) { try Self.parse(text) }
  }

  @Test func headerMayFollowCommentsAndCarryTrailingSpaces() throws {
    let playlist = try Self.parse("# from a published example\n\n#EXTM3U  \n#EXTINF:1,\na.ts\n")
    #expect(playlist.warnings == [HLSWarning(line: 3, message: "#EXTM3U is not the first line (RFC 8216 §4.3.1.1)")])
  }

  @Test func randomBytesGiveTypedErrors() {
    for seed in UInt64(0)..<50 {
      let bytes = Self.randomBytes(count: 4_096, seed: seed)
      #expect(throws: HLSError.self, "seed \(seed)") { try Self.parse(Data(bytes)) }
    }
  }

  @Test func randomBytesAfterHeaderNeverCrash() {
    var invalid = 0
    for seed in UInt64(0)..<50 {
      let bytes = Array("#EXTM3U\n".utf8) + Self.randomBytes(count: 4_096, seed: seed)
      do {
        _ = try Self.parse(Data(bytes))
      } catch {
        guard case .invalidUTF8(_, let line) = error else {
          Issue.record("seed \(seed): \(error)")
          continue
        }
        #expect(line >= 2)
        invalid += 1
      }
    }
    #expect(invalid > 0)
  }

  @Test func invalidUTF8NamesItsLine() {
    let bytes = Array("#EXTM3U\n#EXTINF:6.006,\n".utf8) + [0x73, 0xFF, 0xFE, 0x0A] + Array("#EXT-X-ENDLIST\n".utf8)
    #expect(throws: HLSError.invalidUTF8(url: Self.url, line: 3)) { try Self.parse(Data(bytes)) }
    // An overlong encoding of "/" and a lone surrogate are not UTF-8 either.
    let overlong = Array("#EXTM3U\na".utf8) + [0xC0, 0xAF]
    #expect(throws: HLSError.invalidUTF8(url: Self.url, line: 2)) { try Self.parse(Data(overlong)) }
    let surrogate = Array("#EXTM3U\na".utf8) + [0xED, 0xA0, 0x80]
    #expect(throws: HLSError.invalidUTF8(url: Self.url, line: 2)) { try Self.parse(Data(surrogate)) }
  }

  @Test func fiftyMegabyteSingleLineIsRefusedBySize() {
    let data = Data(repeating: UInt8(ascii: "A"), count: 50_000_000)
    #expect(throws: HLSError.playlistTooLarge(url: Self.url, bytes: 50_000_000, limit: 16 * 1024 * 1024)) {
      try Self.parse(data)
    }
  }

  @Test func overlongLineIsRefusedWithItsLine() {
    let long = String(repeating: "x", count: 100_000)
    #expect(throws: HLSError.lineTooLong(url: Self.url, line: 3, limit: 65_536)) {
      try Self.parse("#EXTM3U\n#EXTINF:1,\n\(long).ts\n")
    }
    #expect(throws: HLSError.lineTooLong(url: Self.url, line: 1, limit: 65_536)) {
      try Self.parse("#EXTM3U" + long)
    }
  }

  @Test func millionSegmentsStopAtTheSegmentLimit() {
    // "#EXTINF:1,\na\n" a million times: 13 MB, under the byte limit.
    let thousand = [UInt8](repeating: 0, count: 0) + Array(String(repeating: "#EXTINF:1,\na\n", count: 1_000).utf8)
    var bytes = Array("#EXTM3U\n".utf8)
    bytes.reserveCapacity(bytes.count + thousand.count * 1_000)
    for _ in 0..<1_000 { bytes.append(contentsOf: thousand) }
    #expect(bytes.count == 13_000_008)
    // Segment 100,001 has its URI on line 1 + 2 × 100,001.
    #expect(throws: HLSError.tooManySegments(url: Self.url, line: 200_003, limit: 100_000)) {
      try Self.parse(Data(bytes))
    }
  }

  @Test func segmentLimitIsExact() throws {
    let limits = HLSLimits(maxSegments: 3)
    let three = "#EXTM3U\n" + String(repeating: "#EXTINF:1,\na.ts\n", count: 3)
    guard case .media(let playlist) = try Self.parse(three, limits: limits) else {
      Issue.record("not a media playlist")
      return
    }
    #expect(playlist.segments.count == 3)
    #expect(throws: HLSError.tooManySegments(url: Self.url, line: 9, limit: 3)) {
      try Self.parse(three + "#EXTINF:1,\nb.ts\n", limits: limits)
    }
  }

  @Test func entryLimitBoundsRenditionsAndUnknownTags() {
    let limits = HLSLimits(maxEntries: 2)
    let renditions = "#EXTM3U\n" + String(repeating: "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"n\"\n", count: 3)
    #expect(throws: HLSError.tooManyEntries(url: Self.url, line: 4, limit: 2)) {
      try Self.parse(renditions, limits: limits)
    }
    let tags = "#EXTM3U\n" + String(repeating: "#EXT-X-FUTURE-TAG:1\n", count: 3)
    #expect(throws: HLSError.tooManyEntries(url: Self.url, line: 4, limit: 2)) {
      try Self.parse(tags, limits: limits)
    }
  }

  @Test func mixedPlaylistKindsAreRefused() {
    let text = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXTINF:6,\na.ts\n"
    #expect(throws: HLSError.mixedPlaylistKinds(url: Self.url, line: 4)) { try Self.parse(text) }
    let mediaFirst = "#EXTM3U\n#EXTINF:6,\na.ts\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"n\"\n"
    #expect(throws: HLSError.mixedPlaylistKinds(url: Self.url, line: 4)) { try Self.parse(mediaFirst) }
  }

  @Test func everyTruncationOfAppleMasterParsesOrFailsTyped() {
    let full = Array(AppleFixtures.master.utf8)
    var masters = 0
    for length in 0...full.count {
      do {
        if case .master = try Self.parse(Data(full[0..<length])) { masters += 1 }
      } catch {
        // Only the cuts before "#EXTM3U" is complete may fail, for want of a header;
        // a cut inside a multi-byte character may also leave invalid UTF-8.
        switch error {
        case .missingHeader: #expect(length < 8)
        case .invalidUTF8: break
        default: Issue.record("cut at \(length): \(error)")
        }
      }
    }
    #expect(masters > full.count / 2)
  }

  @Test func truncatedMediaPlaylistKeepsWhatIsComplete() throws {
    let text = "#EXTM3U\n#EXT-X-TARGETDURATION:7.0\n#EXTINF:6.006\nsequence_0.webvtt\n#EXTINF:6.0"
    guard case .media(let playlist) = try Self.parse(text) else {
      Issue.record("not a media playlist")
      return
    }
    #expect(playlist.segments.map(\.uri) == ["sequence_0.webvtt"])
    #expect(!playlist.hasEndList)
    #expect(playlist.warnings.map(\.line) == [5])
  }

  @Test func truncatedAttributeListIsRepairedWithAWarning() throws {
    let text = "#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=\"English\",URI=\"subtitles/en"
    guard case .master(let playlist) = try Self.parse(text) else {
      Issue.record("not a multivariant playlist")
      return
    }
    #expect(playlist.renditions.first?.uri == "subtitles/en")
    #expect(playlist.warnings.first?.line == 2)
  }

  @Test func hostileLinesStayBounded() throws {
    let quotes = String(repeating: "\"", count: 60_000)
    let commas = String(repeating: ",", count: 60_000)
    let pairs = String(repeating: "A=\"\",", count: 12_000)
    let text = "#EXTM3U\n#EXT-X-MEDIA:\(quotes)\n#EXT-X-MEDIA:\(commas)\n#EXT-X-STREAM-INF:\(pairs)\nv.m3u8\n"
    guard case .master(let playlist) = try Self.parse(text) else {
      Issue.record("not a multivariant playlist")
      return
    }
    #expect(playlist.renditions.isEmpty)
    #expect(playlist.variants.count == 1)
  }

  @Test func nulBytesAndLineEndings() throws {
    let nul = "#EXTM3U\n#EXTINF:1,\u{0}\na\u{0}.ts\n"
    guard case .media(let withNul) = try Self.parse(nul) else {
      Issue.record("not media")
      return
    }
    #expect(withNul.segments.first?.title == "\u{0}")
    for ending in ["\r\n", "\r", "\n"] {
      let text = ["#EXTM3U", "#EXTINF:6.006", "sequence_0.webvtt", "#EXT-X-ENDLIST"].joined(separator: ending)
      guard case .media(let playlist) = try Self.parse(text) else {
        Issue.record("not media")
        return
      }
      #expect(playlist.segments.map(\.uri) == ["sequence_0.webvtt"])
      #expect(playlist.hasEndList)
    }
  }

  @Test func byteOrderMarkIsSkippedWithAWarning() throws {
    let playlist = try Self.parse(Data([0xEF, 0xBB, 0xBF] + Array("#EXTM3U\n#EXTINF:1,\na.ts\n".utf8)))
    #expect(playlist.warnings.first == HLSWarning(line: 1, message: "byte order mark skipped (RFC 8216 §4.1)"))
  }

  @Test func errorsSayWhereAndWhy() {
    let error = HLSError.tooManySegments(url: Self.url, line: 7, limit: 3)
    #expect(error.url == Self.url)
    #expect(error.line == 7)
    #expect(error.reason == "more than 3 media segments")
    #expect(HLSError.playlistTooLarge(url: Self.url, bytes: 2, limit: 1).line == nil)
  }
}
