/// What goes wrong in the JSON module: a text whose structure `JSONMembers` or `JSONParser`
/// could not walk, or that nests too deep (`JSONNesting`).
public enum JSONScanError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The scan stopped at byte `offset`, where it expected `expected`.
  case malformed(offset: Int, expected: String)
  /// The bracket at byte `offset` opens an array or object deeper than `limit` levels.
  case nestedTooDeep(offset: Int, limit: Int)
  /// A string holds bytes that are not UTF-8 or a lone surrogate escape.
  case notUTF8(offset: Int)

  public var description: String {
    switch self {
    case .malformed(let offset, let expected): "expected \(expected) at byte \(offset)"
    case .nestedTooDeep(let offset, let limit):
      "arrays and objects nested deeper than \(limit) (at byte \(offset))"
    case .notUTF8(let offset): "a string that is not UTF-8 at byte \(offset)"
    }
  }
}
