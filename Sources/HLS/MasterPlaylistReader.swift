#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the lines of a multivariant playlist (RFC 8216 §4.3.4), one tag family per function.
///
/// Leniencies: tags between `EXT-X-STREAM-INF` and its URI line are read as usual (the
/// RFC wants the URI on the next line); an `EXT-X-STREAM-INF` with no URI line, and an
/// `EXT-X-MEDIA` without TYPE, GROUP-ID or NAME, are skipped with a warning.
struct MasterPlaylistReader {
  private var playlist: MasterPlaylist
  private let limits: HLSLimits
  private var pendingVariant: (attributes: AttributeList, line: Int)?

  init(url: URL, limits: HLSLimits, warnings: [HLSWarning]) {
    playlist = MasterPlaylist(url: url)
    playlist.warnings = warnings
    self.limits = limits
  }

  mutating func read(_ text: Substring, line: Int) throws(HLSError) {
    switch PlaylistLine(text) {
    case .comment: break
    case .uri(let uri): try readVariantURI(uri, line: line)
    case .tag(let name, let value):
      switch name {
      case "EXT-X-STREAM-INF": readStreamInf(value, line: line)
      case "EXT-X-I-FRAME-STREAM-INF": try readIFrameStreamInf(value, line: line)
      case "EXT-X-MEDIA": try readMedia(value, line: line)
      case "EXT-X-INDEPENDENT-SEGMENTS": playlist.independentSegments = true
      case "EXT-X-VERSION": playlist.version = value.flatMap { Int($0.trimmingASCIISpaces()) }
      case "EXTINF": throw .mixedPlaylistKinds(url: playlist.url, line: line)
      default:
        guard playlist.unknownTags.count < limits.maxEntries else {
          throw .tooManyEntries(url: playlist.url, line: line, limit: limits.maxEntries)
        }
        playlist.unknownTags.append(String(text.trimmingASCIISpaces()))
      }
    }
  }

  mutating func finish() -> MasterPlaylist {
    if let pending = pendingVariant {
      warn(pending.line, "EXT-X-STREAM-INF has no URI line; skipped")
      pendingVariant = nil
    }
    return playlist
  }

  private mutating func warn(_ line: Int, _ message: String) {
    guard playlist.warnings.count < limits.maxEntries else { return }
    playlist.warnings.append(HLSWarning(line: line, message: message))
  }

  private mutating func attributes(_ value: Substring?, tag: String, line: Int) -> AttributeList {
    let list = AttributeList(parsing: value ?? "")
    for problem in list.problems { warn(line, "\(tag): \(problem)") }
    return list
  }

  /// §4.3.4.2: the attributes; the variant is complete at its URI line.
  private mutating func readStreamInf(_ value: Substring?, line: Int) {
    if let pending = pendingVariant {
      warn(pending.line, "EXT-X-STREAM-INF has no URI line; skipped")
    }
    pendingVariant = (attributes(value, tag: "EXT-X-STREAM-INF", line: line), line)
  }

  private mutating func readVariantURI(_ uri: Substring, line: Int) throws(HLSError) {
    guard let (list, tagLine) = pendingVariant else {
      warn(line, "URI line '\(uri.prefix(80))' follows no EXT-X-STREAM-INF; ignored")
      return
    }
    pendingVariant = nil
    guard playlist.variants.count < limits.maxEntries else {
      throw .tooManyEntries(url: playlist.url, line: tagLine, limit: limits.maxEntries)
    }
    if list["BANDWIDTH"] == nil { warn(tagLine, "EXT-X-STREAM-INF has no BANDWIDTH") }
    playlist.variants.append(
      Variant(
        uri: String(uri),
        url: URIResolution.resolve(String(uri), against: playlist.url),
        bandwidth: list.decimalInteger("BANDWIDTH"),
        averageBandwidth: list.decimalInteger("AVERAGE-BANDWIDTH"),
        codecs: list["CODECS"],
        resolution: list.resolution("RESOLUTION"),
        frameRate: list.decimalFloat("FRAME-RATE"),
        audio: list["AUDIO"],
        video: list["VIDEO"],
        subtitles: list["SUBTITLES"],
        closedCaptions: list["CLOSED-CAPTIONS"],
        attributes: list.dictionary,
        line: tagLine))
  }

  /// §4.3.4.3: like EXT-X-STREAM-INF, with the URI as an attribute.
  private mutating func readIFrameStreamInf(_ value: Substring?, line: Int) throws(HLSError) {
    guard playlist.iFrameVariants.count < limits.maxEntries else {
      throw .tooManyEntries(url: playlist.url, line: line, limit: limits.maxEntries)
    }
    let list = attributes(value, tag: "EXT-X-I-FRAME-STREAM-INF", line: line)
    if list["URI"] == nil { warn(line, "EXT-X-I-FRAME-STREAM-INF has no URI") }
    playlist.iFrameVariants.append(
      IFrameVariant(
        uri: list["URI"],
        url: list["URI"].flatMap { URIResolution.resolve($0, against: playlist.url) },
        bandwidth: list.decimalInteger("BANDWIDTH"),
        averageBandwidth: list.decimalInteger("AVERAGE-BANDWIDTH"),
        codecs: list["CODECS"],
        resolution: list.resolution("RESOLUTION"),
        video: list["VIDEO"],
        attributes: list.dictionary,
        line: line))
  }

  /// §4.3.4.1: TYPE, GROUP-ID and NAME are required.
  private mutating func readMedia(_ value: Substring?, line: Int) throws(HLSError) {
    guard playlist.renditions.count < limits.maxEntries else {
      throw .tooManyEntries(url: playlist.url, line: line, limit: limits.maxEntries)
    }
    let list = attributes(value, tag: "EXT-X-MEDIA", line: line)
    guard let type = list["TYPE"], let groupID = list["GROUP-ID"], let name = list["NAME"] else {
      warn(line, "EXT-X-MEDIA lacks TYPE, GROUP-ID or NAME; skipped")
      return
    }
    let characteristics = (list["CHARACTERISTICS"] ?? "").split(separator: ",").map {
      String($0.trimmingASCIISpaces())
    }
    let mediaType = Rendition.MediaType(rawValue: type)
    if mediaType == .subtitles, list["URI"] == nil {
      warn(line, "SUBTITLES rendition '\(name)' has no URI (RFC 8216 §4.3.4.1 requires one)")
    }
    if list.isYes("FORCED"), mediaType != .subtitles {
      warn(line, "FORCED on a \(type) rendition (only SUBTITLES may have it)")
    }
    playlist.renditions.append(
      Rendition(
        type: mediaType,
        groupID: groupID,
        name: name,
        language: list["LANGUAGE"],
        assocLanguage: list["ASSOC-LANGUAGE"],
        isDefault: list.isYes("DEFAULT"),
        autoselect: list.isYes("AUTOSELECT"),
        forced: list.isYes("FORCED"),
        characteristics: characteristics.filter { !$0.isEmpty },
        uri: list["URI"],
        resolvedURL: list["URI"].flatMap { URIResolution.resolve($0, against: playlist.url) },
        instreamID: list["INSTREAM-ID"],
        channels: list["CHANNELS"],
        attributes: list.dictionary,
        line: line))
  }
}
