/// Something a page contained that was read leniently or skipped; the page still decodes.
/// `path` is a JSON path such as `primaryContentSections[1].content[4]`.
public enum DocCWarning: Equatable, Sendable, CustomStringConvertible {
  /// A block `type` (or layout `kind`) this decoder does not know; its text is kept.
  case unknownBlock(type: String, path: String)
  /// An inline `type` this decoder does not know; its text is kept.
  case unknownInline(type: String, path: String)
  /// A `primaryContentSections` or tutorial `sections` kind read by a generic walk.
  case unknownSectionKind(kind: String, path: String)
  /// A `reference` whose identifier is not in `references`; its identifier is kept as text.
  case unresolvedReference(identifier: String, path: String)
  /// No `schemaVersion` at the top level; read as the newest supported version.
  case missingSchemaVersion
  /// Commas before `}` or `]` were removed (a leniency: swift-docc's own test
  /// fixtures contain them, though RFC 8259 does not allow them).
  case trailingCommasRemoved(count: Int)
  /// A UTF-8 byte order mark before the JSON was skipped (RFC 8259 §8.1 allows ignoring it).
  case byteOrderMarkSkipped

  public var description: String {
    switch self {
    case .unknownBlock(let type, let path): "\(path): unknown block type '\(type)'"
    case .unknownInline(let type, let path): "\(path): unknown inline type '\(type)'"
    case .unknownSectionKind(let kind, let path): "\(path): section kind '\(kind)' read generically"
    case .unresolvedReference(let identifier, let path):
      "\(path): reference '\(identifier)' not in references"
    case .missingSchemaVersion: "no schemaVersion"
    case .trailingCommasRemoved(let count): "\(count) trailing comma(s) removed"
    case .byteOrderMarkSkipped: "byte order mark skipped"
    }
  }
}
