import Foundation

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
    case is CocoaError, is POSIXError, is URLError: (error as NSError).localizedDescription
    case let error as any CustomStringConvertible: error.description
    default: (error as NSError).localizedDescription
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}
