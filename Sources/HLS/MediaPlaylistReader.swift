#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the lines of a media playlist (RFC 8216 §4.3.2, §4.3.3), one tag family per function.
///
/// Leniencies, each from real playlists:
/// - `#EXTINF:6.006` without the comma §4.3.2.1 requires (Apple, shaka): the title is `""`;
/// - `#EXT-X-TARGETDURATION:7.0`, a decimal where §4.3.3.1 wants an integer (Apple);
/// - an EXTINF duration that is not a number gives a nil duration, with a warning;
/// - when two EXTINF tags precede one URI, the later one applies;
/// - EXT-X-BYTERANGE may come before or after EXTINF;
/// - an EXTINF with no URI line after it (a truncated file) is dropped with a warning.
struct MediaPlaylistReader {
  private var playlist: MediaPlaylist
  private let limits: HLSLimits
  private var duration: Double?
  private var title: String?
  private var hasInf = false
  private var discontinuity = false
  private var discontinuityCount = 0
  private var byteRange: (length: Int, offset: Int?, line: Int)?
  private var map: MediaInitializationSection?
  private var key: SegmentKey?
  /// Resource and end offset of the previous segment's sub-range, for implicit offsets.
  private var previousRange: (uri: String, end: Int?)?
  private var pendingLine: Int?

  init(url: URL, limits: HLSLimits, warnings: [HLSWarning]) {
    playlist = MediaPlaylist(url: url)
    playlist.warnings = warnings
    self.limits = limits
  }

  mutating func read(_ text: Substring, line: Int) throws(HLSError) {
    switch PlaylistLine(text) {
    case .comment: break
    case .uri(let uri): try readSegmentURI(uri, line: line)
    case .tag(let name, let value):
      switch name {
      case "EXTINF": readInf(value ?? "", line: line)
      case "EXT-X-BYTERANGE": readByteRange(value ?? "", line: line)
      case "EXT-X-DISCONTINUITY":
        discontinuity = true
        pendingLine = pendingLine ?? line
      case "EXT-X-MAP": readMap(value, line: line)
      case "EXT-X-KEY": readKey(value, line: line)
      case "EXT-X-STREAM-INF", "EXT-X-I-FRAME-STREAM-INF", "EXT-X-MEDIA":
        throw .mixedPlaylistKinds(url: playlist.url, line: line)
      default: try readPlaylistTag(name, value, text: text, line: line)
      }
    }
  }

  mutating func finish() -> MediaPlaylist {
    if let pendingLine, hasInf || byteRange != nil {
      warn(pendingLine, "segment tags with no URI line after them (truncated?); dropped")
    }
    return playlist
  }

  private mutating func warn(_ line: Int, _ message: String) {
    guard playlist.warnings.count < limits.maxEntries else { return }
    playlist.warnings.append(HLSWarning(line: line, message: message))
  }

  /// Tags that describe the whole playlist (§4.3.3), and unknown tags.
  private mutating func readPlaylistTag(
    _ name: Substring, _ value: Substring?, text: Substring, line: Int
  ) throws(HLSError) {
    let trimmed = value?.trimmingASCIISpaces() ?? ""
    switch name {
    case "EXT-X-TARGETDURATION":
      playlist.targetDuration = Double.parsePlain(trimmed)
      if playlist.targetDuration == nil {
        warn(line, "EXT-X-TARGETDURATION '\(trimmed.prefix(40))' is not a number")
      }
    case "EXT-X-MEDIA-SEQUENCE":
      if let number = Int(trimmed), number >= 0 {
        playlist.mediaSequence = number
      } else {
        warn(line, "EXT-X-MEDIA-SEQUENCE '\(trimmed.prefix(40))' is not a decimal integer")
      }
    case "EXT-X-DISCONTINUITY-SEQUENCE":
      if let number = Int(trimmed), number >= 0 {
        playlist.discontinuitySequence = number
      } else {
        warn(line, "EXT-X-DISCONTINUITY-SEQUENCE '\(trimmed.prefix(40))' is not a decimal integer")
      }
    case "EXT-X-PLAYLIST-TYPE":
      playlist.playlistType = MediaPlaylist.PlaylistType(rawValue: String(trimmed))
      if playlist.playlistType == nil { warn(line, "unknown EXT-X-PLAYLIST-TYPE '\(trimmed.prefix(40))'") }
    case "EXT-X-ENDLIST": playlist.hasEndList = true
    case "EXT-X-I-FRAMES-ONLY": playlist.iFramesOnly = true
    case "EXT-X-INDEPENDENT-SEGMENTS": playlist.independentSegments = true
    case "EXT-X-VERSION": playlist.version = Int(trimmed)
    default:
      guard playlist.unknownTags.count < limits.maxEntries else {
        throw .tooManyEntries(url: playlist.url, line: line, limit: limits.maxEntries)
      }
      playlist.unknownTags.append(String(text.trimmingASCIISpaces()))
    }
  }

  /// §4.3.2.1: `#EXTINF:<duration>,[<title>]`.
  private mutating func readInf(_ value: Substring, line: Int) {
    if hasInf { warn(line, "a second EXTINF for one segment; the later one applies") }
    hasInf = true
    pendingLine = pendingLine ?? line
    let durationText: Substring
    if let comma = value.firstIndex(of: ",") {
      durationText = value[..<comma]
      title = String(value[value.index(after: comma)...])
    } else {
      durationText = value
      title = ""
    }
    duration = Double.parsePlain(durationText.trimmingASCIISpaces())
    if duration == nil {
      warn(line, "EXTINF duration '\(durationText.prefix(40))' is not a number")
    }
  }

  /// §4.3.2.2: `#EXT-X-BYTERANGE:<n>[@<o>]`.
  private mutating func readByteRange(_ value: Substring, line: Int) {
    guard let parsed = ByteRange.parse(value) else {
      warn(line, "EXT-X-BYTERANGE '\(value.prefix(40))' is not n[@o]; ignored")
      return
    }
    byteRange = (parsed.length, parsed.offset, line)
    pendingLine = pendingLine ?? line
  }

  /// §4.3.2.5: applies to every later segment until the next EXT-X-MAP.
  private mutating func readMap(_ value: Substring?, line: Int) {
    let list = AttributeList(parsing: value ?? "")
    guard let uri = list["URI"] else {
      warn(line, "EXT-X-MAP has no URI; ignored")
      return
    }
    var range: ByteRange?
    if let text = list["BYTERANGE"] {
      if let parsed = ByteRange.parse(text[...]) {
        range = ByteRange(length: parsed.length, offset: parsed.offset ?? 0)
      } else {
        warn(line, "EXT-X-MAP BYTERANGE '\(text.prefix(40))' is not n[@o]; whole resource used")
      }
    }
    map = MediaInitializationSection(
      uri: uri, url: URIResolution.resolve(uri, against: playlist.url), byteRange: range)
  }

  /// §4.3.2.4: applies to every later segment until the next EXT-X-KEY; METHOD=NONE ends it.
  private mutating func readKey(_ value: Substring?, line: Int) {
    let list = AttributeList(parsing: value ?? "")
    guard let method = list["METHOD"] else {
      warn(line, "EXT-X-KEY has no METHOD; ignored")
      return
    }
    guard method != "NONE" else {
      key = nil
      return
    }
    warn(line, "segments from here are encrypted (METHOD=\(method.prefix(40))); encrypted subtitles are not supported")
    key = SegmentKey(
      method: method,
      uri: list["URI"],
      url: list["URI"].flatMap { URIResolution.resolve($0, against: playlist.url) },
      initializationVector: list.hexadecimalBytes("IV"),
      keyFormat: list["KEYFORMAT"],
      keyFormatVersions: list["KEYFORMATVERSIONS"],
      line: line)
  }

  /// A URI line completes a segment (§4.3.2).
  private mutating func readSegmentURI(_ uriText: Substring, line: Int) throws(HLSError) {
    guard playlist.segments.count < limits.maxSegments else {
      throw .tooManySegments(url: playlist.url, line: line, limit: limits.maxSegments)
    }
    let uri = String(uriText)
    if !hasInf { warn(line, "segment '\(uri.prefix(80))' has no EXTINF (RFC 8216 §4.3.2.1)") }
    if discontinuity, !playlist.segments.isEmpty { discontinuityCount += 1 }
    let (mediaSequence, sequenceOverflow) = playlist.mediaSequence.addingReportingOverflow(
      playlist.segments.count)
    guard !sequenceOverflow else {
      throw .numberOutOfRange(url: playlist.url, line: line, tag: "EXT-X-MEDIA-SEQUENCE")
    }
    let (discontinuitySequence, discontinuityOverflow) = playlist.discontinuitySequence
      .addingReportingOverflow(discontinuityCount)
    guard !discontinuityOverflow else {
      throw .numberOutOfRange(url: playlist.url, line: line, tag: "EXT-X-DISCONTINUITY-SEQUENCE")
    }
    let resolved = URIResolution.resolve(uri, against: playlist.url)
    var segmentRange: ByteRange?
    if let byteRange {
      let range = subRange(byteRange, uri: resolved?.absoluteString ?? uri)
      var end: Int?
      if let offset = range.offset {
        let (sum, overflow) = offset.addingReportingOverflow(range.length)
        guard !overflow else {
          throw .numberOutOfRange(url: playlist.url, line: byteRange.line, tag: "EXT-X-BYTERANGE")
        }
        end = sum
      }
      segmentRange = range
      previousRange = (resolved?.absoluteString ?? uri, end)
    } else {
      previousRange = nil
    }
    playlist.segments.append(
      MediaSegment(
        uri: uri,
        url: resolved,
        duration: hasInf ? duration : nil,
        title: hasInf ? title : nil,
        mediaSequence: mediaSequence,
        discontinuity: discontinuity,
        discontinuitySequence: discontinuitySequence,
        byteRange: segmentRange,
        map: map,
        key: key,
        line: line))
    hasInf = false
    duration = nil
    title = nil
    discontinuity = false
    byteRange = nil
    pendingLine = nil
  }

  /// §4.3.2.2: without `@o`, the sub-range starts after the previous segment's, which must
  /// be a sub-range of the same resource; otherwise the offset is unknown (nil).
  private mutating func subRange(
    _ range: (length: Int, offset: Int?, line: Int), uri: String
  ) -> ByteRange {
    if let offset = range.offset { return ByteRange(length: range.length, offset: offset) }
    if let previousRange, previousRange.uri == uri, let end = previousRange.end {
      return ByteRange(length: range.length, offset: end, isOffsetImplicit: true)
    }
    warn(
      range.line,
      "EXT-X-BYTERANGE without offset, and the previous segment is not a sub-range of the same resource; offset unknown"
    )
    return ByteRange(length: range.length, offset: nil, isOffsetImplicit: true)
  }
}
