import AppleSite
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
  /// The documentation pages the talk links to, in page order (see `DocumentationLink`).
  public var documentationLinks: [DocumentationLink]
  /// What the parser skipped, and why.
  public var warnings: [TalkPageWarning]

  public init(
    url: URL, canonicalURL: URL? = nil, title: String, summary: String? = nil,
    collection: String? = nil, talkID: String? = nil, year: Int? = nil,
    datePublished: String? = nil, masterPlaylistURL: URL? = nil, videoID: String? = nil,
    videoLocale: String? = nil, chapters: [Chapter] = [], codeSamples: [CodeSample] = [],
    transcript: [TranscriptLine] = [], documentationLinks: [DocumentationLink] = [],
    warnings: [TalkPageWarning] = []
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
    self.documentationLinks = documentationLinks
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
