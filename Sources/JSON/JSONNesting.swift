#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How deep a JSON text nests arrays and objects, checked in one pass over its bytes before
/// any decoder sees them: a decoder's cost (and stack) grows with depth, and no message or
/// file this program reads nests deeper than a few levels. Brackets inside strings do not
/// count; an escaped quote does not end a string. Nothing else is checked here: what passes
/// is still decoded, and decoding finds what is malformed.
public enum JSONNesting {
  /// Arrays and objects inside one another, at most; what this program reads nests less
  /// than ten deep.
  public static let defaultLimit = 64

  /// Throws `.nestedTooDeep` at the first bracket that opens level `limit + 1`.
  public static func check(_ bytes: UnsafeRawBufferPointer, limit: Int = defaultLimit) throws(JSONScanError) {
    var depth = 0
    var inString = false
    var escaped = false
    for offset in 0..<bytes.count {
      let byte = bytes[offset]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > limit { throw .nestedTooDeep(offset: offset, limit: limit) }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
      default:
        break
      }
    }
  }

  public static func check(_ data: Data, limit: Int = defaultLimit) throws(JSONScanError) {
    let outcome: Result<Void, JSONScanError> = data.withUnsafeBytes { bytes in
      do throws(JSONScanError) {
        try check(bytes, limit: limit)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try outcome.get()
  }
}
