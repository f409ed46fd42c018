import AppleSite
import Foundation

/// The details supplement's links to documentation pages
/// (`<li class="supplement details"> … <ul class="links small"><li><a href="/documentation/…">`).
extension TalkPageReader {
  /// Links to `/documentation/<path>` on the page's own origin or on Apple's site, relative
  /// or absolute, in page order, each page once (paths compared case-insensitively), at
  /// most `DocumentationLink.maxCount`. Other hosts, other schemes and the documentation
  /// root are not documentation pages and are passed over.
  func documentationLinks() -> [DocumentationLink] {
    let details = root.elements { $0.hasClass("supplement") && $0.hasClass("details") }
    let pageOrigin = HIGURL.origin(of: url)
    var links: [DocumentationLink] = []
    var seen: Set<String> = []
    for supplement in details {
      for anchor in supplement.elements(where: { $0.isElement(named: "a") }) {
        guard links.count < DocumentationLink.maxCount else { return links }
        guard let href = anchor.attribute("href"), href.utf8.count <= 2048,
          let target = resolvedWebURL(href)
        else { continue }
        let origin = HIGURL.origin(of: target)
        guard origin == pageOrigin || origin == HIGURL.appleOrigin,
          let path = DocumentationURL.path(fromPageOrJSON: target),
          let pageURL = DocumentationURL.pageURL(forPath: path, origin: origin),
          seen.insert(pageURL.absoluteString.lowercased()).inserted
        else { continue }
        let text = anchor.collapsedText
        let title = text.isEmpty ? path : String(text.prefix(DocumentationLink.maxTitleLength))
        links.append(DocumentationLink(title: title, url: pageURL))
      }
    }
    return links
  }
}
