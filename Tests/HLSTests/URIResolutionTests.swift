import Foundation
import Testing

@testable import HLS

@Suite struct URIResolutionTests {
  static let base = "https://videos.example.com/videos/wwdc/2020/10163/cmaf.m3u8"

  @Test(
    "Resolves against the playlist URL (RFC 3986 §5)",
    arguments: [
      (
        base, "subtitles/eng/prog_index.m3u8",
        "https://videos.example.com/videos/wwdc/2020/10163/subtitles/eng/prog_index.m3u8"
      ),
      (base, "/media/subs.m3u8", "https://videos.example.com/media/subs.m3u8"),  // absolute-path
      (base, "//cdn.example.net/a/b.ts", "https://cdn.example.net/a/b.ts"),  // scheme-relative
      (base, "http://other.example.org/x.ts", "http://other.example.org/x.ts"),  // absolute
      (base, "seg.ts?token=a%20b&x=1", "https://videos.example.com/videos/wwdc/2020/10163/seg.ts?token=a%20b&x=1"),
      (base, "../up/one.ts", "https://videos.example.com/videos/wwdc/2020/up/one.ts"),
      (base, "hls,v6/v6.m3u8", "https://videos.example.com/videos/wwdc/2020/10163/hls,v6/v6.m3u8"),
      (base, "my file.ts", "https://videos.example.com/videos/wwdc/2020/10163/my%20file.ts"),
      // The base's own query string does not carry over.
      ("https://h.example.com/a/b.m3u8?sig=1", "c.ts", "https://h.example.com/a/c.ts"),
      ("https://h.example.com/a/b.m3u8?sig=1", "c.ts?sig=2", "https://h.example.com/a/c.ts?sig=2"),
      (
        "file:///tmp/talk/master.m3u8", "subtitles/eng/prog_index.m3u8",
        "file:///tmp/talk/subtitles/eng/prog_index.m3u8"
      ),
    ])
  func resolves(base: String, reference: String, expected: String) throws {
    let baseURL = try #require(URL(string: base))
    #expect(URIResolution.resolve(reference, against: baseURL)?.absoluteString == expected)
  }

  @Test func emptyReferenceDoesNotResolve() throws {
    #expect(URIResolution.resolve("", against: try #require(URL(string: Self.base))) == nil)
  }

  @Test func everyURIKindKeepsItsRawText() throws {
    let base = try #require(URL(string: Self.base))
    let master = try AppleFixtures.master(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="English",URI="/root/subs.m3u8?lang=en"
      #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="//cdn.example.net/i.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1
      v/p.m3u8
      """, url: base)
    #expect(master.renditions[0].uri == "/root/subs.m3u8?lang=en")
    #expect(master.renditions[0].resolvedURL?.absoluteString == "https://videos.example.com/root/subs.m3u8?lang=en")
    #expect(master.iFrameVariants[0].url?.absoluteString == "https://cdn.example.net/i.m3u8")
    #expect(master.variants[0].url?.absoluteString == "https://videos.example.com/videos/wwdc/2020/10163/v/p.m3u8")
  }
}
