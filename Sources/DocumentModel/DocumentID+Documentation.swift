extension DocumentID {
  /// Path segments of a documentation page kept apart in its id; the rest share the last.
  static let documentationSegments = 3

  /// `doc/<path>` for the documentation page `/documentation/<path>`: `doc/uikit/uiviewcontroller`.
  ///
  /// The path is lower-cased (Apple's documentation URLs are). A segment that holds only
  /// `a-z 0-9 - _ .` and fits is kept as it is; any other segment (`getbytes(_:)`,
  /// `==(_:_:)`) keeps what it can and gains `-` and the first 8 hex digits of the SHA-256
  /// of the original, so that two pages never share an id: `getbytes-_-4c1f09a2`. Past
  /// three segments, the rest of the path is one last segment joined by `.`, with the same
  /// suffix. The `doc/` prefix keeps these ids apart from talks (`wwdc2024/…`) and HIG
  /// pages (`hig/…`).
  public static func documentation(path: String) throws(DocumentModelError) -> String {
    guard path.utf8.count <= maximumLength * 4 else {
      throw .invalidDocumentID(id: path, reason: "a documentation path longer than \(maximumLength * 4) bytes")
    }
    let parts = path.lowercased().split(separator: "/").map(String.init)
    guard !parts.isEmpty else { throw .invalidDocumentID(id: path, reason: "an empty documentation path") }
    var segments = Array(parts.prefix(documentationSegments))
    if parts.count > documentationSegments {
      segments[documentationSegments - 1] = parts[(documentationSegments - 1)...].joined(separator: "/")
    }
    let budget = (maximumLength - 4) / segments.count - 1
    let named = segments.map { segment(for: $0, budget: min(budget, maximumSegmentLength)) }
    return try validate((["doc"] + named).joined(separator: "/"))
  }

  /// One id segment for `raw`: itself when it is a valid segment within `budget`, else
  /// what `sanitizeSegment` keeps of it (shortened) with a hash of `raw`.
  private static func segment(for raw: String, budget: Int) -> String {
    if raw.utf8.count <= budget, !raw.contains("/"), isValid(raw) { return raw }
    var hasher = SHA256()
    hasher.update(raw)
    let suffix = String(SHA256.hex(hasher.finalize()).prefix(8))
    let kept = sanitizeSegment(Substring(raw.replacingOccurrencesOfSlash()))
    let room = max(0, budget - suffix.count - 1)
    var prefix = String(kept.prefix(room))
    while let last = prefix.last, last == "-" || last == "." { prefix.removeLast() }
    return prefix.isEmpty ? suffix : "\(prefix)-\(suffix)"
  }
}

extension String {
  fileprivate func replacingOccurrencesOfSlash() -> String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "/" ? "." : $0 }))
  }
}
