/// Bounds that keep hostile input from using unbounded time or memory.
///
/// Each limit has a documented result: input over ``maxInputBytes`` and files over
/// ``maxCues`` are rejected with a ``WebVTTError``; start tags nested deeper than
/// ``maxNestingDepth`` in cue text are ignored like unknown tags (their text is kept),
/// so the cue text tree is never deeper than that.
public struct WebVTTLimits: Sendable, Equatable {
  /// Largest accepted input, in bytes of UTF-8.
  public var maxInputBytes: Int
  /// Most cues one file may hold.
  public var maxCues: Int
  /// Deepest nesting of cue text spans (`<c>`, `<i>`, `<v>`, ...).
  public var maxNestingDepth: Int

  public init(maxInputBytes: Int, maxCues: Int, maxNestingDepth: Int) {
    self.maxInputBytes = maxInputBytes
    self.maxCues = maxCues
    self.maxNestingDepth = maxNestingDepth
  }

  /// 64 MiB of input, a million cues, spans nested 64 deep. A 35-minute talk's
  /// segments total about 500 KB and 1,000 cues, nested two deep at most.
  public static let `default` = WebVTTLimits(
    maxInputBytes: 64 << 20, maxCues: 1_000_000, maxNestingDepth: 64)
}
