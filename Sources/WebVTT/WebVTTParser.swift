import Foundation

/// Reads one WebVTT file or HLS subtitle segment by the W3C WebVTT parser algorithm
/// (§6.1): the signature, the header (where the HLS `X-TIMESTAMP-MAP` is), then blocks
/// — cues, `STYLE` and `REGION` blocks, and anything else (`NOTE` comments included),
/// which the algorithm drops. Only a bad signature rejects a file; what is skipped
/// is listed in ``WebVTTFile/warnings``.
public struct WebVTTParser: Sendable {
  public let limits: WebVTTLimits

  public init(limits: WebVTTLimits = .default) {
    self.limits = limits
  }

  /// Parses bytes; invalid UTF-8 decodes to U+FFFD as the spec says (with a warning).
  public func parse(_ data: Data) throws(WebVTTError) -> WebVTTFile {
    guard data.count <= limits.maxInputBytes else {
      throw .inputTooLarge(bytes: data.count, limit: limits.maxInputBytes)
    }
    return try parse(WebVTTInput(utf8: [UInt8](data), isKnownValid: false))
  }

  public func parse(_ text: String) throws(WebVTTError) -> WebVTTFile {
    let byteCount = text.utf8.count
    guard byteCount <= limits.maxInputBytes else {
      throw .inputTooLarge(bytes: byteCount, limit: limits.maxInputBytes)
    }
    return try parse(WebVTTInput(utf8: Array(text.utf8), isKnownValid: true))
  }

  private func parse(_ input: WebVTTInput) throws(WebVTTError) -> WebVTTFile {
    var reader = WebVTTBlockReader(bytes: input.bytes, maxCues: limits.maxCues)
    for warning in input.warnings { reader.warn(warning) }
    try reader.readFile()
    return reader.file
  }
}
