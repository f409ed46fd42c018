import HTTPServing

/// The files `duo-kb serve` answers with outside /api/ and /mcp (the web page), built into
/// the binary. None yet: `/` answers 404.
enum ServeAssets {
  static let files: [StaticFile] = []
}
