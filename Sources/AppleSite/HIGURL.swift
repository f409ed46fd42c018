#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The two URL forms of a Human Interface Guidelines page and its DocC identifier:
///
/// - page: `https://developer.apple.com/design/human-interface-guidelines/<slug>`
/// - render JSON: `https://developer.apple.com/tutorials/data/design/human-interface-guidelines/<slug>.json`
/// - identifier: `doc://com.apple.HIG/design/Human-Interface-Guidelines/<slug>` (its case
///   differs from the public URL, so prefixes are compared case-insensitively)
///
/// The slug may be empty: the HIG root page.
///
/// As for talk pages, the host is not checked (a mirror, or a host added with
/// `--allow-host`, serves the same paths); the harvester's host allow-list decides which
/// hosts are fetched, and the two forms of a page keep its scheme, host and port.
public enum HIGURL {
  public static let host = "developer.apple.com"
  static let pagePath = "/design/human-interface-guidelines"
  static let jsonPath = "/tutorials/data/design/human-interface-guidelines"
  static let identifierPrefix = "doc://com.apple.HIG/design/Human-Interface-Guidelines"

  /// The render JSON URL for a page URL (or a JSON URL, returned in canonical form), on
  /// the same origin.
  public static func jsonURL(forPage url: URL) -> URL? {
    guard let slug = slug(fromPageOrJSON: url) else { return nil }
    return jsonURL(forSlug: slug, origin: origin(of: url))
  }

  /// The page URL for a render JSON URL (or a page URL, returned in canonical form), on
  /// the same origin.
  public static func pageURL(forJSON url: URL) -> URL? {
    guard let slug = slug(fromPageOrJSON: url) else { return nil }
    return pageURL(forSlug: slug, origin: origin(of: url))
  }

  /// Apple's origin, where pages are known by slug alone.
  public static let appleOrigin = "https://\(host)"

  public static func jsonURL(forSlug slug: String, origin: String = appleOrigin) -> URL? {
    URL(string: "\(origin)\(jsonPath)\(slug.isEmpty ? "" : "/" + slug).json")
  }

  public static func pageURL(forSlug slug: String, origin: String = appleOrigin) -> URL? {
    URL(string: "\(origin)\(pagePath)\(slug.isEmpty ? "" : "/" + slug)")
  }

  /// `scheme://host[:port]`, lowercased; Apple's own host always over https.
  public static func origin(of url: URL) -> String {
    let host = url.host?.lowercased() ?? Self.host
    if host == Self.host { return appleOrigin }
    let scheme = url.scheme?.lowercased() ?? "https"
    let port = url.port.map { ":\($0)" } ?? ""
    let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return "\(scheme)://\(bracketed)\(port)"
  }

  /// The slug of a page URL or render JSON URL (http or https, any host: see above);
  /// query and fragment are ignored, a trailing slash is allowed. Nil for any other URL.
  public static func slug(fromPageOrJSON url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
      url.host?.isEmpty == false
    else { return nil }
    var path = url.path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    if let rest = remainder(of: path, after: jsonPath) {
      if rest.isEmpty { return nil }
      guard rest.hasSuffix(".json") else { return nil }
      return validSlug(String(rest.dropLast(5)))
    }
    return remainder(of: path, after: pagePath).flatMap(validSlug)
  }

  /// The slug of a `doc://com.apple.HIG/design/Human-Interface-Guidelines/<slug>` identifier,
  /// or of a site-relative reference `url` (`/design/human-interface-guidelines/<slug>`).
  public static func slug(fromIdentifier identifier: String) -> String? {
    let trimmed =
      identifier.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? identifier
    if let rest = remainder(of: trimmed, after: identifierPrefix) { return validSlug(rest) }
    if trimmed.hasPrefix("/") { return remainder(of: trimmed, after: pagePath).flatMap(validSlug) }
    return nil
  }

  /// Whether a page's `identifier.url` names the page at `url` (a redirect serves
  /// another page's identifier).
  public static func identifier(_ identifier: String, matches url: URL) -> Bool {
    guard let expected = slug(fromPageOrJSON: url), let found = slug(fromIdentifier: identifier)
    else { return false }
    return expected.lowercased() == found.lowercased()
  }

  /// `text` after `prefix` (case-insensitive), as "" for an exact match or the part after
  /// a following "/"; nil when `text` does not start with `prefix` as a whole path.
  private static func remainder(of text: String, after prefix: String) -> String? {
    guard text.count >= prefix.count,
      text.prefix(prefix.count).lowercased() == prefix.lowercased()
    else { return nil }
    let rest = text.dropFirst(prefix.count)
    if rest.isEmpty { return "" }
    if rest.hasPrefix(".json") { return String(rest) }
    guard rest.hasPrefix("/") else { return nil }
    return String(rest.dropFirst())
  }

  /// A slug is path segments of letters, digits, `-`, `_` and `.`, none empty or starting with `.`.
  private static func validSlug(_ slug: String) -> String? {
    if slug.isEmpty { return slug }
    let segments = slug.split(separator: "/", omittingEmptySubsequences: false)
    for segment in segments {
      guard !segment.isEmpty, !segment.hasPrefix("."),
        segment.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
      else { return nil }
    }
    return slug
  }
}
