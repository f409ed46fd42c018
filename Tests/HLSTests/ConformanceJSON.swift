import Foundation

@testable import HLS

/// The shape of the conformance data's `*.expected.json`, built from a parsed playlist,
/// so that the two can be compared key by key. Absent values are left out, as there.
enum ConformanceJSON {
  static func object(for playlist: Playlist) -> [String: Any] {
    switch playlist {
    case .master(let master): object(for: master)
    case .media(let media): object(for: media)
    }
  }

  static func object(for playlist: MasterPlaylist) -> [String: Any] {
    var object: [String: Any] = [
      "kind": "multivariant",
      "renditions": playlist.renditions.map { rendition(($0)) },
      "subtitleRenditions": playlist.subtitleRenditions.map(subtitleRendition),
      "variants": playlist.variants.map(variant),
      "iFrameVariants": playlist.iFrameVariants.map(iFrameVariant),
    ]
    if playlist.independentSegments { object["independentSegments"] = true }
    object["version"] = playlist.version
    return object
  }

  static func object(for playlist: MediaPlaylist) -> [String: Any] {
    var object: [String: Any] = [
      "kind": "media",
      "mediaSequence": playlist.mediaSequence,
      "discontinuitySequence": playlist.discontinuitySequence,
      "endList": playlist.hasEndList,
      "segments": playlist.segments.map(segment),
      "segmentCount": playlist.segments.count,
      "totalDuration": playlist.totalDurationSeconds,
    ]
    object["targetDuration"] = playlist.targetDuration
    object["playlistType"] = playlist.playlistType?.rawValue
    object["version"] = playlist.version
    if playlist.iFramesOnly { object["iFramesOnly"] = true }
    return object
  }

  static func subtitleRendition(_ rendition: Rendition) -> [String: Any] {
    var object: [String: Any] = [
      "groupId": rendition.groupID, "name": rendition.name, "default": rendition.isDefault,
      "autoselect": rendition.autoselect, "forced": rendition.forced,
    ]
    object["language"] = rendition.language
    object["assocLanguage"] = rendition.assocLanguage
    object["uri"] = rendition.uri
    if !rendition.characteristics.isEmpty {
      object["characteristics"] = rendition.characteristics.joined(separator: ",")
    }
    return object
  }

  static func rendition(_ rendition: Rendition) -> [String: Any] {
    var object = subtitleRendition(rendition)
    object["type"] = rendition.type.rawValue
    object["instreamId"] = rendition.instreamID
    object["channels"] = rendition.channels
    object["attributes"] = rendition.attributes
    return object
  }

  static func variant(_ variant: Variant) -> [String: Any] {
    var object: [String: Any] = ["uri": variant.uri, "attributes": variant.attributes]
    object["bandwidth"] = variant.bandwidth
    object["averageBandwidth"] = variant.averageBandwidth
    object["codecs"] = variant.codecs
    object["resolution"] = variant.resolution?.description
    object["frameRate"] = variant.frameRate
    object["audio"] = variant.audio
    object["video"] = variant.video
    object["subtitles"] = variant.subtitles
    object["closedCaptions"] = variant.closedCaptions
    return object
  }

  static func iFrameVariant(_ variant: IFrameVariant) -> [String: Any] {
    var object: [String: Any] = ["attributes": variant.attributes]
    object["uri"] = variant.uri
    object["bandwidth"] = variant.bandwidth
    return object
  }

  static func segment(_ segment: MediaSegment) -> [String: Any] {
    var object: [String: Any] = [
      "uri": segment.uri,
      "duration": segment.duration ?? NSNull(),
      "title": segment.title ?? NSNull(),
      "mediaSequence": segment.mediaSequence,
      "discontinuity": segment.discontinuity,
      "discontinuitySequence": segment.discontinuitySequence,
    ]
    object["byteRange"] = segment.byteRange.map(byteRange)
    if let map = segment.map {
      var mapObject: [String: Any] = ["uri": map.uri]
      mapObject["byteRange"] = map.byteRange.map(byteRange)
      object["map"] = mapObject
    }
    return object
  }

  static func byteRange(_ range: ByteRange) -> [String: Any] {
    var object: [String: Any] = ["length": range.length, "offset": range.offset ?? NSNull()]
    if range.isOffsetImplicit { object["offsetImplicit"] = true }
    return object
  }

  /// Differences between two JSON values, as `path: expected …, got …` lines.
  /// Absent and `null` are the same; numbers compare within 1e-9.
  static func differences(_ expected: Any?, _ actual: Any?, path: String = "") -> [String] {
    let expected = expected is NSNull ? nil : expected
    let actual = actual is NSNull ? nil : actual
    switch (expected, actual) {
    case (nil, nil): return []
    case (let e as [String: Any], let a as [String: Any]):
      return Set(e.keys).union(a.keys).sorted().flatMap {
        differences(e[$0], a[$0], path: path + "." + $0)
      }
    case (let e as [Any], let a as [Any]):
      guard e.count == a.count else { return ["\(path): expected \(e.count) items, got \(a.count)"] }
      return zip(e, a).enumerated().flatMap { differences($1.0, $1.1, path: "\(path)[\($0)]") }
    case (let e as String, let a as String):
      return e == a ? [] : ["\(path): expected \(e.debugDescription), got \(a.debugDescription)"]
    case (let e as NSNumber, let a as NSNumber):
      return abs(e.doubleValue - a.doubleValue) < 1e-9 ? [] : ["\(path): expected \(e), got \(a)"]
    default:
      return ["\(path): expected \(String(describing: expected)), got \(String(describing: actual))"]
    }
  }

  /// `object` as JSONSerialization reads it back, so both sides have the same types.
  static func roundTrip(_ object: [String: Any]) throws -> Any {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return try JSONSerialization.jsonObject(with: data)
  }
}
