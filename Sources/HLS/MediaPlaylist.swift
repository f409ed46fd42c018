#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A media playlist (RFC 8216 §4.3.3): a list of media segments.
public struct MediaPlaylist: Sendable, Equatable {
  /// EXT-X-PLAYLIST-TYPE (§4.3.3.5).
  public enum PlaylistType: String, Sendable, Equatable {
    case event = "EVENT"
    case vod = "VOD"
  }

  public var url: URL
  public var version: Int?
  /// EXT-X-TARGETDURATION in seconds. The RFC wants an integer; Apple writes `7.0`.
  public var targetDuration: Double?
  /// EXT-X-MEDIA-SEQUENCE: the media sequence number of the first segment (default 0).
  public var mediaSequence = 0
  /// EXT-X-DISCONTINUITY-SEQUENCE (default 0).
  public var discontinuitySequence = 0
  public var playlistType: PlaylistType?
  /// EXT-X-ENDLIST is present: no more segments will be added.
  public var hasEndList = false
  /// EXT-X-I-FRAMES-ONLY is present.
  public var iFramesOnly = false
  public var independentSegments = false
  public var segments: [MediaSegment] = []
  /// Tag lines this parser does not model (for example `EXT-X-PROGRAM-DATE-TIME`), as written.
  public var unknownTags: [String] = []
  public var warnings: [HLSWarning] = []

  public init(url: URL) { self.url = url }

  /// The sum of the known segment durations, in seconds.
  public var totalDurationSeconds: Double {
    segments.reduce(0) { $0 + ($1.duration ?? 0) }
  }

  /// The first segment under an `EXT-X-KEY` whose METHOD is not NONE.
  public var firstEncryptedSegment: MediaSegment? {
    segments.first { $0.key != nil }
  }

  /// Throws `HLSError.encryptedSegments` when any segment is encrypted: this tool reads
  /// subtitle segments as plain WebVTT and does not decrypt them.
  public func requireUnencrypted() throws(HLSError) {
    if let segment = firstEncryptedSegment, let key = segment.key {
      throw .encryptedSegments(url: url, line: key.line, method: key.method)
    }
  }
}
