/// How much one refresh may hold, whatever a server sends. Real talks are far below these:
/// a 35-minute talk has about 340 segments of six seconds (APPLE-FORMATS.md), each a few
/// cues; the sample corpus's longest talk holds 80 cues and 5 kB of cue text. At 8 MiB a
/// talk of 1,200 segments (two hours) may still average 7 kB a segment.
public struct HarvestLimits: Sendable, Equatable {
  /// One segment's decoded body.
  public var maxSegmentBytes: Int
  /// The decoded bodies of all of one talk's segments together.
  public var maxTalkSubtitleBytes: Int
  /// Cues of one talk, all segments together (each cue costs far more held than on the wire).
  public var maxTalkCues: Int
  /// A page, a playlist or a HIG render JSON (parsed while its share of the budget is held).
  public var maxPageBytes: Int
  /// The size limits of every request in flight across all sources, summed: a request
  /// waits until its limit fits (see `ByteBudget`).
  public var maxBytesInFlight: Int

  public init(
    maxSegmentBytes: Int = 512 << 10, maxTalkSubtitleBytes: Int = 8 << 20, maxTalkCues: Int = 50_000,
    maxPageBytes: Int = 4 << 20, maxBytesInFlight: Int = 32 << 20
  ) {
    self.maxSegmentBytes = max(1, maxSegmentBytes)
    self.maxTalkSubtitleBytes = max(1, maxTalkSubtitleBytes)
    self.maxTalkCues = max(1, maxTalkCues)
    self.maxPageBytes = max(1, maxPageBytes)
    self.maxBytesInFlight = max(1, maxBytesInFlight)
  }
}
