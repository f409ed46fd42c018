/// What the WebVTT parser algorithm (W3C WebVTT §6.1) makes of one file or HLS segment.
public struct WebVTTFile: Sendable, Equatable {
  /// In file order.
  public var cues: [Cue]
  /// The HLS `X-TIMESTAMP-MAP` header, when the header has one.
  public var timestampMap: TimestampMap?
  /// Regions from `REGION` blocks; of several with one id, the last declared wins.
  public var regions: [Region]
  /// The raw text of each `STYLE` block before the first cue (later ones don't count).
  public var styleSheets: [String]
  /// What the parser skipped or repaired, in file order; at most
  /// ``WebVTTWarning/maxRecorded`` then one ``WebVTTWarning/moreWarnings(count:)``.
  public var warnings: [WebVTTWarning]

  public init(
    cues: [Cue] = [], timestampMap: TimestampMap? = nil, regions: [Region] = [],
    styleSheets: [String] = [], warnings: [WebVTTWarning] = []
  ) {
    self.cues = cues
    self.timestampMap = timestampMap
    self.regions = regions
    self.styleSheets = styleSheets
    self.warnings = warnings
  }
}

/// Something the parser skipped or repaired; none of these rejects the file.
public enum WebVTTWarning: Sendable, Equatable {
  /// Bytes that are not UTF-8 were decoded as U+FFFD, as the spec's UTF-8 decode does;
  /// `line` is the first line with one.
  case invalidUTF8(line: Int)
  /// NUL characters were replaced by U+FFFD (§6.1 step 1); `line` is the first.
  case nullCharacters(line: Int, count: Int)
  /// A line with `-->` where a timing line may stand is not a valid one, so no cue
  /// starts there (§6.3). `text` is the line, cut at 80 characters.
  case invalidTimingLine(line: Int, text: String)
  /// An `X-TIMESTAMP-MAP` header line that lacks a field or has a malformed one.
  case invalidTimestampMap(line: Int, text: String)
  /// A `STYLE` or `REGION` block after the first cue is not one (§6.1): ignored.
  case blockAfterFirstCue(line: Int, kind: String)
  /// Further warnings were dropped to bound memory.
  case moreWarnings(count: Int)

  /// Warnings kept per file before ``moreWarnings(count:)``.
  public static let maxRecorded = 1000
}

extension WebVTTWarning: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidUTF8(let line):
      "line \(line): bytes that are not UTF-8 were read as U+FFFD"
    case .nullCharacters(let line, let count):
      "line \(line): \(count) NUL character\(count == 1 ? "" : "s") read as U+FFFD"
    case .invalidTimingLine(let line, let text):
      "line \(line): not a valid cue timing line, no cue starts here: '\(text)'"
    case .invalidTimestampMap(let line, let text):
      "line \(line): malformed X-TIMESTAMP-MAP, ignored: '\(text)'"
    case .blockAfterFirstCue(let line, let kind):
      "line \(line): \(kind) block after the first cue, ignored"
    case .moreWarnings(let count):
      "\(count) more warning\(count == 1 ? "" : "s") not listed"
    }
  }
}
