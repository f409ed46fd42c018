#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a playlist could not be read at all. Problems inside a readable playlist
/// are not errors: they are listed as `HLSWarning`s on the result.
public enum HLSError: Error, Sendable, Equatable {
  /// No `#EXTM3U` before the first tag or URI line (RFC 8216 §4.3.1.1); `line` is
  /// the first line that is not blank or a comment, or the line count for an empty file.
  case missingHeader(url: URL, line: Int)
  /// The bytes of a line are not UTF-8 (RFC 8216 §4.1).
  case invalidUTF8(url: URL, line: Int)
  /// The file is larger than `HLSLimits.maxPlaylistBytes`.
  case playlistTooLarge(url: URL, bytes: Int, limit: Int)
  /// A line is longer than `HLSLimits.maxLineBytes`.
  case lineTooLong(url: URL, line: Int, limit: Int)
  /// More media segments than `HLSLimits.maxSegments`.
  case tooManySegments(url: URL, line: Int, limit: Int)
  /// More variants, renditions or unmodelled tags than `HLSLimits.maxEntries`.
  case tooManyEntries(url: URL, line: Int, limit: Int)
  /// Both multivariant and media segment tags (RFC 8216 §4.3.4: a client MUST fail).
  case mixedPlaylistKinds(url: URL, line: Int)
  /// Segments are encrypted (`EXT-X-KEY` METHOD other than NONE); this tool cannot
  /// read encrypted subtitles. Raised by `MediaPlaylist.requireUnencrypted()`.
  case encryptedSegments(url: URL, line: Int, method: String)
  /// A number the playlist implies does not fit in 64 bits: a media or discontinuity
  /// sequence number (the tag's value plus the segments after it), or the end of a
  /// chain of implicit `EXT-X-BYTERANGE` offsets. `tag` names the tag that overflowed.
  case numberOutOfRange(url: URL, line: Int, tag: String)

  /// The playlist URL the error is about.
  public var url: URL {
    switch self {
    case .missingHeader(let url, _), .invalidUTF8(let url, _), .playlistTooLarge(let url, _, _),
      .lineTooLong(let url, _, _), .tooManySegments(let url, _, _),
      .tooManyEntries(let url, _, _), .mixedPlaylistKinds(let url, _),
      .encryptedSegments(let url, _, _), .numberOutOfRange(let url, _, _):
      url
    }
  }

  /// The 1-based line the error is about, when there is one.
  public var line: Int? {
    switch self {
    case .missingHeader(_, let line), .invalidUTF8(_, let line), .lineTooLong(_, let line, _),
      .tooManySegments(_, let line, _), .tooManyEntries(_, let line, _),
      .mixedPlaylistKinds(_, let line), .encryptedSegments(_, let line, _),
      .numberOutOfRange(_, let line, _):
      line
    case .playlistTooLarge: nil
    }
  }

  /// What failed, in a few words (the CLI adds file and line).
  public var reason: String {
    switch self {
    case .missingHeader: "not an HLS playlist: no #EXTM3U header"
    case .invalidUTF8: "line is not valid UTF-8"
    case .playlistTooLarge(_, let bytes, let limit):
      "playlist is \(bytes) bytes; the limit is \(limit)"
    case .lineTooLong(_, _, let limit): "line is longer than \(limit) bytes"
    case .tooManySegments(_, _, let limit): "more than \(limit) media segments"
    case .tooManyEntries(_, _, let limit): "more than \(limit) variants, renditions or tags"
    case .mixedPlaylistKinds: "both multivariant and media playlist tags"
    case .encryptedSegments(_, _, let method):
      "segments are encrypted (METHOD=\(method)); encrypted subtitles are not supported"
    case .numberOutOfRange(_, _, let tag): "\(tag) leads to a number too large to count"
    }
  }
}

extension HLSError: CustomStringConvertible {
  /// `url:line: reason`, the way a compiler names a place.
  public var description: String {
    url.absoluteString + (line.map { ":\($0)" } ?? "") + ": " + reason
  }
}

/// Something skipped or repaired while reading a playlist (never fatal).
public struct HLSWarning: Sendable, Equatable, CustomStringConvertible {
  /// 1-based line number.
  public let line: Int
  public let message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}
