import DuoKBTestSupport
import Foundation
import Testing

@testable import HLS

/// The text dump of an Apple-shaped master and subtitle playlist, pinned in `Golden/`.
@Suite struct GoldenTests {
  @Test func appleMasterDumpAndChoice() throws {
    let playlist = try AppleFixtures.parse(AppleFixtures.master)
    guard case .master(let master) = playlist else {
      Issue.record("not a multivariant playlist")
      return
    }
    let choice = try #require(SubtitleSelector(preferredLanguages: ["en-US"]).choose(from: master))
    let output = playlist.dump() + choice.explanation.joined(separator: "\n") + "\n"
    try Golden.check(output, named: "apple-master.txt")
  }

  @Test func appleSubtitlePlaylistDump() throws {
    let text = AppleFixtures.currentSubtitles(segmentCount: 4)
      .replacingOccurrences(
        of: "#EXT-X-ENDLIST\n", with: "#EXT-X-DISCONTINUITY\n#EXTINF:3.5,last part\nsequence_4.webvtt?v=2\n")
    let playlist = try AppleFixtures.parse(text, url: AppleFixtures.subtitlesURL)
    try Golden.check(playlist.dump(), named: "apple-subtitles.txt")
  }
}
