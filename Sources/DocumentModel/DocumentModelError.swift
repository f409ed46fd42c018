/// What the Normalize stage rejects. Merging and normalizing never fail (bad cues are
/// kept or counted in a report); only ids that are unsafe as file names are refused.
public enum DocumentModelError: Error, Sendable, Equatable {
  /// `id` cannot name a corpus file; `reason` says which rule it breaks.
  case invalidDocumentID(id: String, reason: String)
}

extension DocumentModelError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidDocumentID(let id, let reason):
      let shown = id.unicodeScalars.count > 80 ? String(id.unicodeScalars.prefix(80)) + "…" : id
      return "document id '\(shown)' is not usable: \(reason)"
    }
  }
}
