import DecimalText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Playlist {
  /// A stable, line-per-item text form of everything parsed (what `duo-kb parse` shows and
  /// golden files pin). Attribute dictionaries are sorted by name.
  public func dump() -> String {
    var lines: [String] = []
    switch self {
    case .master(let playlist): lines = playlist.dumpLines()
    case .media(let playlist): lines = playlist.dumpLines()
    }
    lines += warnings.map { "warning \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension MasterPlaylist {
  func dumpLines() -> [String] {
    var lines = ["multivariant playlist \(url.absoluteString)"]
    if let version { lines.append("version \(version)") }
    lines.append("independent segments \(independentSegments ? "yes" : "no")")
    for rendition in renditions {
      lines.append("rendition \(rendition.type) group=\(rendition.groupID) name=\(rendition.name)")
      var facts: [String] = []
      if let language = rendition.language { facts.append("language=\(language)") }
      if let assoc = rendition.assocLanguage { facts.append("assoc-language=\(assoc)") }
      if rendition.isDefault { facts.append("default") }
      if rendition.autoselect { facts.append("autoselect") }
      if rendition.forced { facts.append("forced") }
      if rendition.isSDH { facts.append("sdh") }
      if let instream = rendition.instreamID { facts.append("instream-id=\(instream)") }
      if let channels = rendition.channels { facts.append("channels=\(channels)") }
      if !facts.isEmpty { lines.append("  " + facts.joined(separator: " ")) }
      if !rendition.characteristics.isEmpty {
        lines.append("  characteristics \(rendition.characteristics.joined(separator: " "))")
      }
      if let uri = rendition.uri {
        lines.append("  uri \(uri) -> \(rendition.resolvedURL?.absoluteString ?? "(unresolvable)")")
      }
    }
    for variant in variants {
      var facts = ["variant"]
      if let bandwidth = variant.bandwidth { facts.append("bandwidth=\(bandwidth)") }
      if let average = variant.averageBandwidth { facts.append("average=\(average)") }
      if let resolution = variant.resolution { facts.append("resolution=\(resolution)") }
      if let frameRate = variant.frameRate { facts.append("frame-rate=\(frameRate)") }
      lines.append(facts.joined(separator: " "))
      var groups: [String] = []
      if let codecs = variant.codecs { groups.append("codecs=\(codecs)") }
      if let audio = variant.audio { groups.append("audio=\(audio)") }
      if let video = variant.video { groups.append("video=\(video)") }
      if let subtitles = variant.subtitles { groups.append("subtitles=\(subtitles)") }
      if let cc = variant.closedCaptions { groups.append("closed-captions=\(cc)") }
      if !groups.isEmpty { lines.append("  " + groups.joined(separator: " ")) }
      lines.append("  uri \(variant.uri) -> \(variant.url?.absoluteString ?? "(unresolvable)")")
    }
    for variant in iFrameVariants {
      lines.append(
        "i-frame variant bandwidth=\(variant.bandwidth.map(String.init) ?? "?") uri \(variant.uri ?? "?")"
          + " -> \(variant.url?.absoluteString ?? "(unresolvable)")")
    }
    lines += unknownTags.map { "other tag \($0)" }
    return lines
  }
}

extension MediaPlaylist {
  func dumpLines() -> [String] {
    var lines = ["media playlist \(url.absoluteString)"]
    if let version { lines.append("version \(version)") }
    lines.append("target duration \(targetDuration.map { "\($0)" } ?? "none")")
    lines.append("media sequence \(mediaSequence), discontinuity sequence \(discontinuitySequence)")
    lines.append(
      "type \(playlistType?.rawValue ?? "none"), end list \(hasEndList ? "yes" : "no")"
        + (iFramesOnly ? ", i-frames only" : ""))
    lines.append("\(segments.count) segments, \(Self.seconds(totalDurationSeconds)) seconds")
    for segment in segments {
      var facts = ["segment \(segment.mediaSequence)"]
      facts.append("duration=\(segment.duration.map(Self.seconds) ?? "none")")
      if let title = segment.title, !title.isEmpty { facts.append("title=\(title)") }
      if segment.discontinuity { facts.append("discontinuity") }
      facts.append("discontinuity-sequence=\(segment.discontinuitySequence)")
      if let range = segment.byteRange { facts.append("bytes=\(range)") }
      if let key = segment.key { facts.append("encrypted=\(key.method)") }
      lines.append(facts.joined(separator: " "))
      lines.append("  uri \(segment.uri) -> \(segment.url?.absoluteString ?? "(unresolvable)")")
      if let map = segment.map {
        lines.append("  map \(map.uri)" + (map.byteRange.map { " bytes=\($0)" } ?? ""))
      }
    }
    lines += unknownTags.map { "other tag \($0)" }
    return lines
  }

  /// Seconds with up to three decimals, without trailing zeros.
  static func seconds(_ value: Double) -> String {
    var text = DecimalText.fixed(value, decimals: 3)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
