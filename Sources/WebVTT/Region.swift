/// A region declared by a `REGION` block (W3C WebVTT §3.5, parsed by §6.2).
public struct Region: Sendable, Equatable {
  public enum Scroll: String, Sendable, Equatable {
    case none = ""
    case up
  }

  public var id: String
  /// Percentage of the video width.
  public var width: Double
  /// Height in lines; saturates at `Int.max`.
  public var lines: Int
  public var regionAnchorX: Double
  public var regionAnchorY: Double
  public var viewportAnchorX: Double
  public var viewportAnchorY: Double
  public var scroll: Scroll

  /// The defaults of §6.1 "region creation".
  public init(
    id: String = "", width: Double = 100, lines: Int = 3, regionAnchorX: Double = 0,
    regionAnchorY: Double = 100, viewportAnchorX: Double = 0, viewportAnchorY: Double = 100,
    scroll: Scroll = .none
  ) {
    self.id = id
    self.width = width
    self.lines = lines
    self.regionAnchorX = regionAnchorX
    self.regionAnchorY = regionAnchorY
    self.viewportAnchorX = viewportAnchorX
    self.viewportAnchorY = viewportAnchorY
    self.scroll = scroll
  }

  /// Collects region settings (§6.2) from the lines of a `REGION` block after its
  /// first. Invalid settings are skipped one by one.
  static func parse(settings text: String) -> Region {
    var region = Region()
    for token in SettingTokens(text) {
      guard let (name, value) = token.nameAndValue else { continue }
      switch name {
      case "id":
        region.id = value
      case "width":
        if let width = Percentage.parse(value[...]) { region.width = width }
      case "lines":
        // Only digits. A number past Int.max saturates to Int.max (a documented
        // limit: the spec's integer is unbounded, browsers hold it in a double).
        guard value.utf8.allSatisfy(\.isASCIIDigit) else { continue }
        region.lines = Int(value) ?? Int.max
      case "regionanchor":
        if let (x, y) = anchor(value) { (region.regionAnchorX, region.regionAnchorY) = (x, y) }
      case "viewportanchor":
        if let (x, y) = anchor(value) {
          (region.viewportAnchorX, region.viewportAnchorY) = (x, y)
        }
      case "scroll":
        if value == "up" { region.scroll = .up }
      default:
        continue
      }
    }
    return region
  }

  /// `X%,Y%`, both percentages.
  private static func anchor(_ value: String) -> (Double, Double)? {
    let (xText, yText) = value.splitAtFirstComma()
    guard let yText, let x = Percentage.parse(xText), let y = Percentage.parse(yText) else {
      return nil
    }
    return (x, y)
  }
}
