#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A few words for an error raised beneath this project (a JSON decoder, the file system),
/// for the `reason` of a typed error: never the Swift dump of an enum.
package enum ErrorReason {
  package static func of(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      "missing field '\(path(context.codingPath + [key]))'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "field '\(path(context.codingPath))' has the wrong type"
    case DecodingError.dataCorrupted(let context):
      context.codingPath.isEmpty ? "not valid JSON" : "field '\(path(context.codingPath))' is not valid"
    case is DecodingError: "not the expected JSON"
    case EncodingError.invalidValue(_, let context): "cannot encode '\(path(context.codingPath))'"
    case let error as CocoaError: words(error)
    case let error as POSIXError: systemWords(error.code.rawValue)
    case let error as any CustomStringConvertible: error.description
    default: "an error of type \(type(of: error))"
    }
  }

  /// What a file error says: the system's words for its underlying `errno` where it has
  /// one, else its code's.
  private static func words(_ error: CocoaError) -> String {
    if let underlying = error.underlying as? POSIXError { return systemWords(underlying.code.rawValue) }
    return switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: "no such file"
    case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
    case .fileWriteOutOfSpace: "no space left on the device"
    case .fileWriteFileExists: "the file already exists"
    case .fileReadTooLarge: "the file is too large"
    case .fileReadCorruptFile: "the file is damaged"
    case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: "not text in the expected encoding"
    case .fileReadInvalidFileName, .fileWriteInvalidFileName: "not a valid file name"
    case .fileWriteVolumeReadOnly: "the volume is read-only"
    case .fileLocking: "the file is locked"
    default: "file error \(error.code.rawValue)"
    }
  }

  /// `strerror`'s words for an `errno`.
  package static func systemWords(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "system error \(code)" }
    return String(cString: text)
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}
