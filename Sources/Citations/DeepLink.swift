import Foundation

/// Links to a moment of a talk (`?time=SECONDS`, as Apple's own chapter links) or to a
/// section of a HIG page (`#anchor`).
public enum DeepLink {
  public static func talk(page: String, milliseconds: Int) -> String {
    let seconds = max(0, milliseconds) / 1000
    guard var components = URLComponents(string: page), components.host != nil else {
      return page.isEmpty ? "" : "\(page)?time=\(seconds)"
    }
    components.fragment = nil
    components.queryItems = [URLQueryItem(name: "time", value: String(seconds))]
    return components.string ?? page
  }

  public static func section(page: String, anchor: String?) -> String {
    guard let anchor, !anchor.isEmpty else { return page }
    var base = page
    if let hash = base.firstIndex(of: "#") { base = String(base[..<hash]) }
    return "\(base)#\(anchor)"
  }
}
