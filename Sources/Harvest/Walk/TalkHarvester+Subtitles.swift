import AppleSite
import DocumentModel
import Foundation
import HLS
import Normalize
import TalkPage

/// A talk's subtitle track as the walk made it: merged cues, the language chosen, and
/// the validators of every playlist and segment fetched (for later deep checks).
struct SubtitleTrack: Sendable {
  var cues: [StoredCue]
  var language: String
  var validators: TrackValidators
}

extension TalkHarvester {
  /// Master playlist → the subtitle rendition of `language` → media playlist → segments →
  /// merged cues. `masterResponse`, when given, is the master playlist already fetched.
  /// A track of another language is never taken for `language`'s document; only for
  /// English, a track whose playlist names no language at all stands in (older masters).
  /// Segments staged by an earlier attempt on the same media playlist are reused; when
  /// some segment fails, `staged` receives every segment that did not.
  func subtitleTrack(
    masterURL: String, language: String, documentID: String, previous: SourceState,
    staged: inout StagedTrack?, masterResponse given: HTTPResponse? = nil
  ) async throws(HarvestError) -> SubtitleTrack {
    let masterResponse: HTTPResponse
    if let given { masterResponse = given } else { masterResponse = try await fetcher.fetch(masterURL) }
    let master = try parseMaster(masterResponse, url: masterURL)
    guard let choice = SubtitleSelector(preferredLanguages: [language]).choose(from: master),
      Self.isInLanguage(choice, language), let mediaURL = choice.rendition.resolvedURL?.absoluteString
    else {
      throw .noSubtitles(
        url: masterURL, wanted: [language],
        available: master.subtitleRenditions.map { $0.language ?? $0.name })
    }
    let mediaResponse = try await fetcher.fetch(mediaURL)
    let media = try parseMedia(mediaResponse, url: mediaURL)
    if media.firstEncryptedSegment != nil { throw .encryptedSubtitles(url: mediaURL) }
    let segmentURLs = media.segments.compactMap { $0.url?.absoluteString }
    let mediaSHA256 = SHA256.hexDigest(mediaResponse.body)
    let reusable = previous.staged.flatMap { $0.matches(mediaURL: mediaURL, mediaSHA256: mediaSHA256) ? $0 : nil }
    let fetched = try await SegmentFetch(fetcher: fetcher, concurrency: segmentConcurrency)
      .fetch(segmentURLs, reusing: reusable?.segments ?? [], mediaURL: mediaURL)
    if let failure = fetched.firstFailure {
      staged = StagedTrack(
        documentID: documentID, mediaURL: mediaURL, mediaSHA256: mediaSHA256,
        segments: fetched.segments.compactMap { $0 })
      throw failure
    }
    let segments = fetched.segments.compactMap { $0 }
    let merged = CueMerger().merge(segments.map(\.cues))
    return SubtitleTrack(
      cues: merged.cues,
      language: choice.rendition.language.flatMap(LanguageTag.known) ?? LanguageTag.bcp47(language),
      validators: TrackValidators(
        master: ResourceValidator(url: masterURL, response: masterResponse),
        media: ResourceValidator(url: mediaURL, response: mediaResponse),
        segments: segments.map(\.validator)))
  }

  /// Whether the chosen track is `language`'s: it matched, or (English only) nothing in
  /// the playlist names a language for it.
  static func isInLanguage(_ choice: SubtitleChoice, _ language: String) -> Bool {
    if choice.matchedPreference != nil { return true }
    let rendition = choice.rendition
    let named = [rendition.language, rendition.name].compactMap { $0 }.contains { LanguageTag.known($0) != nil }
    return LanguageTag.bcp47(language) == "en" && !named
  }

  private func parseMaster(_ response: HTTPResponse, url: String) throws(HarvestError) -> MasterPlaylist {
    guard case .master(let master) = try parsePlaylist(response, url: url) else {
      throw .unexpectedPlaylist(url: url, expected: "master")
    }
    return master
  }

  private func parseMedia(_ response: HTTPResponse, url: String) throws(HarvestError) -> MediaPlaylist {
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
}
