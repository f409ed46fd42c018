import Foundation
import HLS
import Normalize
import TalkPage
import WebVTT

/// What the walk learnt beyond the document: the rendition chosen and why, the merge,
/// the segments, and where the page's own transcript disagrees with the subtitles.
public struct TalkHarvestDetails: Sendable {
  public var subtitleChoice: [String] = []
  public var segmentCount = 0
  public var merge: MergeReport?
  /// Where the page's own transcript disagrees with the subtitles (empty when it has none).
  public var transcriptDisagreements: [TranscriptCrossCheck.Disagreement] = []
  /// The validators of the playlists and segments fetched, for later deep checks.
  public var validators: TrackValidators?
}

struct SubtitleTrack: Sendable {
  var cues: [StoredCue]
  var language: String
  var masterResponse: HTTPResponse
  var details: TalkHarvestDetails
}

extension TalkHarvester {
  /// Master playlist → chosen subtitle rendition → media playlist → segments → merged cues.
  func subtitleTrack(masterURL: String, languages: [String]) async throws(HarvestError)
    -> SubtitleTrack
  {
    try await subtitleTrack(masterURL: masterURL, languages: languages, masterResponse: nil)
  }

  /// As above; `masterResponse`, when given, is the master playlist already fetched.
  func subtitleTrack(
    masterURL: String, languages: [String], masterResponse given: HTTPResponse?
  ) async throws(HarvestError) -> SubtitleTrack {
    let masterResponse: HTTPResponse
    if let given { masterResponse = given } else { masterResponse = try await fetcher.fetch(masterURL) }
    let master = try parseMaster(masterResponse, url: masterURL)
    guard let choice = SubtitleSelector(preferredLanguages: languages).choose(from: master),
      let mediaURL = choice.rendition.resolvedURL
    else {
      throw .noSubtitles(
        url: masterURL, wanted: languages,
        available: master.subtitleRenditions.map { $0.language ?? $0.name })
    }
    let mediaResponse = try await fetcher.fetch(mediaURL.absoluteString)
    let media = try parseMedia(mediaResponse, url: mediaURL.absoluteString)
    if media.firstEncryptedSegment != nil {
      throw .encryptedSubtitles(url: mediaURL.absoluteString)
    }
    let segmentURLs = media.segments.compactMap { $0.url?.absoluteString }
    let bodies = try await fetcher.fetchAll(segmentURLs, maxConcurrent: segmentConcurrency)
    var segments: [SegmentCues] = []
    segments.reserveCapacity(bodies.count)
    for (index, response) in bodies.enumerated() {
      segments.append(try Self.segmentCues(response.body, url: segmentURLs[index]))
    }
    let merged = CueMerger().merge(segments)
    var details = TalkHarvestDetails()
    details.subtitleChoice = choice.explanation
    details.segmentCount = segments.count
    details.merge = merged.report
    details.validators = TrackValidators(
      master: ResourceValidator(url: masterURL, response: masterResponse),
      media: ResourceValidator(url: mediaURL.absoluteString, response: mediaResponse),
      segments: zip(segmentURLs, bodies).map { ResourceValidator(url: $0, response: $1) })
    return SubtitleTrack(
      cues: merged.cues,
      language: LanguageTag.bcp47(choice.rendition.language ?? languages.first ?? "en"),
      masterResponse: masterResponse, details: details)
  }

  private func parseMaster(_ response: HTTPResponse, url: String) throws(HarvestError)
    -> MasterPlaylist
  {
    guard case .master(let master) = try parsePlaylist(response, url: url) else {
      throw .unexpectedPlaylist(url: url, expected: "master")
    }
    return master
  }

  private func parseMedia(_ response: HTTPResponse, url: String) throws(HarvestError)
    -> MediaPlaylist
  {
    guard case .media(let media) = try parsePlaylist(response, url: url) else {
      throw .unexpectedPlaylist(url: url, expected: "media")
    }
    return media
  }

  /// A playlist, its URIs resolved against the URL it was finally served from.
  private func parsePlaylist(_ response: HTTPResponse, url: String) throws(HarvestError) -> Playlist {
    guard let playlistURL = URL(string: response.finalURL) ?? URL(string: url) else {
      throw .invalidSource(url: url, reason: "not a URL")
    }
    do {
      return try PlaylistParser().parse(response.body, url: playlistURL)
    } catch {
      throw .playlist(url: url, error)
    }
  }

  /// One WebVTT segment as the merger takes it.
  static func segmentCues(_ body: Data, url: String) throws(HarvestError) -> SegmentCues {
    let file: WebVTTFile
    do {
      file = try WebVTTParser().parse(body)
    } catch {
      throw .segment(url: url, error)
    }
    return SegmentCues(
      mpegts: file.timestampMap?.mpegts, localMilliseconds: file.timestampMap?.localMilliseconds,
      cues: file.cues.map(storedCue))
  }

  static func storedCue(_ cue: Cue) -> StoredCue {
    StoredCue(
      startMilliseconds: cue.startMilliseconds, endMilliseconds: cue.endMilliseconds,
      raw: cue.text, text: cue.plainText,
      settings: cue.settingsText.isEmpty ? nil : cue.settingsText, voice: cue.voice,
      identifier: cue.id.isEmpty ? nil : cue.id)
  }

  /// Code samples become passages of kind `.code` at their times, among the speech.
  static func placingCodeSamples(_ samples: [CodeSample], among passages: [Passage]) -> [Passage] {
    guard !samples.isEmpty else { return passages }
    var result: [Passage] = []
    result.reserveCapacity(passages.count + samples.count)
    var pending = samples.sorted { $0.startSeconds < $1.startSeconds }[...]
    for passage in passages {
      while let sample = pending.first, sample.startSeconds * 1000 <= (passage.startMilliseconds ?? 0) {
        result.append(codePassage(sample))
        pending.removeFirst()
      }
      result.append(passage)
    }
    result += pending.map(codePassage)
    return result
  }

  private static func codePassage(_ sample: CodeSample) -> Passage {
    Passage(
      kind: .code, text: sample.code, startMilliseconds: sample.startSeconds * 1000,
      endMilliseconds: sample.startSeconds * 1000, heading: sample.title)
  }

  /// Each speech passage takes the title of the chapter it starts in as its heading.
  static func labelChapters(_ chapters: [Chapter], in passages: inout [Passage]) {
    guard !chapters.isEmpty else { return }
    let sorted = chapters.sorted { $0.startSeconds < $1.startSeconds }
    for index in passages.indices where passages[index].kind == .speech {
      let start = passages[index].startMilliseconds ?? 0
      if let chapter = sorted.last(where: { $0.startSeconds * 1000 <= start }) {
        passages[index].heading = chapter.title
      }
    }
  }
}
