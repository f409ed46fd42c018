import Foundation

/// What a talk page (`/videos/play/<collection>/<id>/`) says about its talk.
public struct TalkPage: Sendable, Equatable, Codable {
  /// The URL the page was fetched from.
  public var url: URL
  /// `<link rel="canonical">`, resolved against `url`.
  public var canonicalURL: URL?
  /// The `<h1>` of the details supplement, else `og:title`, else `<title>` without Apple's suffix.
  public var title: String
  /// `og:description`, else `<meta name="description">`, else the details paragraph.
  public var summary: String?
  /// `wwdc2024`, `tech-talks`, … from the URL path (lowercased).
  public var collection: String?
  /// `10173` from the URL path.
  public var talkID: String?
  /// From a `wwdcYYYY` collection, else from `datePublished`.
  public var year: Int?
  /// `<meta itemprop="datePublished" content="…">` as written (`2025-06-10`).
  public var datePublished: String?
  /// The HLS master playlist (`og:video`, else the player's `<video src>`), resolved; nil
  /// when the page has no video.
  public var masterPlaylistURL: URL?
  /// The player's `data-id` (`wwdc2025-280`), where present.
  public var videoID: String?
  /// The player's `data-locale` (`en`), where present.
  public var videoLocale: String?
  public var chapters: [Chapter]
  public var codeSamples: [CodeSample]
  /// The page's own transcript; empty when the page fills it by script.
  public var transcript: [TranscriptLine]
  /// What the parser skipped, and why.
  public var warnings: [TalkPageWarning]

  public init(
    url: URL, canonicalURL: URL? = nil, title: String, summary: String? = nil,
    collection: String? = nil, talkID: String? = nil, year: Int? = nil,
    datePublished: String? = nil, masterPlaylistURL: URL? = nil, videoID: String? = nil,
    videoLocale: String? = nil, chapters: [Chapter] = [], codeSamples: [CodeSample] = [],
    transcript: [TranscriptLine] = [], warnings: [TalkPageWarning] = []
  ) {
    self.url = url
    self.canonicalURL = canonicalURL
    self.title = title
    self.summary = summary
    self.collection = collection
    self.talkID = talkID
    self.year = year
    self.datePublished = datePublished
    self.masterPlaylistURL = masterPlaylistURL
    self.videoID = videoID
    self.videoLocale = videoLocale
    self.chapters = chapters
    self.codeSamples = codeSamples
    self.transcript = transcript
    self.warnings = warnings
  }

  /// `collection/talkID` (`wwdc2024/10173`), safe as a file name; see `TalkURL.documentID`.
  public var documentID: String? {
    TalkURL.documentID(for: url) ?? canonicalURL.flatMap(TalkURL.documentID(for:))
  }

  /// The master playlist, or `.noVideo` for a page without one.
  public func requireMasterPlaylistURL() throws(TalkPageError) -> URL {
    guard let masterPlaylistURL else { throw .noVideo(url) }
    return masterPlaylistURL
  }
}

/// A chapter of the talk (`li.chapter-item`, pages from 2023 on).
public struct Chapter: Sendable, Equatable, Codable {
  public var title: String
  public var startSeconds: Int
  /// `data-chapter-end-time`, else start plus `data-chapter-lenght` (Apple's spelling).
  public var endSeconds: Int?

  public init(title: String, startSeconds: Int, endSeconds: Int? = nil) {
    self.title = title
    self.startSeconds = startSeconds
    self.endSeconds = endSeconds
  }
}

/// A code sample shown at a moment of the talk (`li.sample-code-main-container`).
public struct CodeSample: Sendable, Equatable, Codable {
  public var title: String
  public var startSeconds: Int
  /// The code as plain text: highlighting removed, entities decoded, whitespace kept exactly.
  public var code: String

  public init(title: String, startSeconds: Int, code: String) {
    self.title = title
    self.startSeconds = startSeconds
    self.code = code
  }
}

/// One caption line of the page's transcript (`span[data-start]`).
public struct TranscriptLine: Sendable, Equatable, Codable {
  /// Apple writes whole seconds (`7.0`): the cue start rounded down.
  public var startSeconds: Double
  /// Whitespace collapsed.
  public var text: String

  public init(startSeconds: Double, text: String) {
    self.startSeconds = startSeconds
    self.text = text
  }
}

/// Something on the page that the parser skipped.
public enum TalkPageWarning: Sendable, Equatable, Codable {
  /// `index` counts the page's `li.chapter-item` elements from 0.
  case skippedChapter(index: Int, reason: String)
  /// `index` counts the page's `li.sample-code-main-container` elements from 0.
  case skippedCodeSample(index: Int, reason: String)
  /// `index` counts the transcript's `[data-start]` elements from 0.
  case skippedTranscriptLine(index: Int, reason: String)
}
