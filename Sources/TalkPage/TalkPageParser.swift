import Foundation

/// Reads a talk page's HTML (see "Talk pages" in the project's notes on Apple's formats)
/// with libxml2's error-recovering HTML parser, never with patterns over the text.
///
/// Throws only for input that is not a talk page (or is out of bounds); what it skips
/// inside a talk page is listed in `TalkPage.warnings`. A page without a video parses
/// (`masterPlaylistURL` is nil); `TalkPage.requireMasterPlaylistURL()` turns that into
/// `.noVideo`.
public struct TalkPageParser: Sendable {
  public var limits: TalkPageLimits

  public init(limits: TalkPageLimits = .default) {
    self.limits = limits
  }

  /// libxml2 stops parsing past 256 levels; a depth limit above this one could not see it.
  static let deepestDetectableDepth = 250

  public func parse(_ html: Data, url: URL) throws(TalkPageError) -> TalkPage {
    guard html.count <= limits.maxBytes else {
      throw .tooLarge(url, byteCount: html.count, limitBytes: limits.maxBytes)
    }
    let maxDepth = min(limits.maxDepth, Self.deepestDetectableDepth)
    let page = try HTMLDocument.withParsed(html, baseURL: url) { document throws(TalkPageError) in
      guard document.root.maximumElementDepth <= maxDepth else {
        throw .tooDeeplyNested(url, limitDepth: maxDepth)
      }
      var reader = TalkPageReader(root: document.root, url: url)
      return try reader.read()
    }
    guard let page else { throw .notATalkPage(url, reason: "empty body") }
    return page
  }
}
