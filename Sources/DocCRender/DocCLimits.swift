/// Bounds that keep hostile or broken input from using unbounded time, memory or stack.
public struct DocCLimits: Sendable, Equatable {
  /// Largest page accepted, in bytes. Real HIG pages are well under 1 MiB.
  public var maximumByteCount: Int
  /// Deepest nesting of JSON arrays and objects accepted. Real render JSON nests
  /// about 15 levels; the bound protects the recursive decoder and walker.
  public var maximumNestingDepth: Int

  public init(maximumByteCount: Int = 32 << 20, maximumNestingDepth: Int = 128) {
    self.maximumByteCount = maximumByteCount
    self.maximumNestingDepth = maximumNestingDepth
  }

  public static let `default` = DocCLimits()
}
