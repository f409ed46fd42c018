/// Error pages that arrive as HTML: Apple's "can't be found" page served with status 200,
/// and CDN bodies for 403, 502 and the like ("Access Denied", "Bad Gateway", "ERROR: The
/// request could not be satisfied").
extension TalkPageReader {
  /// Phrases that only error pages put in a title or heading (compared in lowercase, with
  /// typographic apostrophes made straight).
  static let errorPhrases = [
    "page not found", "not found", "can't be found", "cannot be found", "could not be found",
    "couldn't be found", "no longer available", "access denied", "forbidden", "bad gateway",
    "service unavailable", "gateway timeout", "gateway time-out", "internal server error",
    "request could not be satisfied", "too many requests",
  ]

  /// Why the page looks like an error page, or nil: the first of `<title>`, `og:title` and
  /// the `<h1>`s that holds an error phrase. Only consulted for pages without a video, so a
  /// talk titled with such words still parses.
  func errorPageReason() -> String? {
    var texts: [(source: String, text: String)] = []
    if let title = documentTitle() { texts.append(("<title>", title)) }
    if let title = metaContent("og:title") { texts.append(("og:title", title)) }
    for heading in root.elements(where: { $0.isElement(named: "h1") }).prefix(5) {
      texts.append(("<h1>", heading.collapsedText))
    }
    for (source, text) in texts {
      let folded = text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
      if Self.errorPhrases.contains(where: folded.contains) {
        return "error page: \(source) says \"\(text.prefix(120))\""
      }
    }
    return nil
  }
}
