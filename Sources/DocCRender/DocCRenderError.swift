import Foundation

/// Why a DocC render JSON page could not be read. Every case names the page (`url`,
/// nil when the caller gave none) and where in it the problem is.
public enum DocCRenderError: Error, Equatable, Sendable {
  /// The body is empty or only whitespace.
  case empty(url: URL?)
  /// The page is larger than `DocCLimits.maximumByteCount`.
  case tooLarge(url: URL?, byteCount: Int, limit: Int)
  /// The body starts with `<`: an HTML page (an error page, a login wall) served where
  /// JSON was expected.
  case htmlInsteadOfJSON(url: URL?, prefix: String)
  /// A byte sequence that is not UTF-8 (RFC 8259 §8.1 requires UTF-8).
  case invalidUTF8(url: URL?, byteOffset: Int, line: Int)
  /// Arrays and objects nest deeper than `DocCLimits.maximumNestingDepth`.
  case nestingTooDeep(url: URL?, line: Int, limit: Int)
  /// The body ends inside a string, array or object.
  case truncated(url: URL?, line: Int, reason: String)
  /// Not JSON (RFC 8259) even after the documented trailing-comma leniency.
  case malformedJSON(url: URL?, reason: String)
  /// Well-formed JSON that is not a render node (no `primaryContentSections` or
  /// `sections`, or not an object).
  case notRenderJSON(url: URL?, reason: String)
  /// `schemaVersion.major` is one this decoder does not know.
  case unsupportedSchemaVersion(url: URL?, found: String, supportedMajors: ClosedRange<Int>)
}

extension DocCRenderError: CustomStringConvertible {
  /// The page the error is about, when the caller named one.
  public var url: URL? {
    switch self {
    case .empty(let url), .tooLarge(let url, _, _), .htmlInsteadOfJSON(let url, _), .invalidUTF8(let url, _, _),
      .nestingTooDeep(let url, _, _), .truncated(let url, _, _), .malformedJSON(let url, _),
      .notRenderJSON(let url, _), .unsupportedSchemaVersion(let url, _, _):
      url
    }
  }

  /// The 1-based line the error is about, when there is one.
  public var line: Int? {
    switch self {
    case .invalidUTF8(_, _, let line), .nestingTooDeep(_, let line, _), .truncated(_, let line, _): line
    default: nil
    }
  }

  /// What is wrong, in a few words, without the page's name.
  public var reason: String {
    switch self {
    case .empty: "empty body"
    case .tooLarge(_, let byteCount, let limit): "page is \(byteCount) bytes; the limit is \(limit)"
    case .htmlInsteadOfJSON(_, let prefix): "HTML where render JSON was expected ('\(prefix)')"
    case .invalidUTF8(_, let byteOffset, _): "invalid UTF-8 at byte \(byteOffset)"
    case .nestingTooDeep(_, _, let limit): "JSON nests deeper than \(limit) levels"
    case .truncated(_, _, let reason): "truncated JSON: \(reason)"
    case .malformedJSON(_, let reason): "malformed JSON: \(reason)"
    case .notRenderJSON(_, let reason): "not DocC render JSON: \(reason)"
    case .unsupportedSchemaVersion(_, let found, let supported):
      "schemaVersion \(found); this build reads major versions \(supported.lowerBound) to \(supported.upperBound)"
    }
  }

  /// `page:line: reason`.
  public var description: String {
    Self.name(url) + (line.map { ":\($0)" } ?? "") + ": " + reason
  }

  static func name(_ url: URL?) -> String { url?.absoluteString ?? "<render JSON>" }
}
