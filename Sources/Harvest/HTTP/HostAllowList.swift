import Foundation

/// The hosts the client may contact. An entry is an exact host name or IP literal,
/// or `*.domain` for any subdomain of `domain` (not `domain` itself). Comparison
/// ignores case and a trailing dot.
public struct HostAllowList: Sendable, Hashable {
  public private(set) var entries: [String]

  public init(_ entries: [String]) { self.entries = entries.map(Self.canonical) }

  /// Apple's hosts for talk pages, playlists, segments and HIG JSON (APPLE-FORMATS.md).
  public static let apple = HostAllowList([
    "developer.apple.com",
    "devstreaming-cdn.apple.com",
    "events-delivery.apple.com",
    "docs-assets.developer.apple.com",
    "*.akamaized.net",
  ])

  /// Returns a copy that also allows `host` (as `--allow-host` does).
  public func adding(_ host: String) -> HostAllowList {
    HostAllowList(entries + [host])
  }

  public func allows(host: String) -> Bool {
    let host = Self.canonical(host)
    guard !host.isEmpty else { return false }
    return entries.contains { entry in
      if entry.hasPrefix("*.") {
        return host.hasSuffix(String(entry.dropFirst(1))) && host.count > entry.count - 1
      }
      return entry == host
    }
  }

  private static func canonical(_ host: String) -> String {
    var host = host.lowercased()
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    while host.hasSuffix(".") { host.removeLast() }
    return host
  }
}
