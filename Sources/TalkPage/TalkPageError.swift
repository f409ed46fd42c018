import Foundation

/// Why a page could not be read as a talk page.
public enum TalkPageError: Error, Sendable, Equatable {
  /// The body is larger than `TalkPageLimits.maxBytes`; nothing was parsed.
  case tooLarge(URL, byteCount: Int, limitBytes: Int)
  /// Elements nest deeper than `TalkPageLimits.maxDepth`; libxml2 stops parsing at its own
  /// limit (256 levels), so the rest of such a page is lost.
  case tooDeeplyNested(URL, limitDepth: Int)
  /// Not a talk page: an empty body, an error page served with status 200, a CDN error
  /// body, or HTML without a talk title or a video. Never index one as a document.
  case notATalkPage(URL, reason: String)
  /// A talk page without an HLS master playlist (see `TalkPage.requireMasterPlaylistURL`).
  case noVideo(URL)
}

extension TalkPageError: CustomStringConvertible {
  /// The page the error is about.
  public var url: URL {
    switch self {
    case .tooLarge(let url, _, _), .tooDeeplyNested(let url, _), .notATalkPage(let url, _), .noVideo(let url): url
    }
  }

  /// What is wrong, in a few words, without the URL.
  public var reason: String {
    switch self {
    case .tooLarge(_, let byteCount, let limit): "page is \(byteCount) bytes; the limit is \(limit)"
    case .tooDeeplyNested(_, let limit): "elements nest deeper than \(limit) levels"
    case .notATalkPage(_, let reason): "not a talk page: \(reason)"
    case .noVideo: "the talk page names no video (HLS master playlist)"
    }
  }

  public var description: String { "\(url.absoluteString): \(reason)" }
}
