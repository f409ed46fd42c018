/// Bounds on what the parser accepts, so that hostile input costs bounded memory.
public struct TalkPageLimits: Sendable, Equatable {
  /// Larger bodies throw `.tooLarge` before parsing. Real pages are under 1 MiB.
  public var maxBytes: Int
  /// Deeper element nesting throws `.tooDeeplyNested`. Real pages nest about 20 levels;
  /// libxml2 (without XML_PARSE_HUGE, which this parser never sets) stops at 256.
  public var maxDepth: Int

  public init(maxBytes: Int, maxDepth: Int) {
    self.maxBytes = maxBytes
    self.maxDepth = maxDepth
  }

  /// 16 MiB, 200 levels.
  public static let `default` = TalkPageLimits(maxBytes: 16 << 20, maxDepth: 200)
}
