#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Talk page URLs: `https://developer.apple.com[/<locale>]/videos/play/<collection>/<id>/`.
///
/// The host is not checked, so that a fixture site on a loopback address works the same;
/// the harvester's host allow-list decides which hosts are fetched.
public enum TalkURL {
  /// `collection/id` (`tech-talks/111466`, `wwdc2024/10173`), or nil when the URL is not a
  /// talk page.
  ///
  /// Safe as a relative file path whatever the URL holds: both segments are percent-decoded
  /// one at a time, lowercased, and must be `[a-z0-9-]` (the collection starting with a
  /// letter, the id all digits), so `..`, `/`, `%2F` and the like are refused. A query, a
  /// fragment and a trailing slash are ignored.
  public static func documentID(for url: URL) -> String? {
    guard let path = talkPath(of: url) else { return nil }
    return "\(path.collection)/\(path.id)"
  }

  /// Whether `url` is an http(s) URL with a talk page path.
  public static func isTalkPage(_ url: URL) -> Bool {
    talkPath(of: url) != nil
  }

  /// The parts of a talk page path.
  public struct TalkPath: Equatable, Sendable {
    public var locale: String?
    public var collection: String
    public var id: String
  }

  /// Reads `[/<locale>]/videos/play/<collection>/<id>[/]`; the locale is one segment like
  /// `jp`, `kr`, `cn` or `zh-cn`.
  public static func talkPath(of url: URL) -> TalkPath? {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return nil }
    var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    // A leading "/" gives an empty first segment, a trailing "/" an empty last one.
    guard segments.first == "" else { return nil }
    segments.removeFirst()
    if segments.last == "" { segments.removeLast() }
    var decoded: [String] = []
    for segment in segments {
      guard let text = PercentDecoding.decode(segment)?.lowercased() else { return nil }
      decoded.append(text)
    }
    var locale: String?
    if decoded.count == 5 {
      guard isLocale(decoded[0]) else { return nil }
      locale = decoded.removeFirst()
    }
    guard decoded.count == 4, decoded[0] == "videos", decoded[1] == "play",
      isCollection(decoded[2]), isTalkID(decoded[3])
    else { return nil }
    return TalkPath(locale: locale, collection: decoded[2], id: decoded[3])
  }

  private static func isCollection(_ text: String) -> Bool {
    guard (1...64).contains(text.utf8.count), let first = text.utf8.first,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
    else { return false }
    return text.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
  }

  /// Apple's ids are 3 to 6 digits; up to 12 are accepted.
  private static func isTalkID(_ text: String) -> Bool {
    (1...12).contains(text.utf8.count) && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  private static func isLocale(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    return parts.allSatisfy { part in
      (2...4).contains(part.count)
        && part.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }
  }
}
