/// The HLS header `X-TIMESTAMP-MAP=MPEGTS:<ticks>,LOCAL:<timestamp>` (RFC 8216 §3.5):
/// which MPEG-TS presentation time (90 kHz ticks) the cue time `LOCAL` stands for.
/// The two fields may come in either order.
public struct TimestampMap: Sendable, Equatable {
  /// The whole header line as written.
  public var raw: String
  /// 90 kHz MPEG-TS ticks.
  public var mpegts: Int64
  public var localMilliseconds: Int

  public init(raw: String, mpegts: Int64, localMilliseconds: Int) {
    self.raw = raw
    self.mpegts = mpegts
    self.localMilliseconds = localMilliseconds
  }

  static let prefix = "X-TIMESTAMP-MAP="

  /// Parses a header line; `nil` when it lacks either field or a field is malformed.
  /// Surrounding spaces of each field are tolerated (a documented leniency).
  static func parse(line: String) -> TimestampMap? {
    guard line.hasPrefix(prefix) else { return nil }
    var mpegts: Int64?
    var local: Int?
    for field in line.dropFirst(prefix.count).split(separator: ",") {
      let trimmed = field.trimmingASCIIWhitespace()
      if trimmed.hasPrefix("MPEGTS:") {
        let digits = trimmed.dropFirst("MPEGTS:".count)
        guard !digits.isEmpty, digits.utf8.allSatisfy(\.isASCIIDigit), let value = Int64(digits)
        else { return nil }
        mpegts = value
      } else if trimmed.hasPrefix("LOCAL:") {
        guard let value = CueTime.milliseconds(String(trimmed.dropFirst("LOCAL:".count))) else {
          return nil
        }
        local = value
      }
    }
    guard let mpegts, let local else { return nil }
    return TimestampMap(raw: line, mpegts: mpegts, localMilliseconds: local)
  }
}

extension Substring {
  func trimmingASCIIWhitespace() -> Substring {
    var result = self
    while let first = result.utf8.first, first.isASCIIWhitespace { result = result.dropFirst() }
    while let last = result.utf8.last, last.isASCIIWhitespace { result = result.dropLast() }
    return result
  }
}
