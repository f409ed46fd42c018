import HTTPServing
import WebUI

/// The files `duo-kb serve` answers with outside /api/ and /mcp: the web page, built into
/// the binary (Sources/WebUI).
enum ServeAssets {
  static let files: [StaticFile] = WebAssets.all.map {
    StaticFile(path: $0.path, contentType: $0.contentType, bytes: $0.bytes)
  }
}
