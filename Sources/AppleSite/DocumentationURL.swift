#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The two URL forms of a page of Apple's developer documentation and its DocC identifier:
///
/// - page: `https://developer.apple.com/documentation/<path>` (`uikit/uiviewcontroller`)
/// - render JSON: `https://developer.apple.com/tutorials/data/documentation/<path>.json`
/// - identifier: `doc://com.apple.uikit/documentation/UIKit/UIViewController` (any bundle;
///   its case differs from the URL's, so paths are compared case-insensitively)
///
/// The path is one or more segments (`getbytes(_:)`, `==(_:_:)`: anything but `/`, `#`, `?`,
/// `\`, spaces and control characters; no segment `.` or `..`). As for HIG pages the host
/// is not checked: the harvester's allow-list decides which hosts are fetched, and the two
/// forms of a page keep its scheme, host and port.
public enum DocumentationURL {
  static let pagePath = "/documentation"
  static let jsonPath = "/tutorials/data/documentation"

  /// The path of a page URL or render JSON URL (http or https, any host), as the URL gives
  /// it (percent escapes decoded); nil for any other URL and for the documentation root.
  public static func path(fromPageOrJSON url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
      url.host?.isEmpty == false
    else { return nil }
    var path = url.path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    if let rest = remainder(of: path, after: jsonPath) {
      guard rest.lowercased().hasSuffix(".json") else { return nil }
      return validPath(String(rest.dropLast(5)))
    }
    return remainder(of: path, after: pagePath).flatMap(validPath)
  }

  /// The path of a `doc://<bundle>/documentation/<path>` identifier, or of a site-relative
  /// reference `url` (`/documentation/uikit/uiview`); the fragment is dropped.
  public static func path(fromIdentifier identifier: String) -> String? {
    var text = identifier
    if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
    if text.hasPrefix("doc://") {
      let afterScheme = text.dropFirst("doc://".count)
      guard let slash = afterScheme.firstIndex(of: "/") else { return nil }
      text = String(afterScheme[slash...])
    }
    guard text.hasPrefix("/") else { return nil }
    return remainder(of: text, after: pagePath).flatMap(validPath)
  }

  public static func jsonURL(forPath path: String, origin: String = HIGURL.appleOrigin) -> URL? {
    URL(string: "\(origin)\(jsonPath)/\(escaped(path.lowercased())).json")
  }

  public static func pageURL(forPath path: String, origin: String = HIGURL.appleOrigin) -> URL? {
    URL(string: "\(origin)\(pagePath)/\(escaped(path.lowercased()))")
  }

  /// The render JSON URL of a page URL (or a JSON URL, in canonical form), on its origin.
  public static func jsonURL(forPage url: URL) -> URL? {
    path(fromPageOrJSON: url).flatMap { jsonURL(forPath: $0, origin: HIGURL.origin(of: url)) }
  }

  /// The page URL of a render JSON URL (or a page URL, in canonical form), on its origin.
  public static func pageURL(forJSON url: URL) -> URL? {
    path(fromPageOrJSON: url).flatMap { pageURL(forPath: $0, origin: HIGURL.origin(of: url)) }
  }

  /// Whether a page's `identifier.url` names the page at `url` (a redirect serves another
  /// page's identifier).
  public static func identifier(_ identifier: String, matches url: URL) -> Bool {
    guard let expected = path(fromPageOrJSON: url), let found = path(fromIdentifier: identifier) else {
      return false
    }
    return expected.lowercased() == found.lowercased()
  }

  /// The path percent-escaped where a URL needs it (`(`, `)`, `:` stay as Apple writes them).
  static func escaped(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      let isKept =
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
        || "-._~/()!*'$&+,:=@".utf8.contains(byte)
      if isKept {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func remainder(of text: String, after prefix: String) -> String? {
    guard text.utf8.count > prefix.utf8.count, text.lowercased().hasPrefix(prefix + "/") else { return nil }
    return String(text.dropFirst(prefix.count + 1))
  }

  private static func validPath(_ path: String) -> String? {
    guard !path.isEmpty, path.utf8.count <= 1024 else { return nil }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
      guard !segment.isEmpty, segment != ".", segment != "..", !segment.hasPrefix("."),
        segment.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"#?\\".unicodeScalars.contains($0) })
      else { return nil }
    }
    return path
  }
}
