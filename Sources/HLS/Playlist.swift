#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A parsed HLS playlist: multivariant ("master") or media (RFC 8216 §4.3.3, §4.3.4).
public enum Playlist: Sendable, Equatable {
  case master(MasterPlaylist)
  case media(MediaPlaylist)

  /// The URL the playlist was read from; every URI in it is resolved against this.
  public var url: URL {
    switch self {
    case .master(let playlist): playlist.url
    case .media(let playlist): playlist.url
    }
  }

  /// What the parser skipped or repaired.
  public var warnings: [HLSWarning] {
    switch self {
    case .master(let playlist): playlist.warnings
    case .media(let playlist): playlist.warnings
    }
  }
}

/// A multivariant playlist (RFC 8216 §4.3.4): variant streams and their renditions.
public struct MasterPlaylist: Sendable, Equatable {
  public var url: URL
  /// `EXT-X-VERSION`, when given.
  public var version: Int?
  /// `EXT-X-STREAM-INF` entries, in file order.
  public var variants: [Variant] = []
  /// `EXT-X-I-FRAME-STREAM-INF` entries, in file order.
  public var iFrameVariants: [IFrameVariant] = []
  /// `EXT-X-MEDIA` entries of every TYPE, in file order.
  public var renditions: [Rendition] = []
  /// `EXT-X-INDEPENDENT-SEGMENTS` is present.
  public var independentSegments = false
  /// Tag lines this parser does not model (for example `EXT-X-SESSION-DATA`), as written.
  public var unknownTags: [String] = []
  public var warnings: [HLSWarning] = []

  public init(url: URL) { self.url = url }

  /// The `TYPE=SUBTITLES` renditions, in file order.
  public var subtitleRenditions: [Rendition] { renditions.filter { $0.type == .subtitles } }
}

/// One `EXT-X-STREAM-INF` variant stream and its URI line (RFC 8216 §4.3.4.2).
public struct Variant: Sendable, Equatable {
  /// The URI line as written (surrounding whitespace trimmed).
  public var uri: String
  /// `uri` resolved against the playlist URL; nil when it is not a valid URI reference.
  public var url: URL?
  public var bandwidth: Int?
  public var averageBandwidth: Int?
  /// CODECS as written: a comma-separated list.
  public var codecs: String?
  public var resolution: Resolution?
  public var frameRate: Double?
  /// GROUP-IDs of the renditions this variant uses.
  public var audio: String?
  public var video: String?
  public var subtitles: String?
  /// A GROUP-ID, or `NONE` (an enumerated string) for no closed captions.
  public var closedCaptions: String?
  /// Every attribute name to its value, quotes removed.
  public var attributes: [String: String]
  /// Line of the `EXT-X-STREAM-INF` tag.
  public var line: Int
}

/// One `EXT-X-I-FRAME-STREAM-INF` (RFC 8216 §4.3.4.3); its URI is an attribute.
public struct IFrameVariant: Sendable, Equatable {
  public var uri: String?
  public var url: URL?
  public var bandwidth: Int?
  public var averageBandwidth: Int?
  public var codecs: String?
  public var resolution: Resolution?
  public var video: String?
  public var attributes: [String: String]
  public var line: Int
}
