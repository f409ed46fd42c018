/// What a page of Apple's developer documentation says about itself besides its text, kept
/// for filters and citations: what it documents, in which module, on which platforms since
/// when, and whether it is deprecated or beta. Nil on talks and HIG pages.
public struct DocumentationMetadata: Codable, Sendable, Equatable {
  /// `metadata.role`: `symbol`, `article`, `collection`, `collectionGroup`, `sampleCode`, ...
  public var role: String?
  /// `metadata.symbolKind` for a symbol: `class`, `struct`, `method`, `property`, ...
  public var symbolKind: String?
  /// `metadata.roleHeading`, as the page shows it above the title: `Instance Method`, `Article`.
  public var roleHeading: String?
  /// `metadata.modules` names in order (the framework: `UIKit`, `Foundation`).
  public var modules: [String]
  public var platforms: [PlatformAvailability]
  /// The page's deprecation summary as text (inline references as their titles); nil when
  /// the page has none.
  public var deprecationSummary: String?

  public init(
    role: String? = nil, symbolKind: String? = nil, roleHeading: String? = nil, modules: [String] = [],
    platforms: [PlatformAvailability] = [], deprecationSummary: String? = nil
  ) {
    self.role = role
    self.symbolKind = symbolKind
    self.roleHeading = roleHeading
    self.modules = modules
    self.platforms = platforms
    self.deprecationSummary = deprecationSummary
  }

  /// Deprecated when the page gives a deprecation summary, or every platform it lists
  /// deprecates it (a version or the flag); one platform's deprecation alone is said per
  /// platform, not of the page.
  public var isDeprecated: Bool {
    if deprecationSummary != nil { return true }
    return !platforms.isEmpty && platforms.allSatisfy(\.isDeprecated)
  }

  /// Beta on some platform.
  public var isBeta: Bool { platforms.contains(where: \.isBeta) }

  /// One bit per platform of `PlatformAvailability.indexedPlatforms` the page is available on.
  public var platformMask: UInt16 {
    var mask: UInt16 = 0
    for platform in platforms where !platform.isUnavailable {
      if let bit = PlatformAvailability.indexBit(of: platform.name) { mask |= 1 << UInt16(bit) }
    }
    return mask
  }
}

/// One entry of `metadata.platforms`: a platform and the versions that introduced and
/// deprecated the page's subject there.
public struct PlatformAvailability: Codable, Sendable, Equatable {
  /// `iOS`, `macOS`, `Mac Catalyst`, ... as Apple writes it.
  public var name: String
  public var introduced: String?
  /// `deprecatedAt`.
  public var deprecated: String?
  /// The `deprecated` flag, for a platform that deprecates without a version.
  public var isDeprecatedFlag: Bool
  public var isBeta: Bool
  public var isUnavailable: Bool

  public init(
    name: String, introduced: String? = nil, deprecated: String? = nil, isDeprecatedFlag: Bool = false,
    isBeta: Bool = false, isUnavailable: Bool = false
  ) {
    self.name = name
    self.introduced = introduced
    self.deprecated = deprecated
    self.isDeprecatedFlag = isDeprecatedFlag
    self.isBeta = isBeta
    self.isUnavailable = isUnavailable
  }

  public var isDeprecated: Bool { isDeprecatedFlag || deprecated != nil }

  /// The platforms the index keeps a bit for, in bit order (`platform:` filters by them).
  public static let indexedPlatforms = [
    "iOS", "iPadOS", "macOS", "Mac Catalyst", "tvOS", "watchOS", "visionOS", "DriverKit",
  ]

  /// The bit of a platform name (`ios`, `Mac Catalyst`, `maccatalyst`), compared without
  /// case or spaces; nil for a platform the index has no bit for.
  public static func indexBit(of name: String) -> Int? {
    let folded = String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" })
    return indexedPlatforms.firstIndex { String($0.lowercased().unicodeScalars.filter { $0 != " " }) == folded }
  }

  /// `iOS 2.0–8.0 (deprecated)`, `macOS 10.15+`, `iOS 18.0+ (beta)`, `tvOS (unavailable)`.
  public var summary: String {
    if isUnavailable { return "\(name) (unavailable)" }
    var text = name
    if let introduced { text += " \(introduced)" + (deprecated == nil ? "+" : "") }
    if let deprecated { text += "–\(deprecated)" }
    if isDeprecated { text += " (deprecated)" }
    if isBeta { text += " (beta)" }
    return text
  }
}
