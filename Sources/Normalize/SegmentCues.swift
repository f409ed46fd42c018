import DocumentModel

/// The cues of one WebVTT media segment, as its parser read them, in playlist order.
///
/// `mpegts` and `localMilliseconds` come from the segment's `X-TIMESTAMP-MAP` header
/// (RFC 8216 §3.5): `MPEGTS` in 90 kHz ticks, `LOCAL` as a cue time. Both are nil
/// when the segment has no map.
public struct SegmentCues: Codable, Sendable, Equatable {
  public var mpegts: Int64?
  public var localMilliseconds: Int?
  public var cues: [StoredCue]

  public init(mpegts: Int64? = nil, localMilliseconds: Int? = nil, cues: [StoredCue] = []) {
    self.mpegts = mpegts
    self.localMilliseconds = localMilliseconds
    self.cues = cues
  }

  /// Whether the segment's header carries a timestamp map.
  public var hasTimestampMap: Bool { mpegts != nil }
}
