import Foundation

/// Title, description, canonical URL, date and the video.
extension TalkPageReader {
  struct Media {
    var masterPlaylistURL: URL?
    var videoID: String?
    var videoLocale: String?
  }

  /// The details supplement: `<li class="supplement details" data-supplement-id="details">`.
  func detailsSupplement() -> HTMLNode? {
    root.firstElement { element in
      (element.hasClass("supplement") && element.hasClass("details"))
        || element.attribute("data-supplement-id") == "details"
    }
  }

  /// The talk's title as the page shows it: the `<h1>` in the details supplement.
  func detailsHeading() -> String? {
    detailsSupplement()?.firstElement { $0.isElement(named: "h1") }
      .map(\.collapsedText).flatMap(Self.nonEmpty)
  }

  /// `og:title`, else `<title>`, each without Apple's " - WWDC25 - Videos - Apple Developer".
  func fallbackTitle() -> String? {
    let candidates = [metaContent("og:title"), documentTitle()]
    return candidates.lazy.compactMap { $0.map(Self.strippingSiteSuffix).flatMap(Self.nonEmpty) }
      .first
  }

  /// The text of `<title>`, collapsed.
  func documentTitle() -> String? {
    root.firstElement { $0.isElement(named: "title") }.map(\.collapsedText).flatMap(Self.nonEmpty)
  }

  /// `og:description`, `<meta name="description">`, else the first paragraph of the details
  /// supplement outside its lists of links.
  func summary() -> String? {
    if let description = metaContent("og:description") ?? metaContent("description") {
      return description
    }
    guard let details = detailsSupplement() else { return nil }
    let paragraphs = details.elements { element in
      element.isElement(named: "p") && !element.hasAncestor(named: ["ul", "ol"], below: details)
    }
    return paragraphs.lazy.map(\.collapsedText).compactMap(Self.nonEmpty).first
  }

  /// `<link rel="canonical" href="…">`, resolved against the page URL.
  func canonicalURL() -> URL? {
    let link = root.firstElement { element in
      element.isElement(named: "link")
        && (element.attribute("rel") ?? "").lowercased().split(separator: " ").contains("canonical")
    }
    return link?.attribute("href").flatMap(resolvedWebURL)
  }

  /// `<meta itemprop="datePublished" content="…">`, or a `<time itemprop="datePublished">`.
  func datePublished() -> String? {
    if let content = metaContent("datePublished") { return content }
    let time = root.firstElement { $0.attribute("itemprop") == "datePublished" }
    return (time?.attribute("datetime") ?? time?.collapsedText).flatMap(Self.nonEmpty)
  }

  /// The HLS master playlist: `og:video`, else the player's `<video src>` or `<source src>`
  /// — the first that names an `.m3u8` (`cmaf.m3u8`, older `hls_vod_mvp.m3u8`), resolved
  /// against the page URL. Only http(s) URLs count.
  func media() -> Media {
    let video = root.firstElement { $0.isElement(named: "video") }
    let sources = video?.elements { $0.isElement(named: "source") } ?? []
    let candidates =
      ["og:video", "og:video:url", "og:video:secure_url"].map(metaContent)
      + [video?.attribute("src")] + sources.map { $0.attribute("src") }
    let master = candidates.lazy.compactMap { $0.flatMap(resolvedWebURL) }
      .first { $0.path.lowercased().hasSuffix(".m3u8") }
    return Media(
      masterPlaylistURL: master,
      videoID: video?.attribute("data-id").flatMap(Self.nonEmpty),
      videoLocale: video?.attribute("data-locale").flatMap(Self.nonEmpty))
  }

  /// The `content` of the first `<meta>` whose `property`, `name` or `itemprop` is `key`.
  func metaContent(_ key: String) -> String? {
    let meta = root.firstElement { element in
      element.isElement(named: "meta")
        && [element.attribute("property"), element.attribute("name"), element.attribute("itemprop")]
          .contains(key)
    }
    return meta?.attribute("content")?.collapsingWhitespace().nilIfEmpty
  }

  /// `text` resolved against the page URL, when that gives an http(s) URL.
  func resolvedWebURL(_ text: String) -> URL? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, let resolved = URL(string: trimmed, relativeTo: url)?.absoluteURL,
      let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https",
      resolved.host != nil
    else { return nil }
    return resolved
  }

  /// Drops " - Videos - Apple Developer" (or " - Apple Developer") and then an event name
  /// such as " - WWDC25" or " - Tech Talks" from a page title.
  static func strippingSiteSuffix(_ title: String) -> String {
    var result = title
    for suffix in [" - Videos - Apple Developer", " - Apple Developer"] where result.hasSuffix(suffix) {
      result.removeLast(suffix.count)
      break
    }
    if let separator = result.range(of: " - ", options: .backwards) {
      let event = result[separator.upperBound...]
      let isEvent =
        (event.hasPrefix("WWDC") && event.dropFirst(4).allSatisfy(\.isASCIIDigit))
        || ["Tech Talks", "Meet with Apple"].contains(event)
      if isEvent { result = String(result[..<separator.lowerBound]) }
    }
    return result
  }

  static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}

extension HTMLNode {
  /// Whether an element named in `names` encloses this node, below `container`.
  func hasAncestor(named names: Set<String>, below container: HTMLNode) -> Bool {
    var current = pointer.pointee.parent
    while let node = current, node != container.pointer {
      if names.contains(HTMLNode(pointer: node).name) { return true }
      current = node.pointee.parent
    }
    return false
  }
}

extension String {
  var nilIfEmpty: String? { isEmpty ? nil : self }
}
