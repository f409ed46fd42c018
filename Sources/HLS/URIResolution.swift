#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    guard let url = URL(string: percentEncoded(reference), relativeTo: base) else { return nil }
    return url.absoluteURL
  }

  /// `text` with every UTF-8 byte outside `allowed` written as `%XX`.
  static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Every character RFC 3986 allows in a URI reference, plus `%` for existing escapes.
  private static let allowed = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
}
