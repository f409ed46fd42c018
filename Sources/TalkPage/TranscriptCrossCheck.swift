/// Compares the page's transcript with the subtitle cues (the source of truth), and lists
/// where they disagree. Pure: no networking, no clock.
///
/// Apple's page times are the cue start rounded down to the second (see "WebVTT segments"
/// in the notes on Apple's formats), so a line agrees with a cue when the cue's text holds
/// the line's text and `floor(cue start)` is within `toleranceSeconds` of the line's time.
public struct TranscriptCrossCheck: Sendable {
  /// A subtitle cue as plain text (tags removed, entities decoded).
  public struct Cue: Sendable, Equatable {
    public var startMilliseconds: Int
    public var text: String

    public init(startMilliseconds: Int, text: String) {
      self.startMilliseconds = startMilliseconds
      self.text = text
    }
  }

  /// A transcript line that the cues do not confirm.
  public enum Disagreement: Sendable, Equatable {
    /// No cue within `searchWindowSeconds` of the line holds its text.
    case textNotFound(lineIndex: Int, line: TranscriptLine)
    /// The nearest cue holding the text starts (rounded down) more than
    /// `toleranceSeconds` away from the line.
    case timeDiffers(lineIndex: Int, line: TranscriptLine, cueStartMilliseconds: Int)
  }

  /// How far from a line's time a cue may start and still be compared with it.
  public var searchWindowSeconds: Int
  /// The largest difference between a line's time and its cue's start, rounded down.
  public var toleranceSeconds: Int

  public init(searchWindowSeconds: Int = 30, toleranceSeconds: Int = 1) {
    self.searchWindowSeconds = searchWindowSeconds
    self.toleranceSeconds = toleranceSeconds
  }

  /// The disagreements, in transcript order; empty when every line is confirmed.
  /// Texts are compared with whitespace collapsed; `cues` may come in any order.
  public func disagreements(lines: [TranscriptLine], cues: [Cue]) -> [Disagreement] {
    // Times beyond ±10^15 ms (31,000 years) are clamped, so that no arithmetic overflows.
    let limit = 1_000_000_000_000_000
    let sorted = cues.map { cue in
      Cue(
        startMilliseconds: min(max(cue.startMilliseconds, -limit), limit),
        text: cue.text.collapsingWhitespace())
    }
    .sorted { $0.startMilliseconds < $1.startMilliseconds }
    var result: [Disagreement] = []
    for (index, line) in lines.enumerated() {
      let text = line.text.collapsingWhitespace()
      let lineMilliseconds = Self.milliseconds(line.startSeconds)
      let window = Int64(searchWindowSeconds) * 1000
      let low = lineMilliseconds - window
      let high = lineMilliseconds + window
      var best: Cue?
      var bestDistance = Int64.max
      var position = firstIndex(in: sorted, notBefore: low)
      while position < sorted.count, Int64(sorted[position].startMilliseconds) <= high {
        let cue = sorted[position]
        position += 1
        guard !text.isEmpty, cue.text.contains(text) else { continue }
        let distance = abs(Int64(Self.wholeSeconds(cue.startMilliseconds)) * 1000 - lineMilliseconds)
        if distance < bestDistance {
          best = cue
          bestDistance = distance
        }
      }
      guard let best else {
        result.append(.textNotFound(lineIndex: index, line: line))
        continue
      }
      if bestDistance > Int64(toleranceSeconds) * 1000 {
        result.append(
          .timeDiffers(lineIndex: index, line: line, cueStartMilliseconds: best.startMilliseconds))
      }
    }
    return result
  }

  /// The first position whose cue starts at or after `milliseconds` (binary search).
  private func firstIndex(in cues: [Cue], notBefore milliseconds: Int64) -> Int {
    var low = 0
    var high = cues.count
    while low < high {
      let middle = (low + high) / 2
      if Int64(cues[middle].startMilliseconds) < milliseconds { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// A cue start rounded down to the second (floor, also for negative times).
  static func wholeSeconds(_ milliseconds: Int) -> Int {
    milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
  }

  /// Line seconds as milliseconds, clamped to a range where arithmetic cannot overflow.
  static func milliseconds(_ seconds: Double) -> Int64 {
    guard seconds.isFinite else { return 0 }
    return Int64((min(max(seconds, -1e12), 1e12) * 1000).rounded(.down))
  }
}
