import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A media playlist whose numbers overflow fails its own source with a typed error; the
/// other sources of the same refresh land.
@Suite struct HostilePlaylistRefreshTests {
  static let nines = String(repeating: "9", count: 18)

  @Test(
    "One hostile playlist fails only its source",
    arguments: [
      (
        "#EXT-X-MEDIA-SEQUENCE:9223372036854775807\n#EXTINF:6,\na.webvtt\n#EXTINF:6,\nb.webvtt\n",
        "EXT-X-MEDIA-SEQUENCE"
      ),
      (
        "#EXT-X-DISCONTINUITY-SEQUENCE:9223372036854775807\n#EXTINF:6,\na.webvtt\n#EXT-X-DISCONTINUITY\n#EXTINF:6,\nb.webvtt\n",
        "EXT-X-DISCONTINUITY-SEQUENCE"
      ),
      (
        "#EXT-X-BYTERANGE:\(nines)@0\na.webvtt\n"
          + String(repeating: "#EXT-X-BYTERANGE:\(nines)\na.webvtt\n", count: 9),
        "EXT-X-BYTERANGE"
      ),
    ])
  func hostilePlaylistFailsOnlyItsSource(body: String, tag: String) async throws {
    let talks = (0..<4).map { fixtureTalk("90\($0)", sentences: refreshSentences) }
    let site = try FixtureSite(talks: talks)
    site.edit(talks[2].mediaPath("eng"), to: "#EXTM3U\n#EXT-X-TARGETDURATION:7\n" + body + "#EXT-X-ENDLIST\n")
    let harness = try RefreshHarness()
    let report = await harness.refresh(harness.talks(talks.map { site.url($0.pagePath) }))
    #expect(report.statuses == [.added, .added, .failed, .added])
    let error = try #require(report.entries[2].error)
    #expect(error.contains(tag), "\(error)")
    #expect(error.contains(site.url(talks[2].mediaPath("eng"))), "names the playlist: \(error)")
    #expect(error.contains("leads to a number too large to count") && !error.contains("numberOutOfRange"), "\(error)")
    #expect(try harness.corpus.readAll().map(\.id) == ["wwdc2025/900", "wwdc2025/901", "wwdc2025/903"])
  }
}
