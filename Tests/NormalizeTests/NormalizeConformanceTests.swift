import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing
import WebVTT

@testable import Normalize

/// Merging and normalizing the cues of third-party WebVTT conformance cases, read in place
/// from their expectations (`*.expected.json`: cue times in seconds, raw text, and the
/// `X-TIMESTAMP-MAP` where the header has one) and cue identifiers; for the test of every
/// file, with each cue's settings as written in the `.vtt` beside it (the expectations give
/// them parsed, which makes cues positioned by different invalid settings look identical).
@Suite struct NormalizeConformanceTests {
  static func segment(_ relativePath: String, settingsFromVTT: Bool = false) throws -> SegmentCues {
    let data = try Data(contentsOf: ConformanceData.url(relativePath))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var segment = SegmentCues()
    if let map = object["timestampMap"] as? [String: Any] {
      segment.mpegts = (map["mpegts"] as? NSNumber)?.int64Value
      segment.localMilliseconds = ((map["local"] as? NSNumber)?.doubleValue).map { Int(($0 * 1000).rounded()) }
    }
    for case let cue as [String: Any] in object["cues"] as? [Any] ?? [] {
      let start = Int((((cue["startTime"] as? NSNumber)?.doubleValue ?? 0) * 1000).rounded())
      let end = Int((((cue["endTime"] as? NSNumber)?.doubleValue ?? 0) * 1000).rounded())
      let text = cue["text"] as? String ?? ""
      let identifier = (cue["id"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      segment.cues.append(
        StoredCue(startMilliseconds: start, endMilliseconds: end, raw: text, text: text, identifier: identifier))
    }
    guard settingsFromVTT else { return segment }
    if let vtt = try? ConformanceData.url(relativePath.replacingOccurrences(of: ".expected.json", with: ".vtt")),
      let data = try? Data(contentsOf: vtt), let file = try? WebVTTParser().parse(data),
      file.cues.count == segment.cues.count
    {
      for (index, cue) in file.cues.enumerated() where !cue.settingsText.isEmpty {
        segment.cues[index].settings = cue.settingsText
      }
    }
    return segment
  }

  /// shaka-packager's segmented track repeats a cue that spans segments 3 to 5 in each of
  /// them, at the same times under the same map: the repeat is one cue.
  @Test(.enabled(if: ConformanceData.shouldRun))
  func packagerSegmentsDropTheRepeatedCue() throws {
    let segments = try [1, 3, 5].map {
      try Self.segment("webvtt/shaka-packager/hls-segmented-webvtt__bear-english-text-\($0).expected.json")
    }
    let merged = CueMerger().merge(segments)
    #expect(merged.cues.map(\.raw) == segments[0].cues.map(\.raw) + segments[1].cues.map(\.raw))
    #expect(merged.report.repeatsDropped == segments[2].cues.count)
    #expect(merged.report.shiftMilliseconds == [0, 0, 0])
  }

  /// shaka-player's hls-text-offset segments share one map (LOCAL 1 h = MPEGTS 324000000):
  /// nothing shifts, header-only segments are counted, playlist order is kept.
  @Test(.enabled(if: ConformanceData.shouldRun))
  func sharedMapShiftsNothing() throws {
    let segments = try (69...73).map {
      try Self.segment("webvtt/shaka-player/hls-text-offset__vtt-0\($0).expected.json")
    }
    #expect(segments.allSatisfy { $0.mpegts == 324_000_000 && $0.localMilliseconds == 3_600_000 })
    let merged = CueMerger().merge(segments)
    #expect(merged.cues == segments.flatMap(\.cues))
    #expect(merged.report.segmentsShifted == 0)
    #expect(merged.report.emptySegments == segments.filter { $0.cues.isEmpty }.count)
  }

  /// Every conformance file's cues (raw payloads standing in for rendered text) normalize
  /// into passages that are slices of the joined text (or, where a sound description was
  /// left out, keep its characters in order), within their cues' times.
  @Test(.enabled(if: ConformanceData.shouldRun))
  func everyFileNormalizes() throws {
    let files = try ConformanceData.files(under: "webvtt", endingWith: ".expected.json")
    #expect(files.count > 100)
    let root = try ConformanceData.root().path
    for file in files {
      let segment = try Self.segment(String(file.path.dropFirst(root.count + 1)), settingsFromVTT: true)
      let merged = CueMerger().merge([segment, segment])
      #expect(merged.cues.count == segment.cues.count, "\(file.lastPathComponent)")
      let joined = TalkNormalizer.joinedText(of: merged.cues)
      for passage in TalkNormalizer().passages(from: merged.cues) {
        if passage.omitted == nil {
          #expect(isByteSlice(passage.text, of: joined), "\(file.lastPathComponent): \(passage.text)")
        } else {
          #expect(isSubsequence(passage.text, of: joined), "\(file.lastPathComponent): \(passage.text)")
        }
        #expect(passage.startMilliseconds == merged.cues[passage.firstCue!].startMilliseconds)
        #expect(passage.endMilliseconds == merged.cues[passage.lastCue!].endMilliseconds)
      }
    }
  }
}
