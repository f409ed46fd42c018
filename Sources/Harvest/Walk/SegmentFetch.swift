import DocumentModel
import Foundation
import Normalize
import WebVTT

/// Fetches the segments of one talk's subtitle track, a bounded number at a time, each
/// parsed as it arrives and its body dropped; what was staged by an earlier attempt is
/// reused. The talk's segments together are held to `HarvestLimits` (bytes and cues).
struct SegmentFetch: Sendable {
  let fetcher: SiteFetcher
  let concurrency: Int

  /// Every segment in playlist order (nil where it failed), and the failures by index.
  struct Result: Sendable {
    var segments: [StagedSegment?]
    var failures: [Int: HarvestError]

    /// The failure of the first segment, in playlist order, that failed.
    var firstFailure: HarvestError? { failures.keys.min().flatMap { failures[$0] } }
  }

  func fetch(_ urls: [String], reusing staged: [StagedSegment], mediaURL: String) async throws(HarvestError)
    -> Result
  {
    let limits = fetcher.limits
    var result = Result(segments: Array(repeating: nil, count: urls.count), failures: [:])
    var bytes = 0
    var cues = 0
    for segment in staged where urls.indices.contains(segment.index) && urls[segment.index] == segment.validator.url {
      result.segments[segment.index] = segment
      bytes = Self.adding(bytes, segment.byteCount)
      cues = Self.adding(cues, segment.cues.cues.count)
    }
    func checkLimits() throws(HarvestError) {
      if bytes > limits.maxTalkSubtitleBytes {
        throw .subtitlesTooLarge(url: mediaURL, limitBytes: limits.maxTalkSubtitleBytes)
      }
      if cues > limits.maxTalkCues { throw .tooManyCues(url: mediaURL, limit: limits.maxTalkCues) }
    }
    try checkLimits()
    let pending = urls.indices.filter { result.segments[$0] == nil }
    let fetcher = fetcher
    let maxBytes = min(limits.maxSegmentBytes, limits.maxTalkSubtitleBytes)
    var overLimit: HarvestError?
    await BoundedConcurrency.forEach(pending, width: concurrency) {
      index -> Swift.Result<StagedSegment, HarvestError> in
      let url = urls[index]
      do throws(HarvestError) {
        return .success(
          try await fetcher.fetch(url, maxBodyBytes: maxBytes) { response throws(HarvestError) in
            StagedSegment(
              index: index, validator: ResourceValidator(url: url, response: response),
              byteCount: response.body.count, cues: try Self.segmentCues(response.body, url: url))
          })
      } catch {
        return .failure(error)
      }
    } collect: { (index: Int, outcome: Swift.Result<StagedSegment, HarvestError>) -> Bool in
      switch outcome {
      case .success(let segment):
        result.segments[index] = segment
        bytes = Self.adding(bytes, segment.byteCount)
        cues = Self.adding(cues, segment.cues.cues.count)
        do throws(HarvestError) {
          try checkLimits()
        } catch {
          overLimit = error
          return false
        }
      case .failure(let error):
        result.failures[index] = error
      }
      return true
    }
    if let overLimit { throw overLimit }
    return result
  }

  /// `total + count`, a negative count read as 0, saturating at `Int.max` (a staged
  /// file is read from disk and may say anything).
  static func adding(_ total: Int, _ count: Int) -> Int {
    let (sum, overflow) = total.addingReportingOverflow(max(0, count))
    return overflow ? Int.max : sum
  }

  /// One WebVTT segment as the merger takes it.
  static func segmentCues(_ body: Data, url: String) throws(HarvestError) -> SegmentCues {
    let file: WebVTTFile
    do {
      file = try WebVTTParser().parse(body)
    } catch {
      throw .segment(url: url, error)
    }
    return SegmentCues(
      mpegts: file.timestampMap?.mpegts, localMilliseconds: file.timestampMap?.localMilliseconds,
      cues: file.cues.map(storedCue))
  }

  static func storedCue(_ cue: Cue) -> StoredCue {
    StoredCue(
      startMilliseconds: cue.startMilliseconds, endMilliseconds: cue.endMilliseconds,
      raw: cue.text, text: cue.plainText,
      settings: cue.settingsText.isEmpty ? nil : cue.settingsText, voice: cue.voice,
      identifier: cue.id.isEmpty ? nil : cue.id)
  }
}
