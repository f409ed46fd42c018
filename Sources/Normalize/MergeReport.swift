import DocumentModel

/// What `CueMerger` changed, so a harvest can say it (and tests can check it).
public struct MergeReport: Codable, Sendable, Equatable {
  /// Cues dropped because the previous segment already had them (same start, end,
  /// settings and raw text).
  public var repeatsDropped: Int
  /// Cues split across a segment boundary and joined back into one.
  public var splitsJoined: Int
  /// Segments whose cues were shifted because their timestamp map differs from the first.
  public var segmentsShifted: Int
  /// The shift applied to each segment, in milliseconds, in segment order (0 = none).
  public var shiftMilliseconds: [Int]
  /// Segments whose cues were not in start-time order and were stably sorted.
  public var segmentsReordered: Int
  /// Cues whose shifted start would have been negative, clamped to 0.
  public var cuesClamped: Int
  /// Segments without any cue (header-only segments occur in Apple's tracks).
  public var emptySegments: Int
  /// Segments without a timestamp map while others have one (not shifted).
  public var segmentsWithoutMap: Int

  public init(
    repeatsDropped: Int = 0, splitsJoined: Int = 0, segmentsShifted: Int = 0,
    shiftMilliseconds: [Int] = [], segmentsReordered: Int = 0, cuesClamped: Int = 0,
    emptySegments: Int = 0, segmentsWithoutMap: Int = 0
  ) {
    self.repeatsDropped = repeatsDropped
    self.splitsJoined = splitsJoined
    self.segmentsShifted = segmentsShifted
    self.shiftMilliseconds = shiftMilliseconds
    self.segmentsReordered = segmentsReordered
    self.cuesClamped = cuesClamped
    self.emptySegments = emptySegments
    self.segmentsWithoutMap = segmentsWithoutMap
  }
}

/// The merged track: one ordered cue list and what the merge did.
public struct MergedCues: Sendable, Equatable {
  public var cues: [StoredCue]
  public var report: MergeReport

  public init(cues: [StoredCue], report: MergeReport) {
    self.cues = cues
    self.report = report
  }
}
