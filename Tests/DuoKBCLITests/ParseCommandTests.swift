import DuoKBTestSupport
import Foundation
import Testing

@Suite struct ParseCommandTests {
  @Test(.enabled(if: ConformanceData.shouldRun))
  func showsARealSegmentWithItsTimestampMap() async throws {
    let file = try ConformanceData.url("webvtt/shaka-player/hls-text-offset__vtt-069.vtt")
    let run = await runCLI(["parse", file.path])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("WebVTT: 1 cues, X-TIMESTAMP-MAP MPEGTS 324000000 LOCAL 1:00:00.000"))
    let json = await runCLI(["parse", file.path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "webvtt")
    #expect((object["timestampMap"] as? [String: Any])?["mpegts"] as? Int == 324_000_000)
  }

  @Test(.enabled(if: ConformanceData.shouldRun))
  func explainsTheSubtitleChoiceOfARealMasterPlaylist() async throws {
    let file = try ConformanceData.url("hls/carlanton-m3u8-parser/apple-multivariant.m3u8")
    let run = await runCLI(["parse", file.path])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("Subtitles for en: English"))
    #expect(run.stdout.contains("because"))
    let japanese = await runCLI(["parse", file.path, "--language", "ja", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(japanese.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "master")
    #expect(object["subtitleChoice"] != nil)
  }

  @Test(.enabled(if: ConformanceData.shouldRun))
  func showsAHIGPagesSectionsWithAnchors() async throws {
    let file = try ConformanceData.url("docc/apple/hig__getting-started.json")
    let run = await runCLI(["parse", file.path])
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Getting started"))
  }

  @Test func tellsTheKindFromTheBytesWhenTheNameSaysNothing() async throws {
    let home = try ScratchDirectory()
    try home.write(
      "#EXTM3U\n#EXT-X-TARGETDURATION:7.0\n#EXTINF:6.006\nsequence_0.webvtt\n#EXT-X-ENDLIST\n", to: "playlist")
    let run = await runCLI(["parse", "playlist"], in: home.url)
    #expect(run.stdout.hasPrefix("Media playlist: 1 segments"))
  }

  @Test("A DocC heading level far past 6 prints at most six marks", arguments: ["4294967295", "1e14"])
  func hugeHeadingLevelIsClamped(level: String) async throws {
    let home = try ScratchDirectory()
    try home.write(
      #"{"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "article", "metadata": {"title": "Deep"}, "#
        + #""primaryContentSections": [{"kind": "content", "content": [{"type": "heading", "level": \#(level), "#
        + #""text": "Way down", "anchor": "Way-down"}]}]}"#,
      to: "page.json")
    let run = await runCLI(["parse", "page.json"], in: home.url)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout.contains("\n###### Way down  {#Way-down}\n"), "\(run.stdout)")
    #expect(!run.stdout.contains("#######"))
    let json = await runCLI(["parse", "page.json", "--format", "json"], in: home.url)
    #expect(json.stdout.contains("\"level\" : 6") || json.stdout.contains("\"level\":6"), "\(json.stdout)")
  }

  @Test(
    "Unreadable or malformed input is an error, not a crash",
    arguments: [
      ("missing.vtt", nil as String?), ("bad.vtt", "NOT A VTT"), ("bad.m3u8", "<html></html>"),
      ("bad.json", "<html></html>"),
    ])
  func badInputIsAnError(name: String, content: String?) async throws {
    let home = try ScratchDirectory()
    if let content { try home.write(content, to: name) }
    let run = await runCLI(["parse", name], in: home.url)
    #expect(run.status == .usage)
    #expect(run.stderr.hasPrefix("duo-kb: error: "))
    #expect(run.stdout.isEmpty)
  }
}
