/// Why a WebVTT file was rejected as a whole.
///
/// Only a bad signature (W3C WebVTT §6.1 steps 4–6) rejects a file by the spec; the
/// other cases are this parser's documented limits (see ``WebVTTLimits``). Invalid
/// UTF-8 is not an error: the spec decodes with replacement characters (§6.1, "UTF-8
/// decode"), and the parser reports it as ``WebVTTWarning/invalidUTF8(line:)``.
public enum WebVTTError: Error, Sendable, Equatable {
  /// The file does not start with `WEBVTT` followed by a space, a tab, a line end or
  /// the end of the file (after an optional byte order mark). `found` is the start of
  /// the first line, at most 40 characters.
  case missingSignature(line: Int, found: String)
  /// The input is larger than ``WebVTTLimits/maxInputBytes``.
  case inputTooLarge(bytes: Int, limit: Int)
  /// The file has more cues than ``WebVTTLimits/maxCues``; `line` is where the first
  /// cue over the limit starts.
  case tooManyCues(line: Int, limit: Int)
}

extension WebVTTError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .missingSignature(let line, let found):
      "line \(line): not a WebVTT file: expected 'WEBVTT', found '\(found)'"
    case .inputTooLarge(let bytes, let limit):
      "input is \(bytes) bytes, over the limit of \(limit)"
    case .tooManyCues(let line, let limit):
      "line \(line): more than \(limit) cues"
    }
  }
}
