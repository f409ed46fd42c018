import Foundation

/// Resolves URI references against the playlist's own URL (RFC 8216 §4.1, RFC 3986 §5):
/// relative (`subtitles/eng/prog_index.m3u8`), absolute-path (`/media/subs.m3u8`),
/// scheme-relative (`//cdn.example/a.ts`) and absolute, keeping query strings.
enum URIResolution {
  /// nil when `reference` cannot be made a URI even after percent-encoding what RFC 3986
  /// does not allow (leniency: spaces and non-ASCII letters in URIs are encoded).
  static func resolve(_ reference: String, against base: URL) -> URL? {
    guard !reference.isEmpty else { return nil }
    if let url = URL(string: reference, relativeTo: base) {
      return url.absoluteURL
    }
    guard let encoded = reference.addingPercentEncoding(withAllowedCharacters: allowed),
      let url = URL(string: encoded, relativeTo: base)
    else { return nil }
    return url.absoluteURL
  }

  /// Every character RFC 3986 allows in a URI reference, plus `%` for existing escapes.
  private static let allowed = CharacterSet(
    charactersIn:
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
}
