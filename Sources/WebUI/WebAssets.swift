/// One file of the page that `duo-kb serve` answers at `/`: where it is served, its media
/// type and its bytes. The files live in `Assets/` (plain HTML, CSS and JavaScript, no build
/// step); `scripts/gen-web-assets` copies them into the binary as `WebAssets+Files.swift`.
public struct WebAsset: Sendable, Equatable {
  /// The request path it answers (`/` for the page itself).
  public var path: String
  /// The `Content-Type` header value, with the charset for text.
  public var contentType: String
  public var bytes: [UInt8]
}

/// The page's files, as the server's static-file table takes them.
public enum WebAssets {
  public static let all: [WebAsset] = files.map { file in
    WebAsset(path: path(ofFile: file.name), contentType: contentType(ofFile: file.name), bytes: Array(file.text.utf8))
  }

  /// The asset served at `path`, if any.
  public static func asset(at path: String) -> WebAsset? { all.first { $0.path == path } }

  /// The file name in `Assets/` a path is served from: `index.html` at `/`, others by name.
  static func path(ofFile name: String) -> String { name == "index.html" ? "/" : "/" + name }

  /// Media types by extension (RFC 9239 for JavaScript); text is always UTF-8.
  static func contentType(ofFile name: String) -> String {
    switch name.split(separator: ".").last {
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    case "json": "application/json"
    default: "application/octet-stream"
    }
  }

  /// A Content-Security-Policy the page keeps to: its own scripts, styles and API only, no
  /// inline script or style, no frames. A server may send it with every asset.
  public static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
