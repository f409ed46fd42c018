#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One `EXT-X-MEDIA` rendition (RFC 8216 §4.3.4.1).
public struct Rendition: Sendable, Equatable {
  /// The TYPE attribute (§4.3.4.1).
  public enum MediaType: Sendable, Hashable, CustomStringConvertible {
    case audio, video, subtitles, closedCaptions
    /// A TYPE this parser does not know, as written.
    case other(String)

    public init(rawValue: String) {
      switch rawValue {
      case "AUDIO": self = .audio
      case "VIDEO": self = .video
      case "SUBTITLES": self = .subtitles
      case "CLOSED-CAPTIONS": self = .closedCaptions
      default: self = .other(rawValue)
      }
    }

    public var rawValue: String {
      switch self {
      case .audio: "AUDIO"
      case .video: "VIDEO"
      case .subtitles: "SUBTITLES"
      case .closedCaptions: "CLOSED-CAPTIONS"
      case .other(let value): value
      }
    }

    public var description: String { rawValue }
  }

  /// CHARACTERISTICS value (Apple, §4.3.4.1) that marks subtitles for the deaf and hard of hearing.
  public static let describesMusicAndSound = "public.accessibility.describes-music-and-sound"

  public var type: MediaType
  public var groupID: String
  public var name: String
  /// LANGUAGE as written (RFC 5646 tag by the RFC; Apple has used `eng` and `Japanese`).
  public var language: String?
  public var assocLanguage: String?
  /// DEFAULT=YES.
  public var isDefault: Bool
  /// AUTOSELECT=YES.
  public var autoselect: Bool
  /// FORCED=YES.
  public var forced: Bool
  /// CHARACTERISTICS split at commas (Uniform Type Identifiers).
  public var characteristics: [String]
  /// URI as written; absent for closed captions and for renditions inside the variant.
  public var uri: String?
  /// `uri` resolved against the playlist URL.
  public var resolvedURL: URL?
  /// INSTREAM-ID (CLOSED-CAPTIONS only): `CC1`…`CC4`, `SERVICE1`…`SERVICE63`.
  public var instreamID: String?
  /// CHANNELS as written (`"2"`, `"16/JOC"`).
  public var channels: String?
  /// Every attribute name to its value, quotes removed.
  public var attributes: [String: String]
  /// Line of the `EXT-X-MEDIA` tag.
  public var line: Int

  /// CHARACTERISTICS names `describes-music-and-sound`: an SDH track.
  public var isSDH: Bool { characteristics.contains(Self.describesMusicAndSound) }
}
