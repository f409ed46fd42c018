import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import Normalize

/// Whole-pipeline dumps for a talk (segments -> merged cues -> passages) and a HIG page
/// (sections -> passages), compared with golden files.
@Suite struct NormalizeGoldenTests {
  static func fixture<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
  }

  /// Segments with identical timestamp maps, a boundary repeat, two cues split across
  /// boundaries, a header-only segment, `>>` with a label, voices, sound cues, and
  /// "Thank you." said twice in one segment (kept twice).
  @Test func talkFixture() throws {
    let segments = try Self.fixture("talk-segments.json", as: [SegmentCues].self)
    let merged = CueMerger().merge(segments)
    let passages = TalkNormalizer().passages(from: merged.cues)
    let report = merged.report
    var lines = [
      "merge: repeatsDropped=\(report.repeatsDropped) splitsJoined=\(report.splitsJoined) "
        + "segmentsShifted=\(report.segmentsShifted) emptySegments=\(report.emptySegments) "
        + "segmentsReordered=\(report.segmentsReordered)"
    ]
    for (index, cue) in merged.cues.enumerated() {
      lines.append(
        "cue \(index) \(clock(cue.startMilliseconds))-\(clock(cue.endMilliseconds)) voice=\(cue.voice ?? "-") | \(cue.raw.replacingOccurrences(of: "\n", with: "\\n"))"
      )
    }
    for passage in passages {
      lines.append(
        "passage cues \(passage.firstCue!)-\(passage.lastCue!) \(clock(passage.startMilliseconds))-\(clock(passage.endMilliseconds)) "
          + "speaker=\(passage.speaker ?? "-") | \(passage.text)")
    }
    let hash = ContentHash.of(passages: passages, cues: merged.cues)
    lines.append("contentHash \(hash)")
    try Golden.check(lines.joined(separator: "\n") + "\n", named: "talk-passages.txt")
  }

  /// A HIG page with an untitled intro, paragraphs, list items, an aside, table cells,
  /// a term list, a caption, a code listing, an unknown node and a change log.
  @Test func higFixture() throws {
    let sections = try Self.fixture("hig-sections.json", as: [HIGSectionInput].self)
    let normalizer = HIGNormalizer()
    var lines: [String] = []
    for heading in normalizer.sections(from: sections) {
      lines.append("section \(heading.level) #\(heading.anchor ?? "-") \(heading.title)")
    }
    for passage in normalizer.passages(from: sections) {
      lines.append(
        "passage \(passage.kind.rawValue) #\(passage.anchor ?? "-") | \(passage.text.replacingOccurrences(of: "\n", with: "\\n"))"
      )
    }
    try Golden.check(lines.joined(separator: "\n") + "\n", named: "hig-passages.txt")
  }
}
