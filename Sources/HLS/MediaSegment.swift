#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One media segment of a media playlist (RFC 8216 §3, §4.3.2).
public struct MediaSegment: Sendable, Equatable {
  /// The URI line as written (surrounding whitespace trimmed).
  public var uri: String
  /// `uri` resolved against the playlist URL; nil when it is not a valid URI reference.
  public var url: URL?
  /// EXTINF duration in seconds; nil when the segment has no EXTINF or it is not a number.
  public var duration: Double?
  /// EXTINF title: the text after the first comma, `""` when empty or the comma is
  /// missing, nil with no EXTINF.
  public var title: String?
  /// Media sequence number (§6.3.2).
  public var mediaSequence: Int
  /// An EXT-X-DISCONTINUITY precedes this segment.
  public var discontinuity: Bool
  /// The playlist's EXT-X-DISCONTINUITY-SEQUENCE plus the discontinuities before this segment
  /// (one before the first segment does not count).
  public var discontinuitySequence: Int
  public var byteRange: ByteRange?
  /// The EXT-X-MAP in effect.
  public var map: MediaInitializationSection?
  /// The EXT-X-KEY in effect; nil when there is none or its METHOD is NONE.
  public var key: SegmentKey?
  /// Line of the URI.
  public var line: Int

  /// Under an EXT-X-KEY whose METHOD is not NONE.
  public var isEncrypted: Bool { key != nil }
}

/// A sub-range of a resource (RFC 8216 §4.3.2.2): `length[@offset]`, in bytes.
public struct ByteRange: Sendable, Equatable, CustomStringConvertible {
  public var length: Int
  /// Offset of the first byte; nil when the tag had no offset and the previous segment
  /// is not a sub-range of the same resource (the RFC makes such a segment undefined).
  public var offset: Int?
  /// The tag had no `@offset`; `offset` continues the previous sub-range.
  public var isOffsetImplicit: Bool

  public init(length: Int, offset: Int?, isOffsetImplicit: Bool = false) {
    self.length = length
    self.offset = offset
    self.isOffsetImplicit = isOffsetImplicit
  }

  /// Reads `length[@offset]`; the offset part is nil when absent.
  static func parse(_ text: Substring) -> (length: Int, offset: Int?)? {
    let parts = text.trimmingASCIISpaces().split(separator: "@", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy(\.isASCIIDigit) }),
      let length = Int(parts[0])
    else { return nil }
    if parts.count == 2 {
      guard let offset = Int(parts[1]) else { return nil }
      return (length, offset)
    }
    return (length, nil)
  }

  public var description: String {
    let offsetText = offset.map(String.init) ?? "?"
    return "\(length)@\(offsetText)\(isOffsetImplicit ? " (implicit)" : "")"
  }
}

/// EXT-X-MAP (RFC 8216 §4.3.2.5): where the Media Initialization Section is.
public struct MediaInitializationSection: Sendable, Equatable {
  public var uri: String
  public var url: URL?
  /// BYTERANGE; nil means the whole resource. Leniency: a BYTERANGE without `@offset`
  /// starts at byte 0 (the RFC gives no previous sub-range to continue).
  public var byteRange: ByteRange?
}

/// EXT-X-KEY (RFC 8216 §4.3.2.4) with a METHOD other than NONE.
public struct SegmentKey: Sendable, Equatable {
  /// `AES-128`, `SAMPLE-AES`, or another value as written.
  public var method: String
  public var uri: String?
  public var url: URL?
  /// IV as bytes, when given as a hexadecimal-sequence.
  public var initializationVector: [UInt8]?
  public var keyFormat: String?
  public var keyFormatVersions: String?
  /// Line of the EXT-X-KEY tag.
  public var line: Int
}
