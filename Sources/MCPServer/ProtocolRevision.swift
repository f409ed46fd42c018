/// The MCP protocol revisions this server speaks.
///
/// `2026-07-28` is stateless ("modern"): every request names its revision in
/// `_meta["io.modelcontextprotocol/protocolVersion"]` and there is no handshake (2026-07-28
/// basic/versioning). The earlier ("legacy") revisions open with `initialize`, which picks
/// one revision for the whole stdio process (2025-11-25 basic/lifecycle). A server may serve
/// both eras on one process (2026-07-28 basic/versioning, "Dual-era").
public enum ProtocolRevision {
  public static let modern = ["2026-07-28"]
  /// Newest first: an `initialize` asking for another revision gets the first.
  public static let legacy = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
  public static var all: [String] { modern + legacy }

  /// The `_meta` keys of 2026-07-28 basic/index, "Per-request protocol fields".
  static let versionKey = "io.modelcontextprotocol/protocolVersion"
  static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

  /// The revision an `initialize` settles on: the client's when served, else our latest
  /// legacy one (2025-11-25 basic/lifecycle, "Version Negotiation").
  static func negotiate(requested: String?) -> String {
    if let requested, legacy.contains(requested) { return requested }
    return legacy[0]
  }

  /// JSON-RPC batches: only 2025-03-26 allowed them (2025-06-18 changelog removed them).
  static func allowsBatches(_ revision: String?) -> Bool { revision == "2025-03-26" }

  /// Tool results carry `structuredContent` and tools an `outputSchema` from 2025-06-18 on.
  static func hasStructuredContent(_ revision: String) -> Bool {
    revision != "2025-03-26" && revision != "2024-11-05"
  }
}
