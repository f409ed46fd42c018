/// One problem `duo-kb check` found: what it is about, what kind, and the detail.
public struct CheckFinding: Codable, Sendable, Equatable {
  public enum Kind: String, Codable, Sendable {
    /// Bytes that are not what was written: a checksum, size, header or structure.
    case damaged
    /// A file or an index that should be there and is not.
    case missing
    /// A file that cannot be read (a symbolic link, a folder in its place, a bad document).
    case unreadable
    /// The index was built from another state of the corpus.
    case stale
    /// The index and the corpus disagree about a document.
    case mismatch
    /// A corpus document the index build left out.
    case leftOut
  }

  /// The file (`postings.dki`, `CURRENT`) or document id (`tech-talks/111466`) concerned.
  public var subject: String
  public var kind: Kind
  public var detail: String

  public init(subject: String, kind: Kind, detail: String) {
    self.subject = subject
    self.kind = kind
    self.detail = detail
  }
}
