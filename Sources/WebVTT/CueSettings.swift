/// The settings of one cue (W3C WebVTT §3.3 and §6.3), with the spec's defaults.
public struct CueSettings: Sendable, Equatable {
  /// `vertical:` — the writing direction.
  public enum WritingDirection: String, Sendable, Equatable {
    case horizontal = ""
    case verticalGrowingLeft = "rl"
    case verticalGrowingRight = "lr"
  }

  /// The alignment part of `line:N,ALIGN`.
  public enum LineAlignment: String, Sendable, Equatable {
    case start, center, end
  }

  /// The alignment part of `position:N%,ALIGN`.
  public enum PositionAlignment: String, Sendable, Equatable {
    case auto
    case lineLeft = "line-left"
    case center
    case lineRight = "line-right"
  }

  /// `align:` — text alignment. The old draft's `middle` is not a value (it is
  /// ignored, which leaves the default, `center`).
  public enum TextAlignment: String, Sendable, Equatable {
    case start, center, end, left, right
  }

  /// The identifier of the region the cue is in: set only when a `REGION` block
  /// declared that id, and cleared by `vertical`, `line` and `size` as §6.3 says.
  public var regionID: String?
  public var writingDirection: WritingDirection
  /// `nil` is `auto`; a line number when ``snapToLines``, else a percentage.
  public var line: Double?
  public var snapToLines: Bool
  public var lineAlignment: LineAlignment
  /// `nil` is `auto`; else a percentage.
  public var position: Double?
  public var positionAlignment: PositionAlignment
  /// A percentage.
  public var size: Double
  public var textAlignment: TextAlignment

  public init(
    regionID: String? = nil, writingDirection: WritingDirection = .horizontal,
    line: Double? = nil, snapToLines: Bool = true, lineAlignment: LineAlignment = .start,
    position: Double? = nil, positionAlignment: PositionAlignment = .auto, size: Double = 100,
    textAlignment: TextAlignment = .center
  ) {
    self.regionID = regionID
    self.writingDirection = writingDirection
    self.line = line
    self.snapToLines = snapToLines
    self.lineAlignment = lineAlignment
    self.position = position
    self.positionAlignment = positionAlignment
    self.size = size
    self.textAlignment = textAlignment
  }

  /// The defaults of §6.1 "cue creation".
  public static let `default` = CueSettings()
}
