#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Links to a moment of a talk (`?time=SECONDS`, as Apple's own chapter links) or to a
/// section of a HIG page (`#anchor`).
public enum DeepLink {
  /// The page at a moment of the talk: `page` with its query replaced by `time=<seconds>`
  /// and no fragment, the form Apple's own chapter and code links use. Negative seconds
  /// count as 0.
  public static func talk(page: URL, seconds: Int) -> URL {
    guard var components = URLComponents(url: page, resolvingAgainstBaseURL: true) else {
      return page
    }
    components.fragment = nil
    components.queryItems = [URLQueryItem(name: "time", value: String(max(0, seconds)))]
    return components.url ?? page
  }

  /// The same for a page given as text, at a time in milliseconds (whole seconds, rounded
  /// down); a page that is not an absolute URL gets `?time=` appended.
  public static func talk(page: String, milliseconds: Int) -> String {
    let seconds = max(0, milliseconds) / 1000
    guard let url = URL(string: page), url.host != nil else {
      return page.isEmpty ? "" : "\(page)?time=\(seconds)"
    }
    return talk(page: url, seconds: seconds).absoluteString
  }

  /// `page` with its fragment replaced by `anchor`; the page itself when there is none.
  public static func section(page: String, anchor: String?) -> String {
    guard let anchor, !anchor.isEmpty else { return page }
    var base = page
    if let hash = base.firstIndex(of: "#") { base = String(base[..<hash]) }
    return "\(base)#\(anchor)"
  }
}
