import DuoKBTestSupport
import Foundation
import Testing

@testable import WebVTT

/// A segment in the shape Apple serves (timestamp map, `align:middle`, `&gt;&gt;`
/// speaker changes, sound descriptions), parsed and dumped as text.
@Suite struct WebVTTGoldenTests {
  @Test func appleSegmentMatchesGolden() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/apple-segment.webvtt")
    let file = try WebVTTParser().parse(Data(contentsOf: fixture))
    try Golden.check(Self.dump(file), named: "apple-segment.txt")
  }

  /// One line per fact, stable across runs.
  static func dump(_ file: WebVTTFile) -> String {
    var lines: [String] = []
    if let map = file.timestampMap {
      lines.append(
        "timestampMap: mpegts=\(map.mpegts) local=\(CueTime.format(milliseconds: map.localMilliseconds)) raw=\(map.raw)"
      )
    } else {
      lines.append("timestampMap: none")
    }
    lines.append("regions: \(file.regions.map(\.id))")
    lines.append("styleSheets: \(file.styleSheets.count)")
    lines.append("warnings: \(file.warnings)")
    for (index, cue) in file.cues.enumerated() {
      let settings = cue.settings
      lines.append(
        "cue \(index + 1) id=\(quoted(cue.id)) \(CueTime.format(milliseconds: cue.startMilliseconds))"
          + " --> \(CueTime.format(milliseconds: cue.endMilliseconds)) settings=\(quoted(cue.settingsText))")
      let line = settings.line.map { "\($0)\(settings.snapToLines ? "" : "%")" } ?? "auto"
      let position = settings.position.map { "\($0)%" } ?? "auto"
      lines.append(
        "  line=\(line) lineAlign=\(settings.lineAlignment.rawValue) position=\(position)"
          + " positionAlign=\(settings.positionAlignment.rawValue) size=\(settings.size)"
          + " align=\(settings.textAlignment.rawValue) region=\(settings.regionID ?? "-")")
      lines.append("  text:  \(quoted(cue.text))")
      lines.append("  plain: \(quoted(cue.plainText))")
      lines.append("  voice: \(cue.voice ?? "-")")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
