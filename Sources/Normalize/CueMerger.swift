import DocumentModel

/// Merges the cues of a subtitle track's WebVTT segments into one ordered cue list
/// (see "WebVTT segments" in the format notes).
///
/// - Times: each segment's cues are shifted by its `X-TIMESTAMP-MAP` difference from the
///   first segment that has a map (RFC 8216 §3.5). Apple's segments normally all carry the
///   same map (or none), and then nothing moves: cue times already count from the start of
///   the video. Leniency: a segment without a map among mapped ones is not shifted;
///   a cue shifted before 0 is clamped to 0 (both counted in the report).
/// - Repeats: a cue with the same start, end, settings, identifier and raw payload as a cue of the
///   previous non-empty segment (as served), or as an earlier cue of its own segment
///   (whatever lies between), is that cue again, and is dropped. A whole-file track (one
///   `.vtt` that is Apple's segments glued together, as older catalog items and local
///   imports are) holds each boundary repeat twice inside one file: it is merged the same.
/// - Splits: across a segment boundary only, the last cue before it and the first cue kept
///   after it, with the same raw payload and settings and the first ending exactly where the
///   second starts, become one cue spanning both.
/// - Two cues with the same text at different times stay two cues (two utterances).
/// - Order: segments stay in playlist order. Within a segment, cues are kept as served
///   unless their start times go backwards (W3C WebVTT §4.1 requires them in order); such a
///   segment is sorted stably by start time and counted.
///
/// Work and memory are linear in the number of cues.
public struct CueMerger: Sendable {
  public init() {}

  public func merge(_ segments: [SegmentCues]) -> MergedCues {
    var report = MergeReport()
    report.shiftMilliseconds.reserveCapacity(segments.count)
    let reference = segments.first(where: \.hasTimestampMap)
    let anyMapped = reference != nil

    var merged: [StoredCue] = []
    merged.reserveCapacity(segments.reduce(0) { $0 + $1.cues.count })
    var previousKeys: Set<CueKey>? = nil

    for segment in segments {
      let shift = shiftMilliseconds(of: segment, reference: reference)
      report.shiftMilliseconds.append(shift)
      if shift != 0 { report.segmentsShifted += 1 }
      if anyMapped && !segment.hasTimestampMap { report.segmentsWithoutMap += 1 }
      guard !segment.cues.isEmpty else {
        report.emptySegments += 1
        continue
      }
      let cues = ordered(shifted(segment.cues, by: shift, report: &report), report: &report)
      var keys = Set<CueKey>()
      keys.reserveCapacity(cues.count)
      var isAtBoundary = previousKeys != nil
      for cue in cues {
        let key = CueKey(cue)
        let isNew = keys.insert(key).inserted
        if !isNew || previousKeys?.contains(key) == true {
          report.repeatsDropped += 1
          continue
        }
        if isAtBoundary, let last = merged.last, continues(last, with: cue) {
          merged[merged.count - 1].endMilliseconds = cue.endMilliseconds
          report.splitsJoined += 1
          isAtBoundary = false
          continue
        }
        isAtBoundary = false
        merged.append(cue)
      }
      previousKeys = keys
    }
    return MergedCues(cues: merged, report: report)
  }

  private func shiftMilliseconds(of segment: SegmentCues, reference: SegmentCues?) -> Int {
    guard let mpegts = segment.mpegts, let reference, let referenceMpegts = reference.mpegts
    else { return 0 }
    return SegmentTimeline.shiftMilliseconds(
      mpegts: mpegts, localMilliseconds: segment.localMilliseconds ?? 0,
      referenceMpegts: referenceMpegts,
      referenceLocalMilliseconds: reference.localMilliseconds ?? 0)
  }

  private func shifted(_ cues: [StoredCue], by shift: Int, report: inout MergeReport) -> [StoredCue] {
    guard shift != 0 else { return cues }
    return cues.map { cue in
      var cue = cue
      cue.startMilliseconds = Saturating.add(cue.startMilliseconds, shift)
      cue.endMilliseconds = Saturating.add(cue.endMilliseconds, shift)
      if cue.startMilliseconds < 0 {
        report.cuesClamped += 1
        cue.startMilliseconds = 0
        cue.endMilliseconds = max(cue.endMilliseconds, 0)
      }
      return cue
    }
  }

  private func ordered(_ cues: [StoredCue], report: inout MergeReport) -> [StoredCue] {
    let isInOrder = zip(cues, cues.dropFirst()).allSatisfy {
      $0.startMilliseconds <= $1.startMilliseconds
    }
    guard !isInOrder else { return cues }
    report.segmentsReordered += 1
    return cues.enumerated().sorted {
      ($0.element.startMilliseconds, $0.offset) < ($1.element.startMilliseconds, $1.offset)
    }.map(\.element)
  }

  /// Whether `next` is the second half of `last`, split at a segment boundary.
  private func continues(_ last: StoredCue, with next: StoredCue) -> Bool {
    last.endMilliseconds == next.startMilliseconds && last.raw == next.raw
      && last.settings == next.settings && last.voice == next.voice
  }
}

/// What makes two cues the same cue: times, settings, identifier and the payload as served.
private struct CueKey: Hashable {
  let startMilliseconds: Int
  let endMilliseconds: Int
  let settings: String?
  let identifier: String?
  let raw: String

  init(_ cue: StoredCue) {
    startMilliseconds = cue.startMilliseconds
    endMilliseconds = cue.endMilliseconds
    settings = cue.settings
    identifier = cue.identifier
    raw = cue.raw
  }
}
