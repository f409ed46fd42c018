import Corpus
import DocCRender
import Foundation
import HLS
import TalkPage
import WebVTT

/// Why one source could not be harvested. Each case names the URL it concerns.
public enum HarvestError: Error, Sendable {
  case http(HTTPError)
  case page(url: String, TalkPageError)
  case playlist(url: String, HLSError)
  /// The master playlist is a media playlist, or the reverse.
  case unexpectedPlaylist(url: String, expected: String)
  case noSubtitles(url: String, wanted: [String], available: [String])
  case encryptedSubtitles(url: String)
  case segment(url: String, WebVTTError)
  case higPage(url: String, DocCRenderError)
  /// A HIG page answered with another page's identifier (a redirect to elsewhere).
  case redirectedPage(url: String, identifier: String)
  case noPassages(url: String)
  case corpus(CorpusError)
  case invalidSource(url: String, reason: String)
  /// The talk page is gone upstream: it answers 404 or 410, or redirects to a page that is
  /// not a talk (Apple redirects removed talks to an index).
  case removedUpstream(url: String, reason: String)
  /// A talk's segments together passed `HarvestLimits.maxTalkSubtitleBytes`; `url` is
  /// the media playlist.
  case subtitlesTooLarge(url: String, limitBytes: Int)
  /// A talk's segments together held more than `HarvestLimits.maxTalkCues` cues.
  case tooManyCues(url: String, limit: Int)
}

extension HarvestError {
  /// Whether another attempt may succeed: the HTTP failure was retryable (5xx, 429,
  /// timeouts, connections).
  public var isRetryable: Bool {
    if case .http(let error) = self { return error.isRetryable }
    return false
  }
}

extension HarvestError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .http(let error): error.description
    case .page(let url, let error): Self.naming(url, error.url, line: nil, error.reason)
    case .playlist(let url, let error): Self.naming(url, error.url, line: error.line, error.reason)
    case .unexpectedPlaylist(let url, let expected): "\(url): not a \(expected) playlist"
    case .noSubtitles(let url, let wanted, let available):
      "\(url): no subtitle track for \(wanted.joined(separator: ", "))"
        + (available.isEmpty ? " (the playlist has none)" : " (it has \(available.joined(separator: ", ")))")
    case .encryptedSubtitles(let url): "\(url): the subtitles are encrypted, which duo-kb does not support"
    case .segment(let url, let error): "\(url): \(error.description)"
    case .higPage(let url, let error): Self.naming(url, error.url, line: error.line, error.reason)
    case .redirectedPage(let url, let identifier): "\(url): answered with another page (\(identifier))"
    case .noPassages(let url): "\(url): no quotable text"
    case .corpus(let error): error.description
    case .invalidSource(let url, let reason): "\(url): \(reason)"
    case .removedUpstream(let url, let reason): "\(url): gone upstream (\(reason))"
    case .subtitlesTooLarge(let url, let limit):
      "\(url): the subtitle segments together pass the limit of \(limit) bytes"
    case .tooManyCues(let url, let limit): "\(url): the subtitle segments hold more than \(limit) cues"
    }
  }

  /// `url[:line]: reason`, with the URL the parser read after `url` only when it is another
  /// (the page a redirect led to), so that no URL is printed twice.
  static func naming(_ url: String, _ parsed: URL?, line: Int?, _ reason: String) -> String {
    let place = line.map { ":\($0)" } ?? ""
    guard let parsed = parsed?.absoluteString, parsed != url else { return "\(url)\(place): \(reason)" }
    return "\(url): \(parsed)\(place): \(reason)"
  }
}
