/// The timeline of a subtitle track's segments: the arithmetic of their `X-TIMESTAMP-MAP`
/// headers (RFC 8216 §3.5; WebVTT's `TimestampMap` reads the header). MPEG-2 timestamps
/// count 90 kHz ticks in 33 bits and wrap at 2^33.
enum SegmentTimeline {
  static let ticksPerMillisecond: Int64 = 90
  static let wrapTicks: Int64 = 1 << 33

  /// The shift, in milliseconds, that puts a segment's cue times on the first segment's
  /// timeline: `(mpegts - referenceMpegts) / 90 - (local - referenceLocal)`.
  ///
  /// The tick difference is taken modulo 2^33 and read as the nearest signed value, so a
  /// later segment whose MPEGTS wrapped past 2^33 is still a small step forward.
  /// Leniency: values outside 0..<2^33 are reduced modulo 2^33 first.
  static func shiftMilliseconds(
    mpegts: Int64, localMilliseconds: Int, referenceMpegts: Int64, referenceLocalMilliseconds: Int
  ) -> Int {
    let mask = wrapTicks - 1
    var ticks = (mpegts & mask) &- (referenceMpegts & mask)
    ticks &= mask
    if ticks >= wrapTicks / 2 { ticks -= wrapTicks }
    // Round to the nearest millisecond, halves away from zero.
    let half = ticksPerMillisecond / 2
    let milliseconds =
      ticks >= 0
      ? (ticks + half) / ticksPerMillisecond : -((-ticks + half) / ticksPerMillisecond)
    let localDelta = Saturating.subtract(localMilliseconds, referenceLocalMilliseconds)
    return Saturating.subtract(Int(milliseconds), localDelta)
  }
}
