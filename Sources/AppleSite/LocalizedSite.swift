#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Apple's developer site in other languages: the same talk pages under a locale folder,
/// `/jp/videos/play/wwdc2024/10173/` (Japanese), `/kr/…` (Korean), `/cn/…` (Chinese,
/// simplified script). Other languages have no localized pages: their documents link to
/// the English page.
public enum LocalizedSite {
  /// Locale folder and the BCP 47 tag of the documents it serves.
  static let folders: [(folder: String, language: String)] = [("jp", "ja"), ("kr", "ko"), ("cn", "zh-Hans")]

  /// `jp` for `ja`, `kr` for `ko`, `cn` for `zh-Hans` (and a bare `zh`); nil otherwise.
  public static func folder(forLanguage tag: String) -> String? {
    let lowered = tag.lowercased()
    let wanted = lowered == "zh" ? "zh-hans" : lowered
    return folders.first { $0.language.lowercased() == wanted }?.folder
  }

  /// `ja` for `jp`, `ko` for `kr`, `zh-Hans` for `cn`; nil for any other folder.
  public static func language(forFolder folder: String) -> String? {
    folders.first { $0.folder == folder.lowercased() }?.language
  }

  /// The talk page `page` (`…/videos/play/…`, with or without a locale folder) in the
  /// locale of `language`: its folder put in front of `/videos/`, or removed for a
  /// language without one. Nil when `page` is not under `/videos/`.
  public static func talkPage(_ page: URL, language: String) -> URL? {
    guard var components = URLComponents(url: page, resolvingAgainstBaseURL: true) else { return nil }
    var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    guard let videos = segments.firstIndex(where: { $0.lowercased() == "videos" }), videos >= 1,
      segments[0].isEmpty, videos <= 2
    else { return nil }
    segments.removeSubrange(1..<videos)
    if let folder = folder(forLanguage: language) { segments.insert(folder, at: 1) }
    components.percentEncodedPath = segments.joined(separator: "/")
    components.query = nil
    components.fragment = nil
    return components.url
  }
}
