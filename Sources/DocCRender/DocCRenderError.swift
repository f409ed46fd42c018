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
  public var description: String {
    switch self {
    case .empty(let url): "\(Self.name(url)): empty body"
    case .tooLarge(let url, let byteCount, let limit):
      "\(Self.name(url)): page is \(byteCount) bytes; the limit is \(limit)"
    case .htmlInsteadOfJSON(let url, let prefix):
      "\(Self.name(url)): HTML where render JSON was expected ('\(prefix)')"
    case .invalidUTF8(let url, let byteOffset, let line):
      "\(Self.name(url)):\(line): invalid UTF-8 at byte \(byteOffset)"
    case .nestingTooDeep(let url, let line, let limit):
      "\(Self.name(url)):\(line): JSON nests deeper than \(limit) levels"
    case .truncated(let url, let line, let reason):
      "\(Self.name(url)):\(line): truncated JSON: \(reason)"
    case .malformedJSON(let url, let reason): "\(Self.name(url)): malformed JSON: \(reason)"
    case .notRenderJSON(let url, let reason): "\(Self.name(url)): not DocC render JSON: \(reason)"
    case .unsupportedSchemaVersion(let url, let found, let supported):
      "\(Self.name(url)): schemaVersion \(found); this build reads major versions "
        + "\(supported.lowerBound) to \(supported.upperBound)"
    }
  }

  static func name(_ url: URL?) -> String { url?.absoluteString ?? "<render JSON>" }
}
