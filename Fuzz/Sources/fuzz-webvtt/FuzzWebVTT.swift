import DocumentModel
import Foundation
import Normalize
import WebVTT

/// WebVTT segments through the parser, the cue text parser, the merger and the talk
/// normalizer, as a harvest runs them. A form feed (0x0C) splits the input into up to four
/// segments, so that X-TIMESTAMP-MAP shifts and repeats across segments are exercised.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTT(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Data(bytes: data, count: size)
  var segments: [SegmentCues] = []
  for part in input.split(separator: 0x0C, maxSplits: 3, omittingEmptySubsequences: false) {
    guard let file = try? WebVTTParser().parse(Data(part)) else { continue }
    let cues = file.cues.map { cue in
      StoredCue(
        startMilliseconds: cue.startMilliseconds, endMilliseconds: cue.endMilliseconds,
        raw: cue.text, text: cue.plainText,
        settings: cue.settingsText.isEmpty ? nil : cue.settingsText, voice: cue.voice)
    }
    segments.append(
      SegmentCues(
        mpegts: file.timestampMap?.mpegts, localMilliseconds: file.timestampMap?.localMilliseconds, cues: cues))
  }
  let merged = CueMerger().merge(segments)
  _ = TalkNormalizer().passages(from: merged.cues)
  return 0
}
