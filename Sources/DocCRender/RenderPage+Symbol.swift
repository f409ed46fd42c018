import JSON

/// What a symbol or article page's `metadata` says of it besides its title, and its
/// `deprecationSummary`: for filters and citations (RenderNode.spec.json
/// `RenderMetadata`, `AvailabilityRenderItem`).
public struct RenderPageMetadata: Sendable, Equatable {
  /// `metadata.symbolKind`: `class`, `struct`, `method`, `property`, ...
  public var symbolKind: String?
  /// `metadata.roleHeading`: `Instance Method`, `Article`, `Framework`.
  public var roleHeading: String?
  /// `metadata.modules[].name`, in order.
  public var modules: [String]
  public var platforms: [RenderPlatform]
  /// `deprecationSummary` as text (inline code and references as their text); "" when none.
  public var deprecationSummary: String

  public init(
    symbolKind: String? = nil, roleHeading: String? = nil, modules: [String] = [], platforms: [RenderPlatform] = [],
    deprecationSummary: String = ""
  ) {
    self.symbolKind = symbolKind
    self.roleHeading = roleHeading
    self.modules = modules
    self.platforms = platforms
    self.deprecationSummary = deprecationSummary
  }
}

/// One `metadata.platforms` entry.
public struct RenderPlatform: Sendable, Equatable {
  public var name: String
  public var introducedAt: String?
  public var deprecatedAt: String?
  public var isDeprecated: Bool
  public var isBeta: Bool
  public var isUnavailable: Bool

  public init(
    name: String, introducedAt: String? = nil, deprecatedAt: String? = nil, isDeprecated: Bool = false,
    isBeta: Bool = false, isUnavailable: Bool = false
  ) {
    self.name = name
    self.introducedAt = introducedAt
    self.deprecatedAt = deprecatedAt
    self.isDeprecated = isDeprecated
    self.isBeta = isBeta
    self.isUnavailable = isUnavailable
  }
}

extension RenderTextWalker {
  /// The page's metadata; an entry without a name, or a value of the wrong type, is left out.
  mutating func pageMetadata(_ root: JSONValue) -> RenderPageMetadata {
    let metadata = root["metadata"]
    var result = RenderPageMetadata()
    result.symbolKind = metadata?["symbolKind"]?.stringValue
    result.roleHeading = metadata?["roleHeading"]?.stringValue
    result.modules = (metadata?["modules"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    result.platforms = (metadata?["platforms"]?.arrayValue ?? []).compactMap { entry in
      guard let name = entry["name"]?.stringValue, !name.isEmpty else { return nil }
      return RenderPlatform(
        name: name, introducedAt: entry["introducedAt"]?.stringValue, deprecatedAt: entry["deprecatedAt"]?.stringValue,
        isDeprecated: entry["deprecated"]?.boolValue ?? false, isBeta: entry["beta"]?.boolValue ?? false,
        isUnavailable: entry["unavailable"]?.boolValue ?? false)
    }
    result.deprecationSummary = blockText(root["deprecationSummary"], path: "deprecationSummary")
    return result
  }

  /// Blocks (paragraphs, or bare `inlineContent` objects) as one line of text, each
  /// block's text trimmed and joined by a space.
  private mutating func blockText(_ value: JSONValue?, path: String) -> String {
    var pieces: [String] = []
    for (index, block) in (value?.arrayValue ?? []).enumerated() {
      let text = inlineText(block["inlineContent"], path: "\(path)[\(index)].inlineContent").trimmingWhitespace()
      if !text.isEmpty { pieces.append(text) }
    }
    return pieces.joined(separator: " ")
  }
}
