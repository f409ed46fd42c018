import Foundation

/// Fetches URLs under one prefix from another: a local mirror of Apple's site (a saved
/// copy, or a fixture tree served on loopback). Documents keep the real URLs; only the
/// requests go to the mirror.
public struct SiteMirror: Sendable, Equatable {
  public struct Mapping: Sendable, Equatable {
    public let original: String
    public let mirror: String
  }

  public private(set) var mappings: [Mapping]

  public init(_ mappings: [Mapping] = []) {
    self.mappings = mappings
  }

  /// Reads `ORIGINAL=MIRROR` (`https://developer.apple.com=http://127.0.0.1:8080`).
  public static func mapping(parsing text: String) -> Mapping? {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let original = URL(string: parts[0]), original.host != nil,
      let mirror = URL(string: parts[1]), mirror.host != nil
    else { return nil }
    return Mapping(original: trimmed(parts[0]), mirror: trimmed(parts[1]))
  }

  /// The URL to request for a logical URL.
  public func requestURL(for url: String) -> String {
    for mapping in mappings where Self.hasPrefix(url, mapping.original) {
      return mapping.mirror + url.dropFirst(mapping.original.count)
    }
    return url
  }

  /// The logical URL of a URL that was requested (after redirects).
  public func logicalURL(for url: String) -> String {
    for mapping in mappings where Self.hasPrefix(url, mapping.mirror) {
      return mapping.original + url.dropFirst(mapping.mirror.count)
    }
    return url
  }

  private static func hasPrefix(_ url: String, _ prefix: String) -> Bool {
    guard url.hasPrefix(prefix) else { return false }
    let rest = url.dropFirst(prefix.count)
    return rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?")
  }

  private static func trimmed(_ text: String) -> String {
    var text = text
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }
}
