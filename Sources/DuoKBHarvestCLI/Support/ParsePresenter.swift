import DocCRender
import Foundation
import HLS
import TalkPage
import WebVTT

/// Turns each parser's result into what `duo-kb parse` prints.
enum ParsePresenter {
  static func webVTT(_ data: Data) throws -> ParsePresentation {
    let file = try WebVTTParser().parse(data)
    var text = "WebVTT: \(file.cues.count) cues"
    if let map = file.timestampMap {
      text += ", X-TIMESTAMP-MAP MPEGTS \(map.mpegts) LOCAL \(clockTime(milliseconds: map.localMilliseconds))"
    }
    text += ", \(file.regions.count) regions, \(file.styleSheets.count) style sheets\n"
    var cues: [[String: Any]] = []
    for cue in file.cues {
      let plain = cue.plainText
      text += "\(clockTime(milliseconds: cue.startMilliseconds)) --> \(clockTime(milliseconds: cue.endMilliseconds))"
      if !cue.id.isEmpty { text += "  [\(cue.id)]" }
      if !cue.settingsText.isEmpty { text += "  \(cue.settingsText)" }
      text += "\n"
      if let voice = cue.voice { text += "  <\(voice)>\n" }
      for line in plain.split(separator: "\n", omittingEmptySubsequences: false) {
        text += "  \(line)\n"
      }
      var entry: [String: Any] = [
        "id": cue.id, "start": Double(cue.startMilliseconds) / 1000,
        "end": Double(cue.endMilliseconds) / 1000, "text": cue.text, "plainText": plain,
        "settings": cue.settingsText,
      ]
      entry["voice"] = cue.voice
      cues.append(entry)
    }
    for warning in file.warnings { text += "warning: \(warning)\n" }
    var value: [String: Any] = [
      "kind": "webvtt", "cues": cues, "styleSheets": file.styleSheets,
      "regions": file.regions.map { ["id": $0.id, "width": $0.width, "lines": $0.lines] },
      "warnings": file.warnings.map { "\($0)" },
    ]
    if let map = file.timestampMap {
      value["timestampMap"] = [
        "raw": map.raw, "mpegts": map.mpegts, "local": Double(map.localMilliseconds) / 1000,
      ]
    }
    return ParsePresentation(text: text, value: value)
  }

  static func playlist(_ data: Data, url: URL, languages: [String]) throws -> ParsePresentation {
    switch try PlaylistParser().parse(data, url: url) {
    case .master(let master): return masterPlaylist(master, languages: languages)
    case .media(let media): return mediaPlaylist(media)
    }
  }

  static func masterPlaylist(_ master: MasterPlaylist, languages: [String]) -> ParsePresentation {
    var text = "Master playlist: \(master.variants.count) variants, \(master.renditions.count) renditions\n"
    for variant in master.variants {
      text += "variant \(variant.bandwidth.map(String.init) ?? "?") bps"
      if let subtitles = variant.subtitles { text += " subtitles=\(subtitles)" }
      text += "  \(variant.uri)\n"
    }
    var renditions: [[String: Any]] = []
    for rendition in master.renditions {
      text += "\(rendition.type.rawValue) group=\(rendition.groupID) name=\(rendition.name)"
      if let language = rendition.language { text += " language=\(language)" }
      if rendition.isDefault { text += " default" }
      if rendition.autoselect { text += " autoselect" }
      if rendition.forced { text += " forced" }
      if !rendition.characteristics.isEmpty {
        text += " characteristics=\(rendition.characteristics.joined(separator: ","))"
      }
      if let uri = rendition.uri { text += "  \(uri)" }
      text += "\n"
      var entry: [String: Any] = [
        "type": rendition.type.rawValue, "groupId": rendition.groupID, "name": rendition.name,
        "default": rendition.isDefault, "autoselect": rendition.autoselect,
        "forced": rendition.forced, "characteristics": rendition.characteristics,
      ]
      entry["language"] = rendition.language
      entry["uri"] = rendition.uri
      entry["url"] = rendition.resolvedURL?.absoluteString
      renditions.append(entry)
    }
    var value: [String: Any] = [
      "kind": "master", "renditions": renditions,
      "variants": master.variants.map { variant -> [String: Any] in
        var entry: [String: Any] = ["uri": variant.uri]
        entry["bandwidth"] = variant.bandwidth
        entry["subtitles"] = variant.subtitles
        entry["url"] = variant.url?.absoluteString
        return entry
      },
    ]
    if let choice = SubtitleSelector(preferredLanguages: languages).choose(from: master) {
      text += "\nSubtitles for \(languages.joined(separator: ", ")): \(choice.rendition.name)"
      text += " \(choice.rendition.resolvedURL?.absoluteString ?? choice.rendition.uri ?? "")\n"
      for line in choice.explanation { text += "  \(line)\n" }
      var chosen: [String: Any] = ["name": choice.rendition.name, "explanation": choice.explanation]
      chosen["url"] = choice.rendition.resolvedURL?.absoluteString
      chosen["language"] = choice.rendition.language
      value["subtitleChoice"] = chosen
    } else {
      text += "\nSubtitles for \(languages.joined(separator: ", ")): none\n"
      value["subtitleChoice"] = NSNull()
    }
    return ParsePresentation(text: text, value: value)
  }

  static func mediaPlaylist(_ media: MediaPlaylist) -> ParsePresentation {
    var text = "Media playlist: \(media.segments.count) segments"
    text += String(format: ", %.3f s", media.totalDurationSeconds)
    if let target = media.targetDuration { text += ", target duration \(target) s" }
    text += media.hasEndList ? ", ended\n" : ", live (no ENDLIST)\n"
    if media.firstEncryptedSegment != nil { text += "warning: encrypted segments (unsupported)\n" }
    for segment in media.segments {
      text += "\(segment.mediaSequence)  \(segment.duration.map { String($0) } ?? "?") s  "
      text += "\(segment.url?.absoluteString ?? segment.uri)\n"
    }
    let segments = media.segments.map { segment -> [String: Any] in
      var entry: [String: Any] = [
        "uri": segment.uri, "mediaSequence": segment.mediaSequence,
        "discontinuity": segment.discontinuity, "encrypted": segment.isEncrypted,
      ]
      entry["duration"] = segment.duration
      entry["url"] = segment.url?.absoluteString
      return entry
    }
    var value: [String: Any] = [
      "kind": "media", "segments": segments, "endList": media.hasEndList,
      "mediaSequence": media.mediaSequence, "totalDuration": media.totalDurationSeconds,
    ]
    value["targetDuration"] = media.targetDuration
    return ParsePresentation(text: text, value: value)
  }

  static func renderJSON(_ data: Data, url: URL) throws -> ParsePresentation {
    let page = try RenderPageDecoder().decode(data, url: url)
    var text = "\(page.title)\n"
    if !page.abstract.isEmpty { text += "\(page.abstract)\n" }
    var sections: [[String: Any]] = []
    for section in page.sections {
      if let heading = section.heading {
        text += "\n\(String(repeating: "#", count: max(1, min(6, section.level)))) \(heading)"
        text += section.anchor.map { "  {#\($0)}\n" } ?? "\n"
      }
      for block in section.blocks {
        text += "  [\(block.kind.rawValue)] \(block.text.replacingOccurrences(of: "\n", with: "\n    "))\n"
      }
      var entry: [String: Any] = [
        "level": section.level,
        "blocks": section.blocks.map { block -> [String: Any] in
          var entry: [String: Any] = ["kind": block.kind.rawValue, "text": block.text]
          entry["style"] = block.style
          return entry
        },
      ]
      entry["heading"] = section.heading
      entry["anchor"] = section.anchor
      sections.append(entry)
    }
    for warning in page.warnings { text += "warning: \(warning)\n" }
    var value: [String: Any] = [
      "kind": "renderJSON", "title": page.title, "abstract": page.abstract,
      "sections": sections, "unknownNodeCount": page.unknownNodeCount,
    ]
    value["identifier"] = page.identifierURL
    value["role"] = page.role
    return ParsePresentation(text: text, value: value)
  }

  static func talkPage(_ data: Data, url: URL) throws -> ParsePresentation {
    let page = try TalkPageParser().parse(data, url: url)
    var text = "\(page.title)\n"
    if let id = page.documentID { text += "id: \(id)\n" }
    if let summary = page.summary { text += "\(summary)\n" }
    text += "master playlist: \(page.masterPlaylistURL?.absoluteString ?? "none")\n"
    for chapter in page.chapters { text += "chapter \(chapter.startSeconds) s: \(chapter.title)\n" }
    for sample in page.codeSamples { text += "code \(sample.startSeconds) s: \(sample.title)\n" }
    text += "transcript: \(page.transcript.count) lines\n"
    var value: [String: Any] = [
      "kind": "talkPage", "title": page.title,
      "chapters": page.chapters.map { ["title": $0.title, "start": $0.startSeconds] },
      "codeSamples": page.codeSamples.map { ["title": $0.title, "start": $0.startSeconds, "code": $0.code] },
      "transcript": page.transcript.map { ["start": $0.startSeconds, "text": $0.text] },
    ]
    value["id"] = page.documentID
    value["summary"] = page.summary
    value["masterPlaylist"] = page.masterPlaylistURL?.absoluteString
    value["event"] = page.collection
    value["year"] = page.year
    return ParsePresentation(text: text, value: value)
  }
}
